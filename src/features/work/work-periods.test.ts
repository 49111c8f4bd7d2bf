import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addDays } from "~/lib/format.ts";
import { dueDate, instanceName, isWorkingDay, nextPeriod, periodOf, type DueRule } from "./work-periods.ts";

const none = new Set<string>();
const rule = (r: Partial<DueRule>): DueRule => ({ due_kind: "day_of_month", due_day: 15, due_months: 1, due_shift: "after", ...r });

describe("work periods", () => {
  it("months, quarters and years hold the date", () => {
    expect(periodOf("monthly", "2026-02-14")).toEqual({ start: "2026-02-01", end: "2026-02-28" });
    expect(periodOf("monthly", "2028-02-29")).toEqual({ start: "2028-02-01", end: "2028-02-29" });
    expect(periodOf("quarterly", "2026-11-27")).toEqual({ start: "2026-10-01", end: "2026-12-31" });
    expect(periodOf("yearly", "2026-11-27")).toEqual({ start: "2026-01-01", end: "2026-12-31" });
    expect(periodOf("once", "2026-11-27")).toEqual({ start: "2026-11-27", end: "2026-11-27" });
  });

  it("a year is the organization's fiscal year", () => {
    expect(periodOf("yearly", "2026-03-10", 7)).toEqual({ start: "2025-07-01", end: "2026-06-30" });
    expect(periodOf("yearly", "2026-07-01", 7)).toEqual({ start: "2026-07-01", end: "2027-06-30" });
    expect(nextPeriod("yearly", periodOf("yearly", "2026-03-10", 7))).toEqual({ start: "2026-07-01", end: "2027-06-30" });
    expect(instanceName("Year-end package", "yearly", periodOf("yearly", "2026-03-10", 7))).toBe(
      "Year-end package — year ending June 2026",
    );
    // Months and quarters stay the calendar's.
    expect(periodOf("quarterly", "2026-03-10", 7)).toEqual({ start: "2026-01-01", end: "2026-03-31" });
  });

  it("names an instance by its period", () => {
    expect(instanceName("Close", "monthly", periodOf("monthly", "2026-10-03"))).toBe("Close — October 2026");
    expect(instanceName("VAT", "quarterly", periodOf("quarterly", "2026-10-03"))).toBe("VAT — Q4 2026");
    expect(instanceName("Year end", "yearly", periodOf("yearly", "2026-10-03"))).toBe("Year end — 2026");
  });

  it("the next period follows without a gap or an overlap", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("monthly", "quarterly", "yearly" as const),
        fc.date({ min: new Date("2000-01-01"), max: new Date("2090-12-31"), noInvalidDate: true }),
        (frequency, d) => {
          const p = periodOf(frequency, d.toISOString().slice(0, 10));
          const n = nextPeriod(frequency, p)!;
          const dayAfter = new Date(`${p.end}T00:00:00Z`);
          dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
          expect(n.start).toBe(dayAfter.toISOString().slice(0, 10));
          expect(n.start <= n.end).toBe(true);
        },
      ),
    );
    expect(nextPeriod("once", periodOf("once", "2026-01-01"))).toBeNull();
  });

  it("due on a day of a later month, the last day when the month is shorter", () => {
    const oct = periodOf("monthly", "2026-10-01");
    expect(dueDate(rule({ due_day: 16 }), oct, none)).toBe("2026-11-16"); // a Monday
    // 28 February 2027, the month's last day, is a Sunday.
    const dec = periodOf("monthly", "2026-12-01");
    expect(dueDate(rule({ due_day: 31, due_months: 2 }), dec, none)).toBe("2027-03-01");
    expect(dueDate(rule({ due_day: 31, due_months: 2, due_shift: "before" }), dec, none)).toBe("2027-02-26");
  });

  it("a weekend or a holiday moves the due date after or before, as the template says", () => {
    const oct = periodOf("monthly", "2026-10-01");
    // 15 November 2026 is a Sunday.
    expect(dueDate(rule({}), oct, none)).toBe("2026-11-16");
    expect(dueDate(rule({ due_shift: "before" }), oct, none)).toBe("2026-11-13");
    // Monday 16 November a holiday too: after moves on to Tuesday.
    expect(dueDate(rule({}), oct, new Set(["2026-11-16"]))).toBe("2026-11-17");
  });

  it("the nth working day after the period skips weekends and holidays", () => {
    const oct = periodOf("monthly", "2026-10-01"); // 31 October 2026 is a Saturday
    expect(dueDate(rule({ due_kind: "business_day", due_day: 1 }), oct, none)).toBe("2026-11-02");
    expect(dueDate(rule({ due_kind: "business_day", due_day: 5 }), oct, none)).toBe("2026-11-06");
    expect(dueDate(rule({ due_kind: "business_day", due_day: 5 }), oct, new Set(["2026-11-03"]))).toBe("2026-11-09");
  });

  it("a due date is always a working day, after the period's end or at most a weekend before it (moved back)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("monthly", "quarterly", "yearly", "once" as const),
        fc.date({ min: new Date("2000-01-01"), max: new Date("2090-12-31"), noInvalidDate: true }),
        fc.record({
          due_kind: fc.constantFrom("day_of_month", "business_day" as const),
          due_day: fc.integer({ min: 1, max: 31 }),
          due_months: fc.integer({ min: 1, max: 12 }),
          due_shift: fc.constantFrom("before", "after" as const),
        }),
        (frequency, d, r) => {
          const p = periodOf(frequency, d.toISOString().slice(0, 10));
          const due = dueDate(r, p, none);
          expect(isWorkingDay(due, none)).toBe(true);
          // "The 1st of the month after, or the working day before" can fall on the period's last working day.
          expect(due > (r.due_shift === "before" ? addDays(p.end, -3) : p.end)).toBe(true);
        },
      ),
    );
  });
});
