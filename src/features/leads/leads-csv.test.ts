import { describe, expect, it } from "vitest";
import { leadsCsv } from "./leads-csv.ts";
import { leadFieldList } from "./lead-field-list.ts";

describe("leads CSV", () => {
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

  it("writes a company of Acme;=1+2 quoted, its formula part made text", () => {
    const csv = leadsCsv([
      {
        id: "1",
        kind: "contact",
        name: "=HYPERLINK(1)",
        email: "a@example.com",
        company: "Acme;=1+2",
        status: "new",
        owner: null,
        spam: false,
        spamReason: null,
        organizationId: null,
        createdAt: "2026-11-23T14:52:34.123456Z",
      },
    ]);
    expect(csv.split("\r\n")[1]).toBe("2026-11-23 14:52:34,Contact message,'=HYPERLINK(1),a@example.com,\"Acme;'=1+2\",New,,");
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
