import { describe, expect, it } from "vitest";
import { leadsCsv, safeCell } from "./leads-csv.ts";
import { leadFieldList } from "./lead-field-list.ts";

describe("leads CSV", () => {
  it("turns cells a spreadsheet would run into text", () => {
    for (const v of ["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(safeCell(v)).toBe(`'${v}`);
    for (const v of ["Maria", "maria@example.com", "", "1-2"]) expect(safeCell(v)).toBe(v);
  });

  it("quotes commas, quotes and line breaks", () => {
    const csv = leadsCsv([
      {
        id: "1",
        kind: "contact",
        name: 'Ann "A", B',
        email: "a@example.com",
        company: "Line\nbreak",
        status: "new",
        owner: null,
        spam: false,
        spamReason: null,
        organizationId: null,
        createdAt: "2026-11-23T14:52:34.123456Z",
      },
    ]);
    expect(csv.split("\r\n")[1]).toBe('2026-11-23 14:52:34,Contact message,"Ann ""A"", B",a@example.com,"Line\nbreak",New,,');
  });
});

describe("lead fields", () => {
  it("labels each field and spreads nested values over lines", () => {
    expect(leadFieldList({ inputs: { currentRevenue: "100" }, servicesInterested: ["tax", "erp"], firstName: "A" })).toEqual([
      { label: "First name", value: "A" },
      { label: "Services interested in", value: "Tax Services, ERP Consulting" },
      { label: "Input: current revenue", value: "100" },
    ]);
  });
});
