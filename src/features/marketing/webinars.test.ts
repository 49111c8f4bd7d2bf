import { describe, expect, it } from "vitest";
import { formatSessionDate, formatSessionTime, heldWebinars, localNow, webinarSchedule } from "./webinars.ts";

describe("webinar schedule", () => {
  it("never offers a session that has ended as upcoming; held sessions become recordings", () => {
    const now = new Date("2026-11-23T00:46:00Z");
    const { upcoming, recordings } = webinarSchedule(now);
    expect(upcoming).toHaveLength(3);
    for (const s of upcoming) expect(s.start > localNow(now)).toBe(true);
    expect(recordings.map((r) => r.title)).toEqual(heldWebinars.map((r) => r.title).reverse());
  });

  it("puts the series on the third Wednesday of each month, soonest first", () => {
    const { upcoming } = webinarSchedule(new Date("2026-11-23T00:46:00Z"));
    expect(upcoming.map(formatSessionDate)).toEqual([
      "Wednesday, December 16, 2026",
      "Wednesday, January 20, 2027",
      "Wednesday, February 17, 2027",
    ]);
    expect(formatSessionTime(upcoming[0]!)).toBe("12:00 - 12:45 ET");
  });

  it("keeps this month's session until it has ended in New York", () => {
    // November 18, 2026 is the third Wednesday; 12:30 in New York is 17:30 UTC (EST, UTC-5).
    expect(webinarSchedule(new Date("2026-11-18T17:30:00Z")).upcoming[0]!.start).toBe("2026-11-18T12:00");
    expect(webinarSchedule(new Date("2026-11-18T17:45:00Z")).upcoming[0]!.start).toBe("2026-12-16T12:00");
  });

  it("reads the clock in New York, whatever the server's time zone", () => {
    // 03:00 UTC on January 1 is still December 31 in New York.
    expect(localNow(new Date("2027-01-01T03:00:00Z"))).toBe("2026-12-31T22:00");
    // Summer time: UTC-4.
    expect(localNow(new Date("2026-07-01T16:00:00Z"))).toBe("2026-07-01T12:00");
  });

  it("before a held session took place, it is not a recording yet", () => {
    const { recordings } = webinarSchedule(new Date("2024-12-01T12:00:00Z"));
    expect(recordings.map((r) => r.start)).toEqual(["2024-11-14T12:00"]);
  });
});
