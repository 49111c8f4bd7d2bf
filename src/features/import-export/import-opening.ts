import { reader, rowAmount, type RowError, type Sheet } from "./import-rows.ts";

/**
 * An opening balances file read: one balance per row (account, debit, credit, or a signed amount: debit positive),
 * each fault named by line and column, with the opening balances form's messages. Pure, in time slices.
 */

export interface OpeningRow {
  line: number;
  /** The account cell as the file writes it (a code or a name). */
  account: string;
  accountName: string;
  debit: bigint;
  credit: bigint;
}

/** The rows that give a balance (rows of nothing are left out, as the form leaves out empty fields). */
export async function buildOpening(sheet: Sheet): Promise<{ rows: OpeningRow[]; errors: RowError[] }> {
  const errors: RowError[] = [];
  const r = reader(sheet, errors);
  const rows: OpeningRow[] = [];
  await r.each((row, line) => {
    const net = rowAmount(row, sheet, r, line, "A balance is a debit or a credit, not both");
    if (net === null || net === 0n) return;
    const account = r.cell(row, "account");
    if (!account) return r.fail(line, "account", "is required");
    rows.push({
      line,
      account,
      accountName: r.cell(row, "account_name").slice(0, 200),
      debit: net > 0n ? net : 0n,
      credit: net < 0n ? -net : 0n,
    });
  });
  return { rows, errors };
}
