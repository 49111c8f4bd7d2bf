import { describe, expect, it } from "vitest";
import { nextReminderOn, reminderToSend, type ReminderSchedule } from "./reminder-schedule.ts";
import { addDays } from "~/lib/format.ts";

const s: ReminderSchedule = { remind_days_before: 3, remind_on_due: true, remind_every_days: 7 };

describe("reminder dates", () => {
  it("days before, on the due date, then every N days after", () => {
    const dates: string[] = [];
    let from = "2026-11-01";
    for (let i = 0; i < 5; i++) {
      const next = nextReminderOn(s, ["2026-11-20"], from)!;
      dates.push(next);
      from = addDays(next, 1);
    }
    expect(dates).toEqual(["2026-11-17", "2026-11-20", "2026-11-27", "2026-12-04", "2026-12-11"]);
  });

  it("the earliest date over several due dates; none without an item to do or a schedule", () => {
    expect(nextReminderOn(s, ["2026-12-20", "2026-11-20"], "2026-11-18")).toBe("2026-11-20");
    expect(nextReminderOn(s, [], "2026-11-18")).toBeNull();
    expect(
      nextReminderOn({ remind_days_before: null, remind_on_due: false, remind_every_days: null }, ["2026-11-20"], "2026-11-01"),
    ).toBeNull();
    expect(nextReminderOn({ ...s, remind_every_days: null }, ["2026-11-20"], "2026-11-21")).toBeNull();
  });

  it("after downtime, only the latest missed date is sent", () => {
    expect(reminderToSend(s, ["2026-11-20"], "2026-11-17", "2026-12-05")).toBe("2026-12-04");
    expect(reminderToSend(s, ["2026-11-20"], "2026-11-17", "2026-11-19")).toBe("2026-11-17");
    expect(reminderToSend(s, ["2026-11-20"], "2026-11-18", "2026-11-19")).toBeNull();
  });
});
