import { describe, expect, it } from "vitest";
import {
  addDays,
  formatBalance,
  formatDateTime,
  formatFileSize,
  formatLongDate,
  formatMoney,
  isBooksCurrency,
  todayIso,
} from "./format.ts";

describe("formatMoney", () => {
  it("writes an amount exactly in the currency, negative with a leading minus", () => {
    expect(formatMoney("1234.5")).toBe("$1,234.50");
    expect(formatMoney("-17431.25", "EUR")).toBe("-€17,431.25");
    expect(formatMoney(-5n, "EUR")).toBe("-€0.05");
    expect(formatMoney("123456789012345678.45", "USD")).toBe("$123,456,789,012,345,678.45");
    expect(formatMoney("10", "GBP")).toBe("£10.00");
    expect(formatMoney("10", "CHF")).toMatch(/^CHF\s10\.00$/);
  });
  it("writes zero for a value that is not a decimal", () => {
    expect(formatMoney("abc", "EUR")).toBe("€0.00");
  });
});

describe("isBooksCurrency", () => {
  it("takes ISO codes written with two decimals only", () => {
    expect(isBooksCurrency("EUR")).toBe(true);
    expect(isBooksCurrency("USD")).toBe(true);
    expect(isBooksCurrency("JPY")).toBe(false);
    expect(isBooksCurrency("KWD")).toBe(false);
    expect(isBooksCurrency("XYZ")).toBe(false);
    expect(isBooksCurrency("eur")).toBe(false);
  });
});

describe("dates", () => {
  it("writes a moment in UTC, whatever the machine's zone", () => {
    expect(formatDateTime("2026-11-27T23:30:00Z")).toBe("Nov 27, 2026, 11:30 PM UTC");
    expect(formatDateTime(new Date("2026-11-27T23:30:05Z"), { seconds: true })).toBe("Nov 27, 2026, 11:30:05 PM UTC");
    expect(formatLongDate("2026-01-01")).toBe("January 1, 2026");
  });
  it("moves calendar dates across months and leap days", () => {
    expect(addDays("2028-02-27", 2)).toBe("2028-02-29");
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(todayIso(new Date("2026-11-27T23:59:59Z"))).toBe("2026-11-27");
  });
});

describe("formatBalance", () => {
  it("writes a credit balance as its amount with (CR)", () => {
    expect(formatBalance("-1234.5", "EUR")).toBe("€1,234.50 (CR)");
    expect(formatBalance(1234n, "USD")).toBe("$12.34");
  });
});

describe("formatFileSize", () => {
  it("writes kilobytes below a megabyte (one at the least) and megabytes to a tenth above", () => {
    expect(formatFileSize(10)).toBe("1 KB");
    expect(formatFileSize(348_160)).toBe("340 KB");
    expect(formatFileSize(1024 * 1024)).toBe("1.0 MB");
    expect(formatFileSize(2_621_440)).toBe("2.5 MB");
  });
});
