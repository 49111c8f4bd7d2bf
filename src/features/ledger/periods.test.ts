import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonths, fiscalYearStart, presetPeriod, previousPeriod, previousPosition, previousYear, PERIOD_PRESETS } from "./periods.ts";

describe("report periods", () => {
  it("presets on a calendar year", () => {
    const on = (p: (typeof PERIOD_PRESETS)[number]) => presetPeriod(p, "2026-11-26", 1);
    expect(on("this_month")).toEqual({ start: "2026-11-01", end: "2026-11-30" });
    expect(on("last_month")).toEqual({ start: "2026-10-01", end: "2026-10-31" });
    expect(on("this_quarter")).toEqual({ start: "2026-10-01", end: "2026-12-31" });
    expect(on("last_quarter")).toEqual({ start: "2026-07-01", end: "2026-09-30" });
    expect(on("year_to_date")).toEqual({ start: "2026-01-01", end: "2026-11-26" });
    expect(on("last_fiscal_year")).toEqual({ start: "2025-01-01", end: "2025-12-31" });
    expect(presetPeriod("last_month", "2026-01-15", 1)).toEqual({ start: "2025-12-01", end: "2025-12-31" });
    expect(presetPeriod("last_quarter", "2026-02-10", 1)).toEqual({ start: "2025-10-01", end: "2025-12-31" });
  });

  it("presets on a fiscal year starting in April", () => {
    const on = (p: (typeof PERIOD_PRESETS)[number], today = "2026-11-26") => presetPeriod(p, today, 4);
    expect(on("this_quarter")).toEqual({ start: "2026-10-01", end: "2026-12-31" });
    expect(on("last_quarter")).toEqual({ start: "2026-07-01", end: "2026-09-30" });
    expect(on("year_to_date")).toEqual({ start: "2026-04-01", end: "2026-11-26" });
    expect(on("last_fiscal_year")).toEqual({ start: "2025-04-01", end: "2026-03-31" });
    expect(on("year_to_date", "2026-02-14")).toEqual({ start: "2025-04-01", end: "2026-02-14" });
    expect(on("last_fiscal_year", "2026-02-14")).toEqual({ start: "2024-04-01", end: "2025-03-31" });
    // Quarters counted from the year's first month: with a February start, Q1 is February to April.
    expect(presetPeriod("this_quarter", "2026-03-10", 2)).toEqual({ start: "2026-02-01", end: "2026-04-30" });
    expect(presetPeriod("this_quarter", "2026-01-10", 2)).toEqual({ start: "2025-11-01", end: "2026-01-31" });
  });

  it("any preset on any day and fiscal year: a period that holds the day (the past ones end before it)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.integer({ min: 1, max: 12 }),
        (d, startMonth) => {
          const today = d.toISOString().slice(0, 10);
          for (const p of PERIOD_PRESETS) {
            const { start, end } = presetPeriod(p, today, startMonth);
            expect(start <= end).toBe(true);
            if (p.startsWith("last")) expect(end < today).toBe(true);
            else expect(start <= today && today <= end).toBe(true);
          }
          const year = presetPeriod("last_fiscal_year", today, startMonth);
          expect(addMonths(year.start, 12)).toBe(fiscalYearStart(today, startMonth));
          expect(Number(fiscalYearStart(today, startMonth).slice(5, 7))).toBe(startMonth);
        },
      ),
    );
  });

  it("the period before and the same period last year", () => {
    expect(previousPeriod({ start: "2026-10-01", end: "2026-10-31" })).toEqual({ start: "2026-09-01", end: "2026-09-30" });
    expect(previousPeriod({ start: "2026-03-01", end: "2026-03-31" })).toEqual({ start: "2026-02-01", end: "2026-02-28" });
    expect(previousPeriod({ start: "2026-01-01", end: "2026-03-31" })).toEqual({ start: "2025-10-01", end: "2025-12-31" });
    expect(previousPeriod({ start: "2026-01-01", end: "2026-12-31" })).toEqual({ start: "2025-01-01", end: "2025-12-31" });
    expect(previousPeriod({ start: "2026-11-15", end: "2026-11-30" })).toEqual({ start: "2026-10-30", end: "2026-11-14" });
    expect(previousYear({ start: "2024-02-01", end: "2024-02-29" })).toEqual({ start: "2023-02-01", end: "2023-02-28" });
    expect(previousYear({ start: "2026-01-01", end: "2026-11-26" })).toEqual({ start: "2025-01-01", end: "2025-11-26" });
    expect(previousPosition({ start: "2026-10-01", end: "2026-10-31" })).toBe("2026-09-30");
    expect(previousPosition({ start: "2026-10-31", end: "2026-10-31" })).toBe("2026-09-30");
    expect(previousPosition({ start: "2026-03-31", end: "2026-03-31" })).toBe("2026-02-28");
  });
});
