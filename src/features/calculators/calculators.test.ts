import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calculateRnd,
  calculateRoi,
  Dec as Decimal,
  formatCurrency,
  formatMonths,
  formatNumber,
  formatPercent,
  rndReport,
  roiReport,
} from "./calculators.ts";
import { issueRnd, issueRoi, issueRoiResults } from "./calculators.fixtures.ts";
import { roiInputsSchema } from "./calculators.schema.ts";

describe("ROI formulas", () => {
  it("gives the issue's figures: savings 15,000, ROI 50%, payback 24 months", () => {
    const r = calculateRoi(issueRoi);
    expect(r).toEqual(issueRoiResults);
    const report = roiReport(issueRoi, r);
    expect(report.highlights.map((h) => h.value)).toEqual(["$15,000.00", "50%", "24 months"]);
  });

  it("annualizes the profit change over the timeframe: × 12 / timeframe", () => {
    expect(calculateRoi({ ...issueRoi, timeframe: "6" }).annualSavings).toBe("30000");
    expect(calculateRoi({ ...issueRoi, timeframe: "24" }).annualSavings).toBe("7500");
    expect(calculateRoi({ ...issueRoi, timeframe: "60" }).annualSavings).toBe("3000");
    // 15,000 × 12 / 7 does not terminate: kept at full precision, rounded only for display.
    const seven = calculateRoi({ ...issueRoi, timeframe: "7" });
    expect(seven.annualSavings.startsWith("25714.28571428571428571")).toBe(true);
    expect(formatCurrency(seven.annualSavings)).toBe("$25,714.29");
  });

  it("defaults the timeframe to 12 months", () => {
    const { timeframe: _omit, ...rest } = issueRoi;
    expect(calculateRoi(rest)).toEqual(calculateRoi(issueRoi));
    expect(roiInputsSchema.parse({ ...rest }).timeframe).toBe("12");
    expect(roiInputsSchema.parse({ ...rest, timeframe: "" }).timeframe).toBe("12");
  });

  it("ROI is 0 and payback is 0 when the implementation cost is 0", () => {
    const r = calculateRoi({ ...issueRoi, implementationCost: "0" });
    expect(r.roiPercent).toBe("0");
    expect(r.paybackMonths).toBe("0");
    expect(r.totalReturn).toBe("15000");
  });

  it("payback is 0 when savings are zero or negative; ROI and total return follow the loss", () => {
    const flat = calculateRoi({ ...issueRoi, projectedRevenue: "100000", projectedCosts: "80000" });
    expect(flat.annualSavings).toBe("0");
    expect(flat.paybackMonths).toBe("0");
    expect(flat.roiPercent).toBe("0");
    const loss = calculateRoi({ ...issueRoi, projectedRevenue: "95000", projectedCosts: "80000" });
    expect(loss.annualSavings).toBe("-5000");
    expect(loss.paybackMonths).toBe("0");
    expect(loss.roiPercent).toMatch(/^-16\.6666/);
    expect(loss.totalReturn).toBe("-35000");
    expect(formatCurrency(loss.totalReturn)).toBe("-$35,000.00");
  });

  it("shows the payback of an investment that never pays back as Never, and says why; the stored value stays 0", () => {
    for (const projected of [
      { projectedRevenue: "100000", projectedCosts: "80000" },
      { projectedRevenue: "95000", projectedCosts: "80000" },
    ]) {
      const inputs = { ...issueRoi, ...projected };
      const results = calculateRoi(inputs);
      expect(results.paybackMonths).toBe("0");
      const report = roiReport(inputs, results);
      expect(report.highlights.find((h) => h.label === "Payback Period")?.value).toBe("Never");
      expect(report.results.find((h) => h.label === "Payback Period")?.value).toBe("Never");
      expect(report.method?.paragraphs.join(" ")).toMatch(/never recovered/);
    }
    // Nothing to recover: no cost means no wait.
    const free = { ...issueRoi, implementationCost: "0" };
    expect(roiReport(free, calculateRoi(free)).highlights.find((h) => h.label === "Payback Period")?.value).toBe("0 months");
    expect(roiReport(issueRoi, calculateRoi(issueRoi)).method).toBeNull();
  });

  it("cents add up exactly (no binary float drift)", () => {
    const r = calculateRoi({
      currentRevenue: "0.3",
      currentCosts: "0.1",
      projectedRevenue: "0.7",
      projectedCosts: "0.2",
      implementationCost: "0.3",
      timeframe: "12",
    });
    expect(r.currentProfit).toBe("0.2");
    expect(r.annualSavings).toBe("0.3");
    expect(r.roiPercent).toBe("100");
    expect(r.paybackMonths).toBe("12");
  });
});

describe("R&D credit formulas", () => {
  it("gives the issue's figures: qualified 119,500, credit 16,730, savings 28,680", () => {
    const r = calculateRnd(issueRnd);
    expect(r).toEqual({
      qualifiedWages: "100000",
      qualifiedSupplies: "6500",
      qualifiedContractor: "13000",
      totalQualified: "119500",
      estimatedCredit: "16730",
      potentialSavings: "28680",
    });
    expect(rndReport(issueRnd, r).highlights.map((h) => h.value)).toEqual(["$119,500.00", "$16,730.00", "$28,680.00"]);
  });

  it("explains the method: the 65%, 14% and 10% rates, and that it is an estimate, not tax advice", () => {
    const text = rndReport(issueRnd, calculateRnd(issueRnd)).method!.paragraphs.join(" ");
    expect(text).toContain("times the share of time spent on R&D (50%)");
    expect(text).toContain("Qualified supplies and qualified contractor costs are each 65% of the amount you entered");
    expect(text).toContain("The estimated credit is 14% of total qualified expenses");
    expect(text).toContain("the estimated credit plus a further 10% of total qualified expenses");
    expect(text).toContain("This is an estimate for planning, not tax advice");
  });

  it("time percent 0 and 100 bound the qualified wages; employees do not change any figure", () => {
    expect(calculateRnd({ ...issueRnd, rdTimePercent: "0" }).qualifiedWages).toBe("0");
    expect(calculateRnd({ ...issueRnd, rdTimePercent: "100" }).qualifiedWages).toBe("200000");
    expect(calculateRnd({ ...issueRnd, employees: "0" })).toEqual(calculateRnd({ ...issueRnd, employees: "5000" }));
  });

  it("all zero inputs give zero everywhere", () => {
    const r = calculateRnd({ totalWages: "0", rdTimePercent: "0", supplyCosts: "0", contractorCosts: "0" });
    expect(Object.values(r)).toEqual(["0", "0", "0", "0", "0", "0"]);
  });

  it("keeps sub-cent precision until display", () => {
    const r = calculateRnd({ totalWages: "0.01", rdTimePercent: "33.33", supplyCosts: "0.01", contractorCosts: "0" });
    expect(r.qualifiedWages).toBe("0.003333");
    expect(r.qualifiedSupplies).toBe("0.0065");
    expect(r.totalQualified).toBe("0.009833");
    expect(formatCurrency(r.totalQualified)).toBe("$0.01");
  });
});

const cents = fc.bigInt({ min: 0n, max: 99_999_999_999_999n }).map((c) => new Decimal(c.toString()).div(100).toFixed());
const percent = fc.integer({ min: 0, max: 10_000 }).map((p) => new Decimal(p).div(100).toFixed());
const months = fc.integer({ min: 1, max: 60 }).map(String);

describe("invariants (property tests)", () => {
  it("R&D: credit = 14% of total; savings = credit + 10% of total; total = sum of the parts", () => {
    fc.assert(
      fc.property(cents, percent, cents, cents, (totalWages, rdTimePercent, supplyCosts, contractorCosts) => {
        const r = calculateRnd({ totalWages, rdTimePercent, supplyCosts, contractorCosts });
        const total = new Decimal(r.totalQualified);
        expect(new Decimal(r.estimatedCredit).eq(total.times("0.14"))).toBe(true);
        expect(new Decimal(r.potentialSavings).eq(new Decimal(r.estimatedCredit).plus(total.times("0.1")))).toBe(true);
        expect(total.eq(new Decimal(r.qualifiedWages).plus(r.qualifiedSupplies).plus(r.qualifiedContractor))).toBe(true);
        expect(new Decimal(r.qualifiedWages).lte(totalWages)).toBe(true);
      }),
    );
  });

  it("ROI: the sign of ROI % follows the sign of annual savings (when there is a cost); payback only for positive savings", () => {
    fc.assert(
      fc.property(
        cents,
        cents,
        cents,
        cents,
        cents,
        months,
        (currentRevenue, currentCosts, projectedRevenue, projectedCosts, cost, timeframe) => {
          const r = calculateRoi({ currentRevenue, currentCosts, projectedRevenue, projectedCosts, implementationCost: cost, timeframe });
          const savings = new Decimal(r.annualSavings);
          const roi = new Decimal(r.roiPercent);
          if (new Decimal(cost).isZero()) expect(roi.isZero()).toBe(true);
          else expect(roi.comparedTo(0)).toBe(savings.comparedTo(0));
          if (savings.lte(0)) expect(new Decimal(r.paybackMonths).isZero()).toBe(true);
          else expect(new Decimal(r.paybackMonths).gte(0)).toBe(true);
          expect(new Decimal(r.totalReturn).eq(savings.minus(cost))).toBe(true);
        },
      ),
    );
  });

  it("ROI: the profit change is annualized exactly, savings × timeframe / 12 = projected − current profit", () => {
    fc.assert(
      fc.property(cents, cents, cents, cents, months, (currentRevenue, currentCosts, projectedRevenue, projectedCosts, timeframe) => {
        const r = calculateRoi({ currentRevenue, currentCosts, projectedRevenue, projectedCosts, implementationCost: "1", timeframe });
        const change = new Decimal(r.projectedProfit).minus(r.currentProfit);
        expect(new Decimal(r.annualSavings).times(timeframe).div(12).minus(change).abs().lt("1e-20")).toBe(true);
      }),
    );
  });

  it("formatCurrency agrees with Intl en-US for amounts with cents", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 }), (c) => {
        expect(formatCurrency(new Decimal(c).div(100).toFixed())).toBe(intl.format(c / 100));
      }),
    );
  });
});

describe("display", () => {
  it("formats money as $1,234.56, half-up to cents", () => {
    expect(formatCurrency("1234.56")).toBe("$1,234.56");
    expect(formatCurrency("0")).toBe("$0.00");
    expect(formatCurrency("0.005")).toBe("$0.01");
    expect(formatCurrency("-0.001")).toBe("$0.00");
    expect(formatCurrency("999999999999.99")).toBe("$999,999,999,999.99");
    expect(formatCurrency("1234567890123456789.125")).toBe("$1,234,567,890,123,456,789.13");
  });

  it("formats percents and months with at most two decimals", () => {
    expect(formatPercent("50")).toBe("50%");
    expect(formatPercent("33.33333")).toBe("33.33%");
    expect(formatMonths("24")).toBe("24 months");
    expect(formatMonths("1")).toBe("1 month");
    expect(formatMonths("6.666666")).toBe("6.67 months");
    expect(formatNumber("1234567")).toBe("1,234,567");
  });
});
