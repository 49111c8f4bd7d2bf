import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput, zodFields } from "~/server/http/app-error.ts";
import { MAX_OPENING_LINES, openingBalancesSchema } from "~/features/ledger/ledger.schema.ts";
import { chartOf, insertAccounts, resolveAccounts, type Chart } from "./import-plan.server.ts";
import type { ReadImport } from "./import-read.server.ts";
import type { RowError } from "./import-rows.ts";
import type { AccountResolution } from "./import.schema.ts";
import type { OpeningPreview } from "./import.types.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { equityAccountId, saveOpeningBalances } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/**
 * Opening balances from a file (account, debit, credit): its accounts resolved as a journal's are, then saved through
 * the opening balances service, with the form's rules: the date, one balance per account, Opening Balance Equity
 * taking the difference (and left out of the file), the entry saved before reversed.
 */

export type OpeningPlan = Awaited<ReturnType<typeof resolveAccounts>> & { summary: Omit<OpeningPreview, "as_of"> };

export async function planOpening(
  db: Db,
  m: Membership,
  chart: Chart,
  read: ReadImport,
  resolutions: Record<string, AccountResolution>,
): Promise<OpeningPlan> {
  if (read.opening.length > MAX_OPENING_LINES) {
    const message = `At most ${MAX_OPENING_LINES} accounts at once`;
    throw invalidInput({ file: message }, message);
  }
  const column = read.sheet.columns[read.sheet.mapping.account ?? -1] ?? "account";
  const resolved = await resolveAccounts(chart, read.opening, column, resolutions);
  const errors: RowError[] = [...resolved.errors];
  const equity = await equityAccountId(db, m);
  const firstLine = new Map<string, number>();
  let difference = 0n;
  for (const row of read.opening) {
    difference += row.debit - row.credit;
    const code = resolved.accountOf.get(row.account);
    if (code === undefined) continue;
    const fail = (message: string) => errors.push({ line: row.line, column, message });
    if (chart.byCode.get(code)?.id === equity) fail("Opening Balance Equity takes what the balances leave: leave it out of the file");
    else if (firstLine.has(code)) fail(`Each account has one opening balance: ${code} is on line ${firstLine.get(code)} too`);
    else firstLine.set(code, row.line);
  }
  errors.sort((a, b) => a.line - b.line);
  const [saved] = await queryRows<{ entry_number: string }>(
    db,
    sql`select e.entry_number from opening_balances ob join journal_entries e on e.id = ob.journal_entry_id
         where ob.organization_id = ${m.organizationId} and e.reversed_by is null`,
  );
  const summary = { accounts: read.opening.length, difference: centsToDecimal(difference), replaces: saved?.entry_number ?? null };
  return { ...resolved, errors, summary };
}

/** Creates the accounts the file lacks, then saves the balances as the opening balances form does (in the caller's transaction). */
export async function commitOpening(tx: Db, m: Membership, read: ReadImport, plan: OpeningPlan, asOf: string | undefined) {
  await insertAccounts(tx, m, plan.create);
  const chart = await chartOf(tx, m);
  const input = {
    as_of: asOf ?? "",
    lines: read.opening.map((r) => ({
      account_id: chart.byCode.get(plan.accountOf.get(r.account)!)!.id,
      debit_amount: centsToDecimal(r.debit),
      credit_amount: centsToDecimal(r.credit),
    })),
  };
  const parsed = openingBalancesSchema.safeParse(input);
  if (!parsed.success) {
    // The form's messages, on the file's lines.
    const column = read.sheet.columns[read.sheet.mapping.account ?? -1] ?? "account";
    const fields: Record<string, string> = {};
    for (const [key, message] of Object.entries(zodFields(parsed.error))) {
      const at = /^lines\.(\d+)\./.exec(key);
      fields[at ? `rows.${read.opening[Number(at[1])]!.line}.${column}` : key === "lines" ? "file" : key] ??= message;
    }
    const [key, message] = Object.entries(fields)[0]!;
    throw invalidInput(fields, `${key}: ${message}`);
  }
  return saveOpeningBalances(tx, m, parsed.data);
}
