import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCsv } from "./import-csv.server.ts";
import { columnNames, findHeaderRow, guessMapping } from "./import-layout.ts";
import { buildChart, buildJournal, type ImportEntry } from "./import-rows.ts";
import type { ColumnMapping, ImportKind } from "./import.schema.ts";
import { detectDateFormat, detectNumberFormat } from "./import-values.ts";
import { centsToDecimal } from "~/lib/money.ts";

/** Files other programs wrote (see the fixtures' README), read where they are: never copied into this repository. */
const fixtures = path.resolve(import.meta.dirname, "../../../../shared/fixtures/import");
const digest = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 32);

async function sheet(file: string, kind: ImportKind, mapping?: ColumnMapping) {
  const { rows, lines, delimiter, encoding } = await readCsv(createReadStream(path.join(fixtures, file)), { maxRows: 1000 });
  const headerRow = findHeaderRow(kind, rows);
  const body = rows.slice(headerRow + 1);
  const numberFormat = detectNumberFormat(body.flatMap((r) => r.slice(6, 9)));
  const guessed = guessMapping(kind, rows, headerRow, numberFormat);
  const m = mapping ?? guessed;
  const dateFormat = detectDateFormat(body.map((r) => r[m.date ?? 0] ?? ""));
  const columns = columnNames(rows, headerRow);
  return { rows, lines, headerRow, columns, mapping: m, guessed, dateFormat, numberFormat, delimiter, encoding };
}

const total = (entries: ImportEntry[], side: "debit" | "credit") =>
  centsToDecimal(entries.flatMap((e) => e.lines).reduce((s, l) => s + l[side], 0n));

describe("the fixtures read as their README says", () => {
  // The README says 46 accounts; the file has 46 lines, the header and 45 accounts.
  it("Odoo's chart: a header, 45 accounts, every type understood", async () => {
    const s = await sheet("odoo-account.account-generic_coa.csv", "chart");
    expect(s.headerRow).toBe(0);
    expect(s.mapping).toMatchObject({ code: 2, name: 1, type: 3 });
    const { accounts, errors } = await buildChart(s);
    expect(errors).toEqual([]);
    expect(accounts).toHaveLength(45);
    expect(accounts.at(-1)).toMatchObject({ code: "201100", name: "Credit Card", type: "Liability" });
    expect(accounts.find((a) => a.code === "4000")).toMatchObject({ type: "Revenue" });
    expect(accounts.find((a) => a.code === "5000")).toMatchObject({ type: "Expense" });
  });

  it("ERPNext's chart: no header, 17 accounts named without numbers, the root type as type", async () => {
    const s = await sheet("erpnext-coa_sample_template.csv", "chart");
    expect(s.headerRow).toBe(-1);
    expect(s.mapping).toMatchObject({ name: 0, type: 6 });
    const { accounts, errors } = await buildChart(s);
    expect(errors).toEqual([]);
    expect(accounts).toHaveLength(17);
    expect(accounts.every((a) => a.code === null)).toBe(true);
    expect(accounts.at(-1)).toMatchObject({ name: "Stores", type: "Asset" });
    expect(accounts.find((a) => a.name === "Income")).toMatchObject({ type: "Revenue" });
  });

  it("hledger's CSV: 5 transactions of 11 postings grouped by txnidx, 6 on each side", async () => {
    const s = await sheet("hledger-sample.journal.csv", "journal");
    expect(s.headerRow).toBe(0);
    expect(s.mapping).toMatchObject({ entry: 0, date: 1, reference: 4, description: 5, account: 7, debit: 11, credit: 10 });
    const { entries, errors } = await buildJournal(s, digest);
    expect(errors).toEqual([]);
    expect(entries).toHaveLength(5);
    expect(entries.flatMap((e) => e.lines)).toHaveLength(11);
    expect([total(entries, "debit"), total(entries, "credit")]).toEqual(["6.00", "6.00"]);
    expect(entries[3]).toMatchObject({ date: "2008-06-03", description: "eat & shop" });
  });

  const akretion: ColumnMapping = { date: 0, account: 2, description: 5, debit: 6, credit: 7, reference: 8 };

  it("akretion's journal with decimal commas: no header, dd/mm/yyyy, 3 entries of 9 lines, 36984.12 a side", async () => {
    const s = await sheet("akretion-account_move_generic-fr_coa.csv", "journal", akretion);
    expect([s.headerRow, s.dateFormat, s.numberFormat]).toEqual([-1, "01/03/2026", "1.234,56"]);
    expect(s.guessed).toMatchObject({ date: 0, account: 2, description: 5, debit: 6, credit: 7 });
    const { entries, errors } = await buildJournal(s, digest);
    expect(errors).toEqual([]);
    expect(entries.map((e) => e.lines.length)).toEqual([5, 2, 2]);
    expect([total(entries, "debit"), total(entries, "credit")]).toEqual(["36984.12", "36984.12"]);
    expect(entries[0]).toMatchObject({ date: "2022-01-31", description: "Paye Janvier 2019", reference: null });
  });

  it("akretion's journal with decimal points: 2 entries of 4 lines, 24084.24 a side", async () => {
    const s = await sheet("akretion-generic_csv_fr_ok.csv", "journal", akretion);
    expect([s.headerRow, s.dateFormat, s.numberFormat]).toEqual([-1, "01/03/2026", "1,234.56"]);
    const { entries, errors } = await buildJournal(s, digest);
    expect(errors).toEqual([]);
    expect(entries.map((e) => [e.date, e.reference, e.lines.length])).toEqual([
      ["2020-01-31", "CCA", 2],
      ["2020-02-01", "EXT-CCA", 2],
    ]);
    expect([total(entries, "debit"), total(entries, "credit")]).toEqual(["24084.24", "24084.24"]);
  });

  it("names a bad cell by line and column, and an unbalanced entry at its first line", async () => {
    const s = await sheet("akretion-generic_csv_fr_ok.csv", "journal", akretion);
    s.rows[2] = [...s.rows[2]!];
    s.rows[2][6] = "12O42.12";
    s.rows[0] = [...s.rows[0]!];
    s.rows[0][7] = "12042.13";
    const { errors } = await buildJournal(s, digest);
    expect(errors).toEqual([
      { line: 1, column: "Column 7", message: "Entry CCA is not balanced: debits 12042.12, credits 12042.13" },
      { line: 3, column: "Column 7", message: "is not an amount in the format 1,234.56" },
      { line: 4, column: "Column 3", message: "Entry EXT-CCA needs at least two lines with an amount" },
    ]);
  });
});
