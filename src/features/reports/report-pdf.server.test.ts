import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { AppError } from "~/server/http/app-error.ts";
import { pdfBytes } from "~/server/pdf.server.ts";
import { MAX_PRINTED_LINES, type PrintableReport, type PrintRow } from "./report-print.ts";
import { reportPdf, reportsPdf } from "./report-pdf.server.ts";

const pdfToText = (bytes: Buffer) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes }).toString("utf8");
const pageCount = (bytes: Buffer) => Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", ["-"], { input: bytes }).toString("utf8"))?.[1]);

/** A general ledger of `n` lines as printed (the renderer's input), built in memory. */
function ledger(n: number, description = (i: number) => `Sale to customer ${i} invoice INV-${100000 + i}`): PrintableReport {
  const line = (i: number): PrintRow => ({
    kind: "line",
    depth: 0,
    cells: [
      "2026-10-15",
      `JE-${String(i + 1).padStart(5, "0")}`,
      description(i),
      "4000 Sales Revenue",
      "$12.50",
      "",
      `$${((i + 1) * 12.5).toFixed(2)}`,
    ],
  });
  const amount = (head: string) => ({ head, align: "right" as const, width: 0.12 });
  return {
    title: "General Ledger",
    organization: "Harbor Lights Bakery",
    period: "October 1, 2026 to October 31, 2026",
    columns: [
      { head: "Date", align: "left", width: 0.1 },
      { head: "Entry", align: "left", width: 0.09 },
      { head: "Description", align: "left", width: 0.25 },
      { head: "Counter account", align: "left", width: 0.2 },
      amount("Debit"),
      amount("Credit"),
      amount("Balance"),
    ],
    rows: [
      { kind: "section", label: "1000 Cash" },
      { kind: "subtotal", cells: ["2026-10-01", "", "Opening balance", "", "", "", "$0.00"] },
      ...Array.from({ length: n }, (_, i) => line(i)),
      { kind: "total", cells: ["2026-10-31", "", "Closing balance", "", "", "", `$${(n * 12.5).toFixed(2)}`] },
    ],
  };
}

/** Every page's footer, in order: the page numbers and the count each names. */
const footers = (text: string) => [...text.matchAll(/Page (\d+) of (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe("reports as PDF", () => {
  it("numbers every page 'Page n of N' with N the real number of pages, a cover and several reports together", async () => {
    const bytes = await pdfBytes(
      reportsPdf([ledger(180), ledger(3)], {
        title: "Month-end pack",
        author: "Ledgerline Advisors",
        cover: { organization: "Harbor Lights Bakery", title: "Month-end pack", subtitle: "October 2026", facts: [["Period", "October"]] },
      }),
    );
    const pages = pageCount(bytes);
    expect(pages).toBeGreaterThan(3);
    expect(footers(pdfToText(bytes))).toEqual(Array.from({ length: pages }, (_, i) => [i + 1, pages]));
  });

  it("writes a section's head across the page, whole, and names it again atop each page its lines run onto", async () => {
    const report = ledger(150);
    const name = "2100 Accrued Liabilities and Other Payables of the Bakery";
    report.rows[0] = { kind: "section", label: name };
    const bytes = await pdfBytes(reportPdf(report));
    const pages = pageCount(bytes);
    expect(pages).toBeGreaterThan(2);
    const byPage = pdfToText(bytes).split("\f").slice(0, pages);
    expect(byPage[0]).toMatch(new RegExp(`^\\s*${name}\\s*$`, "m"));
    for (const page of byPage.slice(1)) expect(page).toMatch(new RegExp(`^\\s*${name} \\(continued\\)\\s*$`, "m"));
  });

  it("cuts a cell too tall for a page short (ending in '…'), so the page count stays true", async () => {
    const long = (i: number) => (i === 1 ? "Very long description ".repeat(400) : `Line ${i}`);
    const bytes = await pdfBytes(reportPdf(ledger(40, long)));
    const pages = pageCount(bytes);
    const text = pdfToText(bytes);
    expect(footers(text)).toEqual(Array.from({ length: pages }, (_, i) => [i + 1, pages]));
    expect(text).toContain("…");
    expect(text).toContain("Line 39");
  });

  it(`refuses more than ${MAX_PRINTED_LINES} lines before drawing anything, saying what to do instead`, () => {
    let refusal: unknown;
    try {
      reportPdf(ledger(MAX_PRINTED_LINES + 1));
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 400, code: "INVALID_INPUT" });
    expect((refusal as AppError).message).toBe(
      "This report has 10,001 lines; a PDF holds at most 10,000. Choose a shorter period, or download the CSV.",
    );
  });

  it("draws a long ledger in slices: other work runs all along, never held up for long", async () => {
    const report = ledger(1000);
    let ticks = 0;
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      ticks++;
    }, 2);
    const started = performance.now();
    const bytes = await pdfBytes(reportPdf(report));
    const took = performance.now() - started;
    longest = Math.max(longest, performance.now() - last);
    clearInterval(ticker);
    expect(pageCount(bytes)).toBeGreaterThan(18);
    // Drawn in one piece, nothing else would run until the end: one wait as long as the whole drawing. The bounds
    // leave room for a busy machine, where the process itself waits for a processor now and then.
    expect(ticks).toBeGreaterThan(took / 50);
    expect(longest).toBeLessThan(took / 3);
  });
});
