import { describe, expect, it } from "vitest";
import { analysisDocument } from "./calculators-mail.server.ts";
import { renderAnalysisPdf } from "./calculators-pdf.server.ts";
import { calculate } from "./calculators.ts";
import { mediaBoxes, pdfLines, pdfText } from "../../../tests/support/pdf.ts";

describe("analysis PDF", () => {
  const when = new Date("2026-03-02T10:00:00Z");
  const rnd = calculate({
    calculatorType: "rnd_tax_credit",
    inputs: { totalWages: "200000", rdTimePercent: "50", supplyCosts: "10000", contractorCosts: "20000", employees: "8" },
  });

  it("is one US Letter page (612 x 792 points)", async () => {
    const pdf = await renderAnalysisPdf(analysisDocument(rnd, when, "Dana"));
    expect(mediaBoxes(pdf)).toEqual(["0 0 612 792"]);
  });

  it("explains the R&D method under the results", async () => {
    const text = pdfText(await renderAnalysisPdf(analysisDocument(rnd, when, null)));
    expect(text).toContain("How this estimate is worked out");
    expect(text).toContain("Qualified supplies and qualified contractor costs are each 65% of the amount you entered");
    expect(text).toContain("The estimated credit is 14% of total qualified expenses.");
    expect(text).toContain("a further 10% of total qualified expenses");
    expect(text).toContain("not tax advice");
  });

  it("shows Never for an ROI investment that never pays back", async () => {
    const roi = calculate({
      calculatorType: "roi",
      inputs: {
        currentRevenue: "100000",
        currentCosts: "80000",
        projectedRevenue: "95000",
        projectedCosts: "80000",
        implementationCost: "30000",
        timeframe: "12",
      },
    });
    const lines = pdfLines(await renderAnalysisPdf(analysisDocument(roi, when, null)));
    expect(lines).toContain("Never");
    expect(lines).not.toContain("0 months");
  });
});
