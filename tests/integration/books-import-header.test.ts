import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath, firstBooks } from "../support/books.ts";

/**
 * A journal as DATEV-style programs export it: a title line and a blank line above the column names, semicolons,
 * German dates and amounts, Windows-1252. The lines of the file as they are numbered in an editor.
 */
function datev(title: string, rows: string[]) {
  const lines = [title, "", "Belegnr;Datum;Konto;Kontobezeichnung;Buchungstext;Soll;Haben", ...rows];
  // Windows-1252: Latin-1, with the euro sign at 0x80.
  return Buffer.from([...(lines.join("\r\n") + "\r\n")].map((ch) => (ch === "€" ? 0x80 : ch.charCodeAt(0))));
}
const JANUARY = [
  "RE-1;03.01.2025;1810;Bank;Umsatz Kunde A;1.190,00;",
  "RE-1;03.01.2025;8400;Erlöse 19 %;Umsatz Kunde A;;1.000,00",
  "RE-1;03.01.2025;1776;Umsatzsteuer 19 %;Umsatz Kunde A;;190,00",
  "ER-7;15.01.2025;4930;Bürobedarf;Papier;23,80;",
  "ER-7;15.01.2025;1810;Bank;Papier;;23,80",
];
const ACCOUNTS = JSON.stringify({ 8400: { create: "Revenue" }, 1776: { create: "Liability" } });

interface Preview {
  settings: { header_row: number; delimiter: string; encoding: string; date_format: string; number_format: string; mapping: object };
  remembered: boolean;
  columns: string[];
  head: { line: number; cells: string[] }[];
  rows: { line: number; cells: string[] }[];
  errors: { line: number; column: string; message: string }[];
  missing_fields: string[];
  summary: { new_items: number; lines: number; debits: string };
}

describe("a books file with a title above its column names: the header found below it, or chosen, and remembered", () => {
  let t: TestApp;
  let u: TestUser;
  let orgId: number;

  const upload = (step: "preview" | "commit", body: BodyInit, query: Record<string, string>) =>
    t.request(`/api/books-csv/${orgId}/${step}?${new URLSearchParams(query)}`, {
      method: "POST",
      body,
      headers: { "content-type": "text/csv" },
      cookie: u.cookie,
    });
  const preview = async (body: BodyInit, query: Record<string, string>) => {
    const res = await upload("preview", body, query);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Preview;
  };

  beforeAll(async () => {
    t = await createTestApp();
    u = await createSignedInUser(t, { companyName: "Journal GmbH" });
    orgId = Number((await firstBooks(t)(u.cookie)).split("/").at(-1));
  });
  afterAll(() => t.close());

  it("reads a DATEV-style journal from the row under its title, names lines as the file numbers them, and remembers the layout", async () => {
    const file = datev("Buchungsjournal 01.01.2025 - 31.01.2025 (Beträge in €)", JANUARY);
    const p = await preview(file, { kind: "journal" });
    expect(p.settings).toMatchObject({
      header_row: 1,
      delimiter: "semicolon",
      encoding: "windows-1252",
      date_format: "01.03.2026",
      number_format: "1.234,56",
      mapping: { reference: 0, date: 1, account: 2, account_name: 3, description: 4, debit: 5, credit: 6 },
    });
    expect(p.head.map((r) => [r.line, r.cells[0]])).toEqual([
      [1, "Buchungsjournal 01.01.2025 - 31.01.2025 (Beträge in €)"],
      [3, "Belegnr"],
      [4, "RE-1"],
      [5, "RE-1"],
      [6, "RE-1"],
      [7, "ER-7"],
      [8, "ER-7"],
    ]);
    expect(p.rows[0]).toEqual({ line: 4, cells: JANUARY[0]!.split(";") });
    expect(p).toMatchObject({ errors: [], missing_fields: [], summary: { new_items: 2, lines: 5, debits: "1213.80" } });

    // A bad amount is named on the file's own line (the blank line counted).
    const bad = datev("Buchungsjournal", [...JANUARY.slice(0, 3), "ER-7;15.01.2025;4930;Bürobedarf;Papier;23,8O;", JANUARY[4]!]);
    const refused = await upload("commit", bad, { kind: "journal", accounts: ACCOUNTS });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Line 7, column Soll: is not an amount/);

    const commit = await upload("commit", file, { kind: "journal", accounts: ACCOUNTS });
    expect(await commit.json()).toMatchObject({ imported: 2, accounts_created: 4 });
    const { accounts } = (await (await t.request(`${booksPath(orgId)}/accounts`, { cookie: u.cookie })).json()) as {
      accounts: { account_code: string; account_name: string; account_type: string }[];
    };
    expect(accounts.find((a) => a.account_code === "8400")).toMatchObject({ account_name: "Erlöse 19 %", account_type: "Revenue" });

    // February's export: another title, two lines of it; the layout is the same and remembered.
    const february = datev("Buchungsjournal 01.02.2025 - 28.02.2025\r\nMandant 4711", [
      "RE-2;03.02.2025;1810;Bank;Umsatz Kunde B;119,00;",
      "RE-2;03.02.2025;8400;Erlöse 19 %;Umsatz Kunde B;;119,00",
    ]);
    const next = await preview(february, { kind: "journal" });
    expect(next).toMatchObject({ remembered: true, settings: { header_row: 2 }, errors: [], summary: { new_items: 1 } });
  });

  it("lets the person choose the header row where the names are not known, and remembers the choice", async () => {
    const file = Buffer.from(
      [
        "Export;Mandant 4711;Zeitraum 01/2025",
        "Nr;Tag;Sachkonto;Gegenstand;Lastschrift;Gutschrift",
        "1;05.03.2025;1810;Miete;;500,00",
        "1;05.03.2025;6000;Miete;500,00;",
      ].join("\n"),
    );
    // Nothing says which row names the columns: the first row of names is taken, and nothing maps.
    const guessed = await preview(file, { kind: "journal" });
    expect(guessed.settings.header_row).toBe(0);
    expect(guessed.missing_fields).toEqual(["date", "account", "debit"]);

    const mapping = JSON.stringify({ entry: 0, date: 1, account: 2, description: 3, debit: 4, credit: 5 });
    const chosen = await preview(file, { kind: "journal", header_row: "1", mapping });
    expect(chosen.columns).toEqual(["Nr", "Tag", "Sachkonto", "Gegenstand", "Lastschrift", "Gutschrift"]);
    expect(chosen).toMatchObject({ errors: [], summary: { new_items: 1, lines: 2, debits: "500.00" } });
    expect((await upload("commit", file, { kind: "journal", header_row: "1", mapping })).status).toBe(200);

    const again = await preview(file, { kind: "journal" });
    expect(again).toMatchObject({ remembered: true, settings: { header_row: 1, mapping: JSON.parse(mapping) as object } });
    expect(again.summary.new_items).toBe(0);
  });

  it("refuses a header row the file does not have, naming the field", async () => {
    const file = datev("Buchungsjournal", JANUARY);
    for (const [value, message] of [
      ["40", "The file has no row 41 to be its header"],
      ["x", "header_row must be a row number from 0 to 999, or -1 for none"],
    ]) {
      const res = await upload("preview", file, { kind: "journal", header_row: value! });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields.header_row).toBe(message);
    }
  });
});
