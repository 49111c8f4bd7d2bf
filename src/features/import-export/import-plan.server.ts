import { sql } from "drizzle-orm";
import { insertChartAccounts } from "~/features/ledger/chart.tables.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput, type AppError } from "~/server/http/app-error.ts";
import { timeSlices } from "~/server/time-slices.ts";
import type { AccountDetailType } from "~/features/ledger/index.ts";
import { guessType } from "./import-layout.ts";
import { CODE_PATTERN, type RowError } from "./import-rows.ts";
import type { AccountResolution } from "./import.schema.ts";
import type { MissingAccount } from "./import.types.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { AccountType } from "~/features/ledger/index.ts";

/** The chart an import is planned against, the accounts it would create, and the file's accounts resolved to it. */

export interface Known {
  id: number;
  code: string;
  name: string;
  type: AccountType;
  active: boolean;
}
export interface NewAccount {
  code: string;
  name: string;
  type: AccountType;
  detailType?: AccountDetailType | null;
  /** The parent's code (in the chart or among the new accounts). */
  parent?: string;
}
export type Chart = Awaited<ReturnType<typeof chartOf>>;

const TYPE_BASE: Record<AccountType, number> = { Asset: 1000, Liability: 2000, Equity: 3000, Revenue: 4000, Expense: 5000 };

export async function chartOf(db: Db, m: Membership) {
  const rows = await queryRows<{ id: number; account_code: string; account_name: string; account_type: AccountType; is_active: boolean }>(
    db,
    sql`select id, account_code, account_name, account_type, is_active from chart_of_accounts where organization_id = ${m.organizationId}`,
  );
  const byCode = new Map<string, Known>();
  const byName = new Map<string, Known | null>();
  for (const r of rows) {
    const known = { id: Number(r.id), code: r.account_code, name: r.account_name, type: r.account_type, active: r.is_active };
    byCode.set(r.account_code, known);
    const name = r.account_name.toLowerCase();
    byName.set(name, byName.has(name) ? null : known);
  }
  const taken = new Set(byCode.keys());
  /** A free code in the type's thousand (1001… for assets), for an account the file gives no usable code. */
  const freeCode = (type: AccountType) => {
    let n = TYPE_BASE[type] + 1;
    while (taken.has(String(n))) n++;
    taken.add(String(n));
    return String(n);
  };
  return { byCode, byName, taken, freeCode };
}

/** A line of a file that names an account (a journal line, an opening balance). */
interface AccountCell {
  line: number;
  account: string;
  accountName: string;
}

/**
 * Each account the file names, resolved to the chart (by code, else by name): a deleted one is a row error; one the
 * chart lacks is created with a type, or mapped to an existing code, as `resolutions` say (by default created with the
 * type its code or name suggests).
 */
export async function resolveAccounts(chart: Chart, cells: AccountCell[], column: string, resolutions: Record<string, AccountResolution>) {
  const errors: RowError[] = [];
  const accountOf = new Map<string, string>();
  const create: NewAccount[] = [];
  const missing: MissingAccount[] = [];
  const seen = new Map<string, MissingAccount>();
  const slices = timeSlices();
  for (const cell of cells) {
    if (slices.due()) await slices.next();
    const known = chart.byCode.get(cell.account) ?? chart.byName.get(cell.account.toLowerCase());
    if (known) {
      if (!known.active) errors.push({ line: cell.line, column, message: `${known.code} is a deleted account` });
      else accountOf.set(cell.account, known.code);
      continue;
    }
    const name = cell.accountName || cell.account;
    const s = seen.get(cell.account) ?? { value: cell.account, name, suggested_type: guessType(cell.account, name), lines: 0 };
    s.lines++;
    seen.set(cell.account, s);
  }
  for (const s of seen.values()) {
    missing.push(s);
    const choice = resolutions[s.value] ?? { create: s.suggested_type };
    if ("map" in choice) {
      const target = chart.byCode.get(choice.map);
      if (!target?.active)
        throw invalidInput({ [`accounts.${s.value}`]: `No active account ${choice.map}` }, `accounts: no active account ${choice.map}`);
      accountOf.set(s.value, target.code);
    } else {
      const code = CODE_PATTERN.test(s.value) && !chart.taken.has(s.value) ? s.value : chart.freeCode(choice.create);
      chart.taken.add(code);
      create.push({ code, name: s.name.slice(0, 200), type: choice.create });
      accountOf.set(s.value, code);
    }
  }
  return { accountOf, create, missing, errors };
}

/** External references among these that the organization already has (imported, or its own exported entries). */
export async function alreadyImported(db: Db, m: Membership, refs: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // In batches, the event loop free between them: one statement over 100,000 references would hold the embedded
  // database (and with it every other request) for long.
  const slices = timeSlices();
  for (let i = 0; i < refs.length; i += 1000) {
    if (slices.due()) await slices.next();
    const list = JSON.stringify(refs.slice(i, i + 1000));
    const rows = await queryRows<{ ref: string }>(
      db,
      sql`with wanted as (select jsonb_array_elements_text(${list}::jsonb) as ref)
          select i.external_ref as ref from imported_entries i join wanted w on w.ref = i.external_ref
           where i.organization_id = ${m.organizationId}
          union
          select w.ref from wanted w join journal_entries e
            on w.ref = 'JE:' || e.organization_id || ':' || e.entry_number
           where e.organization_id = ${m.organizationId}`,
    );
    for (const r of rows) found.add(r.ref);
  }
  return found;
}

export async function insertAccounts(tx: Db, m: Membership, accounts: NewAccount[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < accounts.length; i += 500) {
    const values = accounts
      .slice(i, i + 500)
      .map(
        (a) => sql`(${m.organizationId}::integer, ${a.code}, ${a.name}, ${a.type}, ${a.detailType ?? null}, null::integer, ${m.userId})`,
      );
    const rows = await queryRows<{ id: number; account_code: string }>(
      tx,
      insertChartAccounts(sql`values ${sql.join(values, sql`, `)} returning id, account_code`),
    );
    for (const r of rows) ids.set(r.account_code, Number(r.id));
  }
  const withParent = accounts.filter((a) => a.parent);
  for (let i = 0; i < withParent.length; i += 500) {
    const pairs = withParent.slice(i, i + 500).map((a) => sql`(${a.code}, ${a.parent!})`);
    await tx.execute(
      sql`update chart_of_accounts c set parent_id = p.id
            from (values ${sql.join(pairs, sql`, `)}) v(code, parent)
            join chart_of_accounts p on p.organization_id = ${m.organizationId} and p.account_code = v.parent
           where c.organization_id = ${m.organizationId} and c.account_code = v.code`,
    );
  }
  return ids;
}

export function rowErrors(errors: RowError[]): AppError {
  const fields: Record<string, string> = {};
  for (const e of errors.slice(0, 200)) fields[`rows.${e.line}.${e.column}`] ??= e.message;
  const [first] = errors;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return invalidInput(fields, `Line ${first!.line}, column ${first!.column}: ${first!.message}${more}`);
}
