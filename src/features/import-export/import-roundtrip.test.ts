import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csv, JOURNAL_CSV_HEADER } from "./books-export.server.ts";
import { readCsv } from "./import-csv.server.ts";
import { columnNames, findHeaderRow, guessMapping } from "./import-layout.ts";
import { buildJournal } from "./import-rows.ts";
import { centsToDecimal } from "~/lib/money.ts";

/** What the importer keeps of a text cell: control characters as spaces, ends trimmed. */
// eslint-disable-next-line no-control-regex -- control characters are what this replaces
const tidy = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
const text = fc.string({ minLength: 1, maxLength: 30 }).map((s) => s.trim() || "x");
const amount = fc.bigInt({ min: 1n, max: 99_999_999_999n });
const entry = fc.record({
  date: fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2025-12-31T00:00:00Z"), noInvalidDate: true }),
  reference: fc.option(text, { nil: "" }),
  description: text,
  amounts: fc.array(amount, { minLength: 1, maxLength: 4 }),
  codes: fc.array(fc.stringMatching(/^[1-9][0-9]{3}$/), { minLength: 2, maxLength: 2 }),
});

describe("export → import", () => {
  it("reads back every entry the export writes: same dates, accounts and amounts to the cent", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 8 }), async (entries) => {
        const rows = entries.flatMap((e, i) => {
          const number = `JE-${String(i + 1).padStart(6, "0")}`;
          const date = e.date.toISOString().slice(0, 10);
          const total = e.amounts.reduce((s, a) => s + a, 0n);
          const row = (code: string, debit: bigint, credit: bigint) => [
            number,
            date,
            e.reference,
            e.description,
            code,
            `Account ${code}`,
            debit ? centsToDecimal(debit) : "",
            credit ? centsToDecimal(credit) : "",
            `JE:1:${number}`,
          ];
          return [...e.amounts.map((a) => row(e.codes[0]!, a, 0n)), row(e.codes[1]!, 0n, total)];
        });
        const file = Buffer.from(csv(rows, JOURNAL_CSV_HEADER));
        const read = await readCsv(Readable.from([file]), { maxRows: 1000 });
        const headerRow = findHeaderRow("journal", read.rows);
        expect(headerRow).toBe(0);
        const mapping = guessMapping("journal", read.rows, headerRow, "1,234.56");
        const sheet = {
          rows: read.rows,
          lines: read.lines,
          headerRow,
          columns: columnNames(read.rows, headerRow),
          mapping,
          dateFormat: "2026-03-01",
          numberFormat: "1,234.56",
        } as const;
        const { entries: back, errors } = await buildJournal(sheet, (s) => s);
        expect(errors).toEqual([]);
        expect(back.map((b) => [b.date, b.description, b.reference ?? "", b.externalRef])).toEqual(
          entries.map((e, i) => [
            e.date.toISOString().slice(0, 10),
            tidy(e.description),
            tidy(e.reference),
            `JE:1:JE-${String(i + 1).padStart(6, "0")}`,
          ]),
        );
        expect(back.flatMap((b) => b.lines.map((l) => [l.account, l.debit, l.credit]))).toEqual(
          rows.map((r) => [r[4], r[6] ? BigInt(r[6].replace(".", "")) : 0n, r[7] ? BigInt(r[7].replace(".", "")) : 0n]),
        );
      }),
      { numRuns: 60 },
    );
  });
});
