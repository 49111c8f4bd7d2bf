import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { nextRunOnOrAfter, previousDay, runDates, scheduleLabel, type Frequency, type Schedule } from "./recurrence.ts";

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

describe("runDates: the dates a recurring entry runs on", () => {
  it("monthly on the last day: the end of each month, February's 28th or 29th", () => {
    const s: Schedule = { frequency: "monthly", day_of_month: 31, start_date: "2028-01-31" };
    expect(runDates(s, null, 5)).toEqual(["2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30", "2028-05-31"]);
    expect(runDates({ ...s, start_date: "2027-01-01" }, null, 3)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31"]);
  });

  it("the 30th falls on February's last day, then back on the 30th", () => {
    const s: Schedule = { frequency: "monthly", day_of_month: 30, start_date: "2026-01-15" };
    expect(runDates(s, null, 3)).toEqual(["2026-01-30", "2026-02-28", "2026-03-30"]);
  });

  it("a day before the start date's day: the first run is next period", () => {
    expect(runDates({ frequency: "monthly", day_of_month: 1, start_date: "2026-03-15" }, null, 2)).toEqual(["2026-04-01", "2026-05-01"]);
    expect(runDates({ frequency: "quarterly", day_of_month: 10, start_date: "2026-01-20" }, null, 3)).toEqual([
      "2026-04-10",
      "2026-07-10",
      "2026-10-10",
    ]);
  });

  it("quarterly and yearly; yearly on February 29 falls on the 28th in other years", () => {
    expect(runDates({ frequency: "quarterly", day_of_month: 31, start_date: "2026-11-30" }, null, 3)).toEqual([
      "2026-11-30",
      "2027-02-28",
      "2027-05-31",
    ]);
    expect(runDates({ frequency: "yearly", day_of_month: 29, start_date: "2028-02-29" }, null, 3)).toEqual([
      "2028-02-29",
      "2029-02-28",
      "2030-02-28",
    ]);
  });

  it("none after the end date; after a given date, exclusive", () => {
    const s: Schedule = { frequency: "monthly", day_of_month: 5, start_date: "2026-01-05", end_date: "2026-03-05" };
    expect(runDates(s, null, 10)).toEqual(["2026-01-05", "2026-02-05", "2026-03-05"]);
    expect(runDates(s, "2026-02-05", 10)).toEqual(["2026-03-05"]);
    expect(runDates(s, "2026-03-05", 10)).toEqual([]);
    expect(nextRunOnOrAfter(s, "2026-02-05")).toBe("2026-02-05");
    expect(nextRunOnOrAfter(s, "2026-02-06")).toBe("2026-03-05");
    expect(nextRunOnOrAfter(s, "2026-03-06")).toBeNull();
  });

  it("previousDay crosses months and leap years", () => {
    expect(previousDay("2028-03-01")).toBe("2028-02-29");
    expect(previousDay("2027-01-01")).toBe("2026-12-31");
  });

  it("labels", () => {
    expect(scheduleLabel({ frequency: "monthly", day_of_month: 15 })).toBe("Monthly on the 15th");
    expect(scheduleLabel({ frequency: "quarterly", day_of_month: 31 })).toBe("Quarterly on the last day");
    expect(scheduleLabel({ frequency: "yearly", day_of_month: 2 })).toBe("Yearly on the 2nd");
  });

  const schedules = fc
    .record({
      frequency: fc.constantFrom<Frequency>("monthly", "quarterly", "yearly"),
      day_of_month: fc.integer({ min: 1, max: 31 }),
      start: fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2190-12-31T00:00:00Z"), noInvalidDate: true }),
    })
    .map(({ start, ...s }): Schedule => ({ ...s, start_date: start.toISOString().slice(0, 10) }));

  it("property: increasing dates on or after the start, one per period, on the day or the month's last day", () => {
    fc.assert(
      fc.property(schedules, (s) => {
        const dates = runDates(s, null, 30);
        const step = { monthly: 1, quarterly: 3, yearly: 12 }[s.frequency];
        expect(dates).toHaveLength(30);
        expect(dates[0]! >= s.start_date).toBe(true);
        for (const [i, d] of dates.entries()) {
          const [y, m, day] = d.split("-").map(Number) as [number, number, number];
          expect(day).toBe(Math.min(s.day_of_month, lastDay(y, m)));
          if (i > 0) {
            const [py, pm] = dates[i - 1]!.split("-").map(Number) as [number, number];
            expect(y * 12 + m - (py * 12 + pm)).toBe(step);
          }
        }
      }),
    );
  });

  it("property: continuing after any run gives the rest of the same sequence (the job's next run)", () => {
    fc.assert(
      fc.property(schedules, fc.integer({ min: 0, max: 20 }), (s, i) => {
        const all = runDates(s, null, 25);
        expect(runDates(s, all[i]!, 4)).toEqual(all.slice(i + 1, i + 5));
        expect(nextRunOnOrAfter(s, all[i]!)).toBe(all[i]);
      }),
    );
  });
});
