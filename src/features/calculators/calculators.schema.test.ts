import { describe, expect, it } from "vitest";
import { calculateRoi, type RoiInputs } from "./calculators.ts";
import { issueRnd, issueRoi } from "./calculators.fixtures.ts";
import { calculatorFromQuery, fieldErrors, rndInputsSchema, roiInputsSchema, submissionSchema } from "./calculators.schema.ts";

describe("input schemas (shared by the forms and the API)", () => {
  const rndOk = { totalWages: "200000", rdTimePercent: "50", supplyCosts: "10000", contractorCosts: "20000", employees: "3" };

  it("accepts strings and JSON numbers and normalizes them to decimal strings", () => {
    expect(rndInputsSchema.parse({ ...rndOk, totalWages: 200000.5, rdTimePercent: " 12.5 " })).toMatchObject({
      totalWages: "200000.5",
      rdTimePercent: "12.5",
    });
    expect(roiInputsSchema.parse({ ...issueRoi, currentRevenue: "1e5" }).currentRevenue).toBe("100000");
  });

  it("enforces the bounds: timeframe 1..60, percent 0..100, employees whole and ≥ 0, amounts ≥ 0", () => {
    const roiErr = (patch: Partial<Record<keyof RoiInputs, unknown>>) => {
      const r = roiInputsSchema.safeParse({ ...issueRoi, ...patch });
      return r.success ? null : fieldErrors(r.error);
    };
    const rndErr = (patch: Record<string, unknown>) => {
      const r = rndInputsSchema.safeParse({ ...rndOk, ...patch });
      return r.success ? null : fieldErrors(r.error);
    };
    expect(roiErr({ timeframe: "0" })).toEqual({ timeframe: "Timeframe must be between 1 and 60 months" });
    expect(roiErr({ timeframe: "61" })).toEqual({ timeframe: "Timeframe must be between 1 and 60 months" });
    expect(roiErr({ timeframe: "1" })).toBeNull();
    expect(roiErr({ timeframe: "60" })).toBeNull();
    expect(roiErr({ timeframe: "12.5" })).toEqual({ timeframe: "Timeframe must be a whole number" });
    expect(roiErr({ currentCosts: "-1" })).toEqual({ currentCosts: expect.stringMatching(/^Current annual costs must be 0 or more/) });
    expect(roiErr({ currentCosts: "abc" })).toEqual({ currentCosts: "Current annual costs must be a number" });
    expect(roiErr({ currentCosts: "" })).toEqual({ currentCosts: "Current annual costs is required" });
    expect(roiErr({ currentCosts: undefined })).toEqual({ currentCosts: "Current annual costs is required" });
    expect(roiErr({ currentCosts: "1.234" })).toEqual({ currentCosts: "Current annual costs can have at most 2 decimal places" });
    expect(roiErr({ currentCosts: "1000000000000" })).not.toBeNull();
    expect(roiErr({ currentCosts: true })).toEqual({ currentCosts: "Current annual costs must be a number" });
    expect(rndErr({ rdTimePercent: "100.01" })).toEqual({ rdTimePercent: "Time spent on R&D must be between 0 and 100 percent" });
    expect(rndErr({ rdTimePercent: "-0.5" })).toEqual({ rdTimePercent: "Time spent on R&D must be between 0 and 100 percent" });
    expect(rndErr({ rdTimePercent: "0" })).toBeNull();
    expect(rndErr({ rdTimePercent: "100" })).toBeNull();
    expect(rndErr({ employees: "-1" })).toEqual({ employees: "Number of employees must be 0 or more" });
    expect(rndErr({ employees: "2.5" })).toEqual({ employees: "Number of employees must be a whole number" });
    expect(rndInputsSchema.parse({ ...rndOk, employees: "" }).employees).toBe("0");
  });

  it("submission: names no address and no name (the account's are used)", () => {
    expect(submissionSchema.parse({ calculatorType: "roi", inputs: issueRoi })).toEqual({ calculatorType: "roi", inputs: issueRoi });
    const other = submissionSchema.safeParse({ calculatorType: "roi", inputs: issueRoi, email: "someone@else.example" });
    expect(other.success ? null : fieldErrors(other.error)).toEqual({ email: "Results are sent to your account's email address" });
    const named = submissionSchema.safeParse({ calculatorType: "roi", inputs: issueRoi, name: "Dear friend" });
    expect(named.success ? null : fieldErrors(named.error)).toEqual({ name: "Results are addressed to the name of your account" });
  });

  it("submission: drops client results and refuses an unknown calculator type", () => {
    const ok = submissionSchema.parse({ calculatorType: "roi", inputs: issueRoi, results: { annualSavings: "1" } });
    expect(ok).not.toHaveProperty("results");
    const bad = submissionSchema.safeParse({ calculatorType: "mortgage", inputs: issueRoi });
    expect(bad.success ? null : fieldErrors(bad.error)).toEqual({ calculatorType: "calculatorType must be roi or rnd_tax_credit" });
  });
});

describe("calculatorFromQuery (the form submitted before JavaScript runs)", () => {
  it("computes on the server when every value is accepted", () => {
    const q = new URLSearchParams({ ...issueRoi, unrelated: "x" });
    const r = calculatorFromQuery("roi", q)!;
    expect(r.fields).toEqual({});
    expect(r.calc).toEqual({ calculatorType: "roi", inputs: issueRoi, results: calculateRoi(issueRoi) });
  });

  it("gives the values back with the messages when one is refused", () => {
    const r = calculatorFromQuery("rnd_tax_credit", new URLSearchParams({ ...issueRnd, rdTimePercent: "150" }))!;
    expect(r.calc).toBeNull();
    expect(r.values.rdTimePercent).toBe("150");
    expect(r.fields).toEqual({ rdTimePercent: "Time spent on R&D must be between 0 and 100 percent" });
  });

  it("is null when the query holds none of the calculator's fields", () => {
    expect(calculatorFromQuery("roi", new URLSearchParams({ submission: "x" }))).toBeNull();
    expect(calculatorFromQuery("roi", new URLSearchParams(issueRnd as unknown as Record<string, string>))).toBeNull();
  });
});
