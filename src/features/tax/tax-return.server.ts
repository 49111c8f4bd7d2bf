import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { TaxBasis } from "~/features/ledger/index.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { TAX_BOX_LABELS } from "./tax-presets.ts";
import { cashTaxReturnAggregate, unpaidTaxByAccount } from "./tax-return-cash.server.ts";
import type { TaxReturnAccount, TaxReturnBox, TaxReturnCode, TaxReturnGroup, TaxReturnReport } from "./tax-return.types.ts";

/*
 * A period's tax return (decision 112): one aggregate of the period's posted tax-coded lines, grouped by code, part,
 * tax account and whether the line corrects a filed period; the boxes are then made from the codes' box lists here.
 * A taxed line (no part) adds its base to its code's base boxes; a tax line adds its amount to its part's boxes.
 * Signs: a sales code's base is credit-positive, a purchases code's debit-positive; a due part's tax is
 * credit-positive, a deductible part's debit-positive. The net is the due tax less the deductible tax.
 * On the organization's cash basis the aggregate is made of the pieces of tax-return-cash.server.ts instead (the tax of
 * invoices and bills counted when they are paid); the boxes are made from it the same way.
 */

/**
 * Whether entry `e` corrects a filed period: it reverses an entry dated before `from` in a filed return's period.
 * Its lines are reported in this return as "Corrections".
 */
export const correction = (orgId: number, from: string) =>
  sql`(e.reversal_of is not null and exists (
        select 1 from journal_entries o join tax_returns r on r.organization_id = o.organization_id
                  and o.entry_date between r.period_start and r.period_end
         where o.id = e.reversal_of and o.organization_id = ${orgId} and o.entry_date < ${from}::date))`;

/** The aggregate the return is made from (also what the bench times as the bare SQL). */
export const taxReturnAggregate = (orgId: number, from: string, to: string) =>
  sql`select l.tax_code_id, l.tax_part_no, case when l.tax_part_no is null then null else l.account_id end as account_id,
             ${correction(orgId, from)} as correction,
             sum(l.tax_base)::text as base, sum(l.debit_amount - l.credit_amount)::text as amount, count(*)::integer as n
        from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
       where l.organization_id = ${orgId} and l.tax_code_id is not null
         and e.organization_id = ${orgId} and e.status = 'posted' and e.entry_date between ${from}::date and ${to}::date
       group by 1, 2, 3, 4`;

interface AggregateRow {
  tax_code_id: number;
  tax_part_no: number | null;
  account_id: number | null;
  correction: boolean;
  base: string;
  amount: string;
  n: number;
}

interface CodeRow {
  id: number;
  code: string;
  name: string;
  applies_to: "sales" | "purchases";
  base_boxes: string[];
  part_no: number | null;
  part_name: string | null;
  role: "due" | "deductible" | null;
  account_id: number | null;
  boxes: string[] | null;
}

interface CodeInfo {
  id: number;
  code: string;
  name: string;
  applies_to: "sales" | "purchases";
  base_boxes: string[];
  parts: Map<number, { name: string; role: "due" | "deductible"; account_id: number; boxes: string[] }>;
}

const cents = (d: string | null | undefined) => toCents(d ?? "0") ?? 0n;
const dec = centsToDecimal;

async function loadCodes(db: Db, orgId: number): Promise<Map<number, CodeInfo>> {
  const rows = await queryRows<CodeRow>(
    db,
    sql`select c.id, c.code, c.name, c.applies_to, c.base_boxes, p.part_no, p.name as part_name, p.role, p.account_id, p.boxes
          from tax_codes c left join tax_code_parts p on p.tax_code_id = c.id
         where c.organization_id = ${orgId} order by c.code, p.part_no`,
  );
  const codes = new Map<number, CodeInfo>();
  for (const r of rows) {
    const id = Number(r.id);
    let c = codes.get(id);
    if (!c) {
      c = { id, code: r.code, name: r.name, applies_to: r.applies_to, base_boxes: r.base_boxes, parts: new Map() };
      codes.set(id, c);
    }
    if (r.part_no != null)
      c.parts.set(Number(r.part_no), { name: r.part_name!, role: r.role!, account_id: Number(r.account_id), boxes: r.boxes ?? [] });
  }
  return codes;
}

/** The labels of the ready-made set whose boxes these are most of (box -> label), or none. */
export function boxLabels(boxes: readonly string[]): Record<string, string> {
  let best: Record<string, string> = {};
  let bestHits = 0;
  for (const labels of Object.values(TAX_BOX_LABELS)) {
    const hits = boxes.filter((b) => b in labels).length;
    if (hits > bestHits) {
      best = labels;
      bestHits = hits;
    }
  }
  return best;
}

const byBox = (a: TaxReturnBox, b: TaxReturnBox) => a.box.localeCompare(b.box, "en", { numeric: true });

/** The organization's tax basis: "invoice" (tax due on the document's date) or "cash" (due when paid). */
export async function taxBasisOf(db: Db, orgId: number): Promise<TaxBasis> {
  const [row] = await queryRows<{ tax_basis: TaxBasis }>(db, sql`select tax_basis from organizations where id = ${orgId}`);
  return row?.tax_basis ?? "invoice";
}

/**
 * The return for `from`..`to` (both included): on the invoice basis from the posted entries dated in it; on the cash
 * basis the tax of invoices and bills as their payments dated in it settle them, and the other entries dated in it.
 */
export async function taxReturn(db: Db, m: Membership, from: string, to: string): Promise<TaxReturnReport> {
  const orgId = m.organizationId;
  const basis = await taxBasisOf(db, orgId);
  const aggregate =
    basis === "cash" ? cashTaxReturnAggregate(orgId, from, to, correction(orgId, from)) : taxReturnAggregate(orgId, from, to);
  const [rows, codes] = await Promise.all([queryRows<AggregateRow>(db, aggregate), loadCodes(db, orgId)]);

  const boxes = new Map<string, { base: bigint; tax: bigint }>();
  const add = (group: TaxReturnGroup, box: string, base: bigint, tax: bigint) => {
    const key = `${group}\u0000${box}`;
    const b = boxes.get(key) ?? { base: 0n, tax: 0n };
    b.base += base;
    b.tax += tax;
    boxes.set(key, b);
  };
  const perCode = new Map<number, { base: bigint; parts: Map<number, { base: bigint; tax: bigint }> }>();
  const accountTax = new Map<number, bigint>();
  let due = 0n;
  let deductible = 0n;
  let lineCount = 0;

  for (const r of rows) {
    const code = codes.get(Number(r.tax_code_id));
    if (!code) continue;
    lineCount += Number(r.n);
    const group: TaxReturnGroup = r.correction ? "corrections" : "boxes";
    const sign = code.applies_to === "sales" ? -1n : 1n;
    const base = sign * cents(r.base);
    const fig = perCode.get(code.id) ?? { base: 0n, parts: new Map() };
    perCode.set(code.id, fig);
    if (r.tax_part_no == null) {
      fig.base += base;
      for (const box of code.base_boxes) add(group, box, base, 0n);
      continue;
    }
    const partNo = Number(r.tax_part_no);
    const part = code.parts.get(partNo);
    const amount = cents(r.amount);
    const tax = part?.role === "due" ? -amount : amount;
    if (part?.role === "due") due += tax;
    else deductible += tax;
    const p = fig.parts.get(partNo) ?? { base: 0n, tax: 0n };
    p.base += base;
    p.tax += tax;
    fig.parts.set(partNo, p);
    for (const box of part?.boxes ?? []) add(group, box, 0n, tax);
    const account = Number(r.account_id);
    accountTax.set(account, (accountTax.get(account) ?? 0n) + amount);
  }

  const labels = boxLabels([...new Set([...boxes.keys()].map((k) => k.split("\u0000")[1]!))]);
  const allBoxes = [...boxes.entries()].map(([key, v]): TaxReturnBox => {
    const [group, box] = key.split("\u0000") as [TaxReturnGroup, string];
    return { box, label: labels[box] ?? null, group, base: dec(v.base), tax: dec(v.tax) };
  });

  const codeFigures: TaxReturnCode[] = [...perCode.entries()]
    .map(([id, fig]) => {
      const c = codes.get(id)!;
      return {
        tax_code_id: id,
        code: c.code,
        name: c.name,
        applies_to: c.applies_to,
        base: dec(fig.base),
        parts: [...fig.parts.entries()]
          .sort(([a], [b]) => a - b)
          .map(([partNo, p]) => {
            const part = c.parts.get(partNo);
            return {
              part_no: partNo,
              name: part?.name ?? `Part ${partNo}`,
              role: part?.role ?? "deductible",
              account_id: part?.account_id ?? 0,
              base: dec(p.base),
              tax: dec(p.tax),
            };
          }),
      };
    })
    .sort((a, b) => a.code.localeCompare(b.code));

  // Every tax account of the codes, and any account a tax line of the period went to.
  const taxAccounts = new Set<number>(accountTax.keys());
  for (const c of codes.values()) for (const p of c.parts.values()) taxAccounts.add(p.account_id);
  const reconciliation = await reconcile(db, orgId, from, to, [...taxAccounts], accountTax, basis);

  return {
    from,
    to,
    basis,
    boxes: allBoxes.filter((b) => b.group === "boxes").sort(byBox),
    corrections: allBoxes.filter((b) => b.group === "corrections").sort(byBox),
    codes: codeFigures,
    due: dec(due),
    deductible: dec(deductible),
    net: dec(due - deductible),
    reconciliation,
    line_count: lineCount,
  };
}

/**
 * Each tax account's movement in the period from every posted line (from the day totals, less the settlements of
 * filed returns dated in the period) beside the return's tax on it (debit positive). A difference is what was posted
 * to the account without a tax code.
 *
 * On the cash basis the tax of invoices and bills still unpaid is in the account and not in the return: the movement
 * is the return's tax plus the change in that unpaid tax over the period plus the difference; the account's balance on
 * the period's end (before this period's settlement) is the return's tax, plus the unpaid tax on that day, plus what
 * earlier periods left in the account (not settled by a filed return, or posted without a code), plus the difference.
 */
async function reconcile(
  db: Db,
  orgId: number,
  from: string,
  to: string,
  accounts: number[],
  accountTax: Map<number, bigint>,
  basis: TaxBasis,
): Promise<TaxReturnAccount[]> {
  if (accounts.length === 0) return [];
  const ids = `{${accounts.join(",")}}`;
  const cash = basis === "cash";
  const opening = cash
    ? sql`(select sum(t.debit_total - t.credit_total) from account_day_totals t
            where t.organization_id = ${orgId} and t.account_id = a.id and t.day < ${from}::date)::text`
    : sql`null::text`;
  const [rows, unpaidRows] = await Promise.all([
    queryRows<{ id: number; account_code: string; account_name: string; movement: string | null; settled: string | null; opening: string | null }>(
    db,
    sql`select a.id, a.account_code, a.account_name, ${opening} as opening,
               (select sum(t.debit_total - t.credit_total) from account_day_totals t
                 where t.organization_id = ${orgId} and t.account_id = a.id and t.day between ${from}::date and ${to}::date)::text as movement,
               (select sum(l.debit_amount - l.credit_amount) from tax_returns r
                  join journal_entries e on e.id = r.settlement_entry_id and e.status = 'posted'
                  join journal_entry_lines l on l.journal_entry_id = e.id and l.account_id = a.id
                 where r.organization_id = ${orgId} and e.entry_date between ${from}::date and ${to}::date)::text as settled
          from chart_of_accounts a
         where a.organization_id = ${orgId} and a.id = any(${ids}::integer[])
         order by a.account_code`,
    ),
    cash
      ? queryRows<{ account_id: number; unpaid_start: string; unpaid_end: string }>(db, unpaidTaxByAccount(orgId, from, to))
      : Promise.resolve([]),
  ]);
  const unpaid = new Map(unpaidRows.map((u) => [Number(u.account_id), { start: cents(u.unpaid_start), end: cents(u.unpaid_end) }]));
  return rows.map((r): TaxReturnAccount => {
    const movement = cents(r.movement) - cents(r.settled);
    const tax = accountTax.get(Number(r.id)) ?? 0n;
    const account = { account_id: Number(r.id), account_code: r.account_code, account_name: r.account_name, movement: dec(movement), return_tax: dec(tax) };
    if (!cash) return { ...account, difference: dec(movement - tax) };
    const u = unpaid.get(Number(r.id)) ?? { start: 0n, end: 0n };
    const difference = movement - tax - (u.end - u.start);
    const opening = cents(r.opening);
    return {
      ...account,
      difference: dec(difference),
      cash: {
        balance: dec(opening + movement),
        unpaid: dec(u.end),
        unpaid_start: dec(u.start),
        earlier: dec(opening - u.start),
      },
    };
  });
}
