/*
 * The lines behind one box of a period's tax return (decision 112), a page at a time: keyset paging on the entry's
 * date, the entry and the line, the cursor being the last line's three keys.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { correction } from "./tax-return.server.ts";
import type { TaxReturnGroup, TaxReturnLine, TaxReturnLinesAnswer } from "./tax-return.types.ts";

const cents = (d: string | null | undefined) => toCents(d ?? "0") ?? 0n;
const dec = centsToDecimal;

/** A cursor of the lines' list: the last line's date, entry and line ids. */
const cursorOf = (l: { entry_date: string; entry_id: number; line_id: number }) => `${l.entry_date}.${l.entry_id}.${l.line_id}`;

/**
 * The lines behind one box of the return, in date order, `limit` at a time after the cursor `after`: the taxed lines
 * of the codes whose base feeds the box and the tax lines of the parts whose tax does, signed as the box counts them.
 */
export async function taxReturnLines(
  db: Db,
  m: Membership,
  q: { from: string; to: string; box: string; group?: TaxReturnGroup; after?: string; limit?: number },
): Promise<TaxReturnLinesAnswer> {
  const orgId = m.organizationId;
  const limit = q.limit ?? 100;
  const [afterDate, afterEntry, afterLine] = q.after ? (q.after.split(".") as [string, string, string]) : [null, null, null];
  const keyset = afterDate
    ? sql`and (e.entry_date, e.id, l.id) > (${afterDate}::date, ${Number(afterEntry)}::integer, ${Number(afterLine)}::bigint)`
    : sql``;
  const wanted = (q.group ?? "boxes") === "corrections" ? sql`` : sql`not`;
  const rows = await queryRows<
    TaxReturnLine & { base_raw: string | null; amount: string; applies_to: string; role: string | null; in_base: boolean; in_tax: boolean }
  >(
    db,
    sql`select l.id as line_id, e.id as entry_id, e.entry_number, to_char(e.entry_date, 'YYYY-MM-DD') as entry_date,
               coalesce(nullif(l.description, ''), e.description) as description, a.account_code, a.account_name, c.code as tax_code,
               c.applies_to, p.role, l.tax_base::text as base_raw, (l.debit_amount - l.credit_amount)::text as amount,
               (l.tax_part_no is null and ${q.box} = any(c.base_boxes)) as in_base,
               (l.tax_part_no is not null and ${q.box} = any(p.boxes)) as in_tax
          from journal_entry_lines l
          join journal_entries e on e.id = l.journal_entry_id
          join tax_codes c on c.id = l.tax_code_id
          left join tax_code_parts p on p.tax_code_id = l.tax_code_id and p.part_no = l.tax_part_no
          join chart_of_accounts a on a.id = l.account_id
         where l.organization_id = ${orgId} and l.tax_code_id is not null
           and e.organization_id = ${orgId} and e.status = 'posted' and e.entry_date between ${q.from}::date and ${q.to}::date
           and ((l.tax_part_no is null and ${q.box} = any(c.base_boxes)) or (l.tax_part_no is not null and ${q.box} = any(p.boxes)))
           and ${wanted} ${correction(orgId, q.from)}
           ${keyset}
         order by e.entry_date, e.id, l.id
         limit ${limit + 1}`,
  );
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
      description: r.description,
      account_code: r.account_code,
      account_name: r.account_name,
      tax_code: r.tax_code,
      base: r.in_base || r.in_tax ? dec(base) : null,
      tax: r.in_tax ? dec(r.role === "due" ? -amount : amount) : null,
    };
  });
  const last = page.at(-1);
  return { lines, next: rows.length > limit && last ? cursorOf({ ...last }) : null };
}
