/*
 * The lines behind one figure of a period's tax return (decision 112): a box's, or a tax code's and its parts' (the
 * return's "By tax code"), a page at a time: keyset paging on the entry's date, the entry and the line, the cursor
 * being the last line's three keys. On the cash basis the rows are the return's pieces (tax-return-cash.server.ts): a
 * line's share settled by an allocation, on the allocation's date, or a line counted on its entry's date; the cursor
 * adds the allocation (0 for the latter).
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { cashPieces } from "./tax-return-cash.server.ts";
import { correction, taxBasisOf } from "./tax-return.server.ts";
import type { TaxReturnGroup, TaxReturnLine, TaxReturnLinesAnswer } from "./tax-return.types.ts";

const cents = (d: string | null | undefined) => toCents(d ?? "0") ?? 0n;
const dec = centsToDecimal;

/** A cursor of the lines' list: the last line's date, entry and line ids (and on the cash basis its allocation, or 0). */
const cursorOf = (
  l: { entry_date: string; entry_id: number; line_id: number; allocation_id: number | null; settled_on: string | null },
  cash: boolean,
) =>
  cash
    ? `${l.settled_on ?? l.entry_date}.${l.entry_id}.${l.line_id}.${l.allocation_id ?? 0}`
    : `${l.entry_date}.${l.entry_id}.${l.line_id}`;

type LineRow = TaxReturnLine & {
  base_raw: string | null;
  amount: string;
  applies_to: string;
  role: string | null;
  in_base: boolean;
  in_tax: boolean;
};

/** The figure whose lines are asked for: a box of a group, or a tax code's base, or one of its parts. */
export type LinesOf = { box: string; group?: TaxReturnGroup } | { code: number; part?: number };

/** A line's (or piece's) columns the figure is told by: its code and part, and the part's boxes. */
interface Columns {
  code: SQL;
  part: SQL;
  boxes: SQL;
  correction: SQL;
}

/**
 * Whether a line adds to the figure's base (`inBase`: a taxed line) or to its tax (`inTax`: a tax line, with the base it
 * was computed on), and which group it must be in. A box takes the taxed lines of the codes whose base feeds it and the
 * tax lines of the parts whose tax does, of its group; a code its taxed lines, a part its tax lines, of both groups (as
 * the return's figures per code count them).
 */
function figure(of: LinesOf, c: Columns): { inBase: SQL; inTax: SQL; group: SQL } {
  if ("box" in of) {
    const wanted = (of.group ?? "boxes") === "corrections" ? sql`${c.correction}` : sql`not ${c.correction}`;
    return {
      inBase: sql`(${c.part} is null and ${of.box} = any(tc.base_boxes))`,
      inTax: sql`(${c.part} is not null and ${of.box} = any(${c.boxes}))`,
      group: wanted,
    };
  }
  const code = sql`${c.code} = ${of.code}::integer`;
  return of.part === undefined
    ? { inBase: sql`(${c.part} is null and ${code})`, inTax: sql`false`, group: sql`true` }
    : { inBase: sql`false`, inTax: sql`(${code} and ${c.part} = ${of.part}::integer)`, group: sql`true` };
}

/**
 * The lines behind one figure of the return, in date order, `limit` at a time after the cursor `after`, signed as the
 * figure counts them: a box's (`box`, `group`), a tax code's base (`code`) or one of its parts' base and tax (`code`, `part`).
 */
export async function taxReturnLines(
  db: Db,
  m: Membership,
  q: { from: string; to: string; box?: string; group?: TaxReturnGroup; code?: number; part?: number; after?: string; limit?: number },
): Promise<TaxReturnLinesAnswer> {
  const orgId = m.organizationId;
  const limit = q.limit ?? 100;
  const cash = (await taxBasisOf(db, orgId)) === "cash";
  const [afterDate, afterEntry, afterLine, afterAllocation] = q.after
    ? (q.after.split(".") as [string, string, string, string | undefined])
    : [null, null, null, undefined];
  const of: LinesOf = q.code !== undefined ? { code: q.code, part: q.part } : { box: q.box ?? "", group: q.group };
  const rows = cash
    ? await cashLines(db, orgId, q, of, limit, afterDate ? [afterDate, afterEntry!, afterLine!, afterAllocation ?? "0"] : null)
    : await invoiceLines(db, orgId, q, of, limit, afterDate ? [afterDate, afterEntry!, afterLine!] : null);
  const page = rows.slice(0, limit);
  const lines = page.map((r): TaxReturnLine => {
    const sign = r.applies_to === "sales" ? -1n : 1n;
    const base = sign * cents(r.base_raw);
    const amount = cents(r.amount);
    return {
      line_id: Number(r.line_id),
      entry_id: Number(r.entry_id),
      entry_number: r.entry_number,
      entry_date: r.entry_date,
      allocation_id: r.allocation_id == null ? null : Number(r.allocation_id),
      settled_on: r.settled_on,
      description: r.description,
      account_code: r.account_code,
      account_name: r.account_name,
      tax_code: r.tax_code,
      base: r.in_base || r.in_tax ? dec(base) : null,
      tax: r.in_tax ? dec(r.role === "due" ? -amount : amount) : null,
    };
  });
  const last = lines.at(-1);
  return { lines, next: rows.length > limit && last ? cursorOf(last, cash) : null };
}

type Query = { from: string; to: string };

/** The invoice basis: the tax-coded lines of the entries dated in the period. */
function invoiceLines(db: Db, orgId: number, q: Query, of: LinesOf, limit: number, after: [string, string, string] | null) {
  const keyset = after
    ? sql`and (e.entry_date, e.id, l.id) > (${after[0]}::date, ${Number(after[1])}::integer, ${Number(after[2])}::bigint)`
    : sql``;
  const f = figure(of, { code: sql`l.tax_code_id`, part: sql`l.tax_part_no`, boxes: sql`p.boxes`, correction: correction(orgId, q.from) });
  return queryRows<LineRow>(
    db,
    sql`select l.id as line_id, e.id as entry_id, e.entry_number, to_char(e.entry_date, 'YYYY-MM-DD') as entry_date,
               null::bigint as allocation_id, null::text as settled_on,
               coalesce(nullif(l.description, ''), e.description) as description, a.account_code, a.account_name, tc.code as tax_code,
               tc.applies_to, p.role, l.tax_base::text as base_raw, (l.debit_amount - l.credit_amount)::text as amount,
               ${f.inBase} as in_base, ${f.inTax} as in_tax
          from journal_entry_lines l
          join journal_entries e on e.id = l.journal_entry_id
          join tax_codes tc on tc.id = l.tax_code_id
          left join tax_code_parts p on p.tax_code_id = l.tax_code_id and p.part_no = l.tax_part_no
          join chart_of_accounts a on a.id = l.account_id
         where l.organization_id = ${orgId} and l.tax_code_id is not null
           and e.organization_id = ${orgId} and e.status = 'posted' and e.entry_date between ${q.from}::date and ${q.to}::date
           and (${f.inBase} or ${f.inTax})
           and ${f.group}
           ${keyset}
         order by e.entry_date, e.id, l.id
         limit ${limit + 1}`,
  );
}

/** The cash basis: the return's pieces, each with its line's entry, account and code. */
function cashLines(db: Db, orgId: number, q: Query, of: LinesOf, limit: number, after: [string, string, string, string] | null) {
  const keyset = after
    ? sql`and (p.on_day, p.entry_id, p.line_id, p.allocation_id)
              > (${after[0]}::date, ${Number(after[1])}::integer, ${Number(after[2])}::bigint, ${Number(after[3])}::bigint)`
    : sql``;
  const f = figure(of, { code: sql`p.tax_code_id`, part: sql`p.tax_part_no`, boxes: sql`pt.boxes`, correction: sql`p.correction` });
  return queryRows<LineRow>(
    db,
    sql`select p.line_id, p.entry_id, e.entry_number, to_char(e.entry_date, 'YYYY-MM-DD') as entry_date,
               nullif(p.allocation_id, 0) as allocation_id,
               case when p.allocation_id = 0 then null else to_char(p.on_day, 'YYYY-MM-DD') end as settled_on,
               coalesce(nullif(l.description, ''), e.description) as description, a.account_code, a.account_name, tc.code as tax_code,
               tc.applies_to, pt.role, p.base::text as base_raw, p.amount::text as amount,
               ${f.inBase} as in_base, ${f.inTax} as in_tax
          from (${cashPieces(orgId, q.from, q.to, correction(orgId, q.from))}) p
          join journal_entry_lines l on l.id = p.line_id
          join journal_entries e on e.id = p.entry_id
          join tax_codes tc on tc.id = p.tax_code_id
          left join tax_code_parts pt on pt.tax_code_id = p.tax_code_id and pt.part_no = p.tax_part_no
          join chart_of_accounts a on a.id = p.account_id
         where (${f.inBase} or ${f.inTax})
           and ${f.group}
           ${keyset}
         order by p.on_day, p.entry_id, p.line_id, p.allocation_id
         limit ${limit + 1}`,
  );
}
