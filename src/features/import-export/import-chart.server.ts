import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import type { AccountDetailType } from "~/features/ledger/index.ts";
import { resolveParents, type NewChartAccount } from "./import-parents.ts";
import type { Chart, Known, NewAccount } from "./import-plan.server.ts";
import type { ReadImport } from "./import-read.server.ts";
import { CODE_PATTERN, type ChartRow, type RowError } from "./import-rows.ts";
import type { ConflictChoice } from "./import.schema.ts";
import type { ChartConflict } from "./import.types.ts";
import { OPENING_EQUITY_NAME } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { AccountType } from "~/features/ledger/index.ts";

/**
 * A chart file against the chart: its new accounts, the ones the chart has as they are, and the conflicts (a code the
 * chart has under another name or type), each settled by the person's choice: keep ours, take theirs (our account
 * renamed and retyped, where its type may change), or import it under another code.
 */

export interface AccountChange {
  id: number;
  name: string;
  type: AccountType;
  detailType: AccountDetailType | null;
}
export interface ChartPlan {
  create: NewAccount[];
  /** Our accounts that take the file's name and type. */
  updates: AccountChange[];
  /** The file's accounts the chart has (as they are, or settled in a conflict by keeping or taking theirs). */
  existing: number;
  conflicts: ChartConflict[];
  /** Conflicts without a choice. */
  unsettled: string[];
  errors: RowError[];
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why each of these accounts cannot take another name or type, or nothing (by id). */
async function refusals(db: Db, m: Membership, clashes: { known: Known; row: ChartRow }[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (clashes.length === 0) return out;
  type Facts = { id: number; posted: number; children: boolean; parent: string | null; banked: boolean };
  const rows: Facts[] = [];
  // In batches: a statement takes at most 65,535 parameters.
  for (let i = 0; i < clashes.length; i += 1000) {
    const ids = clashes.slice(i, i + 1000).map((c) => sql`${c.known.id}`);
    rows.push(
      ...(await queryRows<Facts>(
        db,
        sql`select a.id,
                   (select count(*) from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
                     where l.organization_id = a.organization_id and l.account_id = a.id and e.status = 'posted')::int as posted,
                   exists (select 1 from chart_of_accounts c where c.organization_id = a.organization_id and c.parent_id = a.id) as children,
                   p.account_code as parent,
                   exists (select 1 from bank_accounts b where b.organization_id = a.organization_id and b.account_id = a.id) as banked
              from chart_of_accounts a left join chart_of_accounts p on p.id = a.parent_id
             where a.organization_id = ${m.organizationId} and a.id in (${sql.join(ids, sql`, `)})`,
      )),
    );
  }
  const facts = new Map(rows.map((r) => [Number(r.id), r]));
  for (const { known, row } of clashes) {
    const f = facts.get(known.id)!;
    const ours = `${known.code} ${known.name}`;
    if (known.name === OPENING_EQUITY_NAME && !sameName(known.name, row.name))
      out.set(known.id, `${ours} keeps its name: the opening balances find it by it`);
    else if (known.type === row.type) continue;
    else if (f.posted > 0)
      out.set(known.id, `${ours} has ${f.posted} posted ${f.posted === 1 ? "line" : "lines"}: an account with posted lines keeps its type`);
    else if (f.children) out.set(known.id, `${ours} has sub-accounts: it keeps their type`);
    else if (f.parent) out.set(known.id, `${ours} is under ${f.parent}: it keeps its parent's type`);
    else if (f.banked) out.set(known.id, `${ours} keeps a bank account: it stays ${known.type}`);
  }
  return out;
}

/** A code near `code` that neither the chart nor the file uses: the next number of the same length, else `code-1`… */
function nearCode(code: string, used: (c: string) => boolean): string {
  if (/^\d+$/.test(code)) {
    for (let n = Number(code) + 1; String(n).length <= code.length; n++) {
      const c = String(n).padStart(code.length, "0");
      if (!used(c)) return c;
    }
  }
  for (let i = 1; ; i++) {
    const c = `${code.slice(0, 17)}-${i}`;
    if (!used(c)) return c;
  }
}

export async function planChart(
  db: Db,
  m: Membership,
  chart: Chart,
  read: ReadImport,
  choices: Record<string, ConflictChoice>,
): Promise<ChartPlan> {
  const clashes: { known: Known; row: ChartRow }[] = [];
  const fresh: (NewChartAccount & { detailType: AccountDetailType | null })[] = [];
  let existing = 0;
  for (const row of read.chart) {
    const known = row.code ? chart.byCode.get(row.code) : chart.byName.get(row.name.toLowerCase());
    if (!known) fresh.push({ ...row, code: row.code ?? chart.freeCode(row.type) });
    else if (row.code && (!sameName(known.name, row.name) || known.type !== row.type)) clashes.push({ known, row });
    else existing++;
  }
  // Codes in use: the chart's (with those just given to the file's accounts without one), the file's, those chosen.
  const fileCodes = new Set(read.chart.flatMap((r) => (r.code ? [r.code.toLowerCase()] : [])));
  const taken = new Set([...chart.taken].map((c) => c.toLowerCase()));
  const used = (c: string) => taken.has(c.toLowerCase()) || fileCodes.has(c.toLowerCase());
  const offered = new Set<string>();
  const refused = await refusals(db, m, clashes);
  const conflicts: ChartConflict[] = [];
  const updates: ChartPlan["updates"] = [];
  const unsettled: string[] = [];
  const renamed = new Map<string, string>();
  const refuse = (code: string, message: string) => invalidInput({ [`conflicts.${code}`]: message }, `conflicts.${code}: ${message}`);
  for (const { known, row } of clashes) {
    const code = row.code!;
    const free = nearCode(code, (c) => used(c) || offered.has(c.toLowerCase()));
    offered.add(free.toLowerCase());
    const theirsRefused = refused.get(known.id) ?? null;
    conflicts.push({
      code,
      line: row.line,
      ours: { name: known.name, type: known.type, active: known.active },
      theirs: { name: row.name, type: row.type },
      theirs_refused: theirsRefused,
      free_code: free,
    });
    const choice = choices[code];
    if (choice === undefined) {
      unsettled.push(code);
      existing++;
    } else if (choice === "keep") existing++;
    else if (choice === "theirs") {
      if (theirsRefused) throw refuse(code, theirsRefused);
      updates.push({ id: known.id, name: row.name, type: row.type, detailType: row.detailType });
      existing++;
    } else {
      const other = choice.slice("code:".length);
      if (!CODE_PATTERN.test(other)) throw refuse(code, "must be at most 20 letters, digits, dots or dashes");
      if ([...renamed.values()].some((c) => c.toLowerCase() === other.toLowerCase()))
        throw refuse(code, `${other} is chosen for another account too`);
      if (used(other)) throw refuse(code, `${other} is already in the chart or the file`);
      taken.add(other.toLowerCase());
      chart.taken.add(other);
      renamed.set(code.toLowerCase(), other);
      fresh.push({ ...row, code: other });
    }
  }
  // The file's parents by the codes its accounts are imported under; ours by the name and type they will have.
  for (const a of fresh) if (a.parent && renamed.has(a.parent.toLowerCase())) a.parent = renamed.get(a.parent.toLowerCase())!;
  const changed = new Map(updates.map((u) => [u.id, u]));
  const ours = [...chart.byCode.values()].map((k) => ({
    ...k,
    ...(changed.has(k.id) ? { name: changed.get(k.id)!.name, type: changed.get(k.id)!.type } : {}),
  }));
  const parentColumn = read.sheet.columns[read.sheet.mapping.parent ?? -1] ?? "parent";
  const parents = resolveParents(fresh, ours, parentColumn);
  const create = fresh.map((a) => ({
    code: a.code,
    name: a.name,
    type: a.type,
    detailType: a.detailType,
    parent: parents.parentOf.get(a.code),
  }));
  return { create, updates, existing, conflicts, unsettled, errors: parents.errors };
}

/** A conflict without a choice refuses the commit, naming each. */
export function refuseUnsettled(unsettled: string[]) {
  if (unsettled.length === 0) return;
  const fields = Object.fromEntries(unsettled.map((c) => [`conflicts.${c}`, "Choose: keep ours, take the file's, or another code"]));
  const list = unsettled.length === 1 ? unsettled[0] : `${unsettled.slice(0, -1).join(", ")} and ${unsettled.at(-1)}`;
  throw invalidInput(
    fields,
    `The chart has ${list} under another name or type: choose for each whether to keep ours, take the file's, or import it under another code`,
  );
}

/** Our accounts renamed and retyped as the file says (the detail type the file gives, else kept where it fits the type). */
export async function applyChanges(tx: Db, m: Membership, changes: AccountChange[]): Promise<void> {
  for (let i = 0; i < changes.length; i += 500) {
    const values = changes.slice(i, i + 500).map((c) => sql`(${c.id}::integer, ${c.name}::text, ${c.type}::text, ${c.detailType}::text)`);
    await tx.execute(
      sql`update chart_of_accounts a
             set account_name = v.name, account_type = v.type,
                 detail_type = coalesce(v.detail, case when account_detail_type_fits(v.type, a.detail_type) then a.detail_type end)
            from (values ${sql.join(values, sql`, `)}) v(id, name, type, detail)
           where a.id = v.id and a.organization_id = ${m.organizationId}`,
    );
  }
}
