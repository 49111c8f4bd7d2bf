import { sql } from "drizzle-orm";
import { csvAmount, csvRows, csvTextBack } from "~/lib/csv.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import type { AuditActor } from "~/server/audit.server.ts";
import { fileRowErrors, invalidInput, type FileRowError } from "~/server/http/app-error.ts";
import { bodyChunks, CsvReadError, readCsv } from "~/features/import-export/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { BUDGET_MONTHS, cellCents } from "./budgets.ts";
import { MAX_BUDGET_ROWS } from "./budgets.schema.ts";
import { budgetYear, readBudget, replaceBudget, type BudgetCells } from "./budgets.server.ts";
import type { BudgetImported } from "./budgets.types.ts";

/*
 * A budget as CSV (decision 123): a header row (`account_code`, then the twelve months as YYYY-MM), then one row per
 * account: its code, then its twelve amounts in the year's order (signed as the account's natural balance; blank is
 * zero). The export writes every row of the grid; the import replaces the year's budget with the file's rows, all or
 * nothing: any bad cell is a 400 naming its line and column. The upload is read as it arrives, up to 20 MB, with the
 * caps of the other CSV imports (decision 108).
 */

export const ACCOUNT_CODE_COLUMN = "account_code";

/** GET /budgets-csv/:orgId/:year: the year's grid as CSV. */
export async function budgetCsv(db: Db, m: Membership, fy: number): Promise<string> {
  const grid = await readBudget(db, m, fy);
  return csvRows(
    [ACCOUNT_CODE_COLUMN, ...grid.months],
    grid.rows.map((r) => [r.account_code, ...r.amounts.map(csvAmount)]),
  );
}

/** POST /budgets-csv/:orgId/:year: the file replaces the year's budget, all rows or none. */
export async function importBudgetCsv(
  db: Db,
  m: Membership,
  actor: AuditActor,
  fy: number,
  body: ReadableStream<Uint8Array> | null,
): Promise<BudgetImported> {
  let read: Awaited<ReturnType<typeof readCsv>>;
  try {
    read = await readCsv(bodyChunks(body), { maxRows: MAX_BUDGET_ROWS + 1 });
  } catch (err) {
    if (err instanceof CsvReadError) throw invalidInput({ [err.field]: err.message }, err.message);
    throw err;
  }
  const year = await budgetYear(db, m.organizationId, fy);
  const accounts = await queryRows<{ id: number; account_code: string; account_type: string }>(
    db,
    sql`select id, account_code, account_type from chart_of_accounts where organization_id = ${m.organizationId}`,
  );
  const byCode = new Map(accounts.map((a) => [a.account_code, a]));
  const { rows, lines } = read;
  const headed =
    (rows[0]?.[0] ?? "")
      .trim()
      .replace(/^\uFEFF/, "")
      .toLowerCase() === ACCOUNT_CODE_COLUMN;
  const start = headed ? 1 : 0;
  if (rows.length <= start) throw invalidInput({ file: "The file has no budget rows" }, "The file has no budget rows");
  const names = [ACCOUNT_CODE_COLUMN, ...year.months];
  const errors: FileRowError[] = [];
  const cells: BudgetCells[] = [];
  const firstLine = new Map<number, number>();
  const fail = (line: number, column: number, message: string) =>
    errors.push({ line, column, name: names[column - 1] ?? "extra", message });
  for (let i = start; i < rows.length; i++) {
    const row = rows[i]!;
    const line = lines[i]!;
    const code = csvTextBack((row[0] ?? "").trim());
    const extra = row.slice(BUDGET_MONTHS + 1).findIndex((c) => c.trim() !== "");
    if (extra >= 0) fail(line, BUDGET_MONTHS + 2 + extra, "Too many columns: an account code, then twelve months");
    const account = byCode.get(code);
    if (code === "") fail(line, 1, "Account code is required");
    else if (!account) fail(line, 1, `No account ${code.slice(0, 40)} in these books`);
    else if (account.account_type !== "Revenue" && account.account_type !== "Expense")
      fail(line, 1, `Account ${code.slice(0, 40)} is not a revenue or expense account`);
    else if (firstLine.has(account.id)) fail(line, 1, `Account ${code.slice(0, 40)} is already on line ${firstLine.get(account.id)}`);
    const cents: bigint[] = [];
    for (let k = 0; k < BUDGET_MONTHS; k++) {
      const value = cellCents(row[k + 1] ?? "");
      if (typeof value === "string") fail(line, k + 2, `Amount ${value}`);
      cents.push(typeof value === "string" ? 0n : value);
    }
    if (account && !firstLine.has(account.id)) {
      firstLine.set(account.id, line);
      cells.push({ account_id: Number(account.id), cents });
    }
  }
  if (errors.length > 0) throw fileRowErrors(errors);
  await replaceBudget(db, m, actor, year, cells, "import", { rows: cells.length });
  return { budget: await readBudget(db, m, fy), imported_rows: cells.length };
}
