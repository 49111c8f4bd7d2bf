import { createReadStream } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCsv } from "./import-csv.server.ts";
import { findHeaderRow, guessMapping } from "./import-layout.ts";

/** Files other programs wrote (see the fixtures' README), read where they are. */
const fixtures = path.resolve(import.meta.dirname, "../../../../shared/fixtures");
const rowsOf = async (file: string) => (await readCsv(createReadStream(path.join(fixtures, file)), { maxRows: 1000 })).rows;

describe("findHeaderRow: the row that names the columns, below a title or notes", () => {
  it("finds a DATEV-style journal's header under its title", () => {
    const rows = [
      ["Buchungsjournal 01.01.2025 - 31.01.2025 (Beträge in €)"],
      ["Belegnr", "Datum", "Konto", "Kontobezeichnung", "Buchungstext", "Soll", "Haben"],
      ["RE-1", "03.01.2025", "1810", "Bank", "Umsatz", "1.190,00", ""],
    ];
    expect(findHeaderRow("journal", rows)).toBe(1);
    expect(guessMapping("journal", rows, 1, "1.234,56")).toEqual({
      reference: 0,
      date: 1,
      account: 2,
      account_name: 3,
      description: 4,
      debit: 5,
      credit: 6,
    });
    // A chart with a title and a line of notes (two cells: fewer than the header's).
    const chart = [["Kontenrahmen SKR03"], ["Stand", "01.01.2025"], ["Konto", "Bezeichnung", "Kontoart"], ["1810", "Bank", "Asset"]];
    expect(findHeaderRow("chart", chart)).toBe(2);
    expect(guessMapping("chart", chart, 2, "1.234,56")).toEqual({ code: 0, name: 1, type: 2 });
  });

  it("keeps the first row of the books fixtures that have one, and finds none in those without", async () => {
    const cases: [string, "chart" | "journal", number][] = [
      ["odoo-account.account-generic_coa.csv", "chart", 0],
      ["erpnext-coa_sample_template.csv", "chart", -1],
      ["hledger-sample.journal.csv", "journal", 0],
      ["akretion-account_move_generic-fr_coa.csv", "journal", -1],
      ["akretion-generic_csv_fr_ok.csv", "journal", -1],
    ];
    for (const [file, kind, header] of cases) expect(findHeaderRow(kind, await rowsOf(`import/${file}`)), file).toBe(header);
  });
});
