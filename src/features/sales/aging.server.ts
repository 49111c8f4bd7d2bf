import { sql, type SQL } from "drizzle-orm";
import { todayIso } from "~/lib/format.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { ALLOCATED } from "./allocations.server.ts";
import { openItemOf } from "./open-items.server.ts";
import { KIND_LABELS } from "./document-math.ts";
import { readSalesSettings } from "./sales-settings.server.ts";
import { AGING_BUCKETS, type AgingBucket, type DocumentKind, type Side } from "./sales.schema.ts";
import type { AgingReport, AgingRow, OpenItem, Statement, StatementLine } from "./sales.types.ts";

/*
 * What is owed, as of any day (decision 116): every line of the control account posted on or before the day, less its
 * allocations dated on or before it, aged from its due date (a document's, else the entry's date): current (not yet
 * due), 1–30, 31–60, 61–90 and over 90 days past due. Lines of the control account that name no contact are counted too
 * (as "No contact"), so that the aging's total is the control account's balance on that day, and the report shows both.
 */

/** The bucket of an item `days` past due, as SQL. */
const bucketOf = (days: SQL) => sql`case when ${days} <= 0 then 'current' when ${days} <= 30 then '1_30' when ${days} <= 60 then '31_60'
                                          when ${days} <= 90 then '61_90' else 'over_90' end`;

/**
 * The lines of the control account posted or not, with what is open on each on a day in the journal's sense (debit
 * positive), those with something open only. Of one contact (and of those merged into it) when named: its lines through
 * their index, each line's allocations read by theirs. Else set-based over the whole account (0051's indexes): its debit
 * lines, in line order, beside the debit side of the organization's live allocations summed per line in the same order,
 * and its credit lines beside the credit side (an allocation settles a debit line with a credit line, so a line is only
 * ever on one side of it); no lookup per line.
 */
function openLines(organizationId: number, account: number, asOf: string, contactId?: number): SQL {
  if (contactId != null)
    return sql`select l.id, l.journal_entry_id, l.contact_id, l.debit_amount - l.credit_amount as amount,
                      sign(l.debit_amount - l.credit_amount) * (abs(l.debit_amount - l.credit_amount) - ${ALLOCATED(sql`l.id`, sql`${asOf}::date`)}) as open
                 from journal_entry_lines l
                where l.organization_id = ${organizationId} and l.account_id = ${account}
                  and l.contact_id in (select x.id from contacts x where x.organization_id = ${organizationId} and (x.id = ${contactId} or x.merged_into = ${contactId}))`;
  const side = (settles: "debit_line_id" | "credit_line_id", lines: "debit_amount" | "credit_amount", sign: SQL) =>
    sql`select l.id, l.journal_entry_id, l.contact_id, l.debit_amount - l.credit_amount as amount,
               l.debit_amount - l.credit_amount - ${sign} * case when l.contact_id is null then 0 else coalesce(a.amount, 0) end as open
          from journal_entry_lines l
          left join (select a.${sql.raw(settles)} as line_id, sum(a.amount) as amount from allocations a
                      where a.organization_id = ${organizationId} and a.undone_at is null and a.allocated_on <= ${asOf}::date
                      group by 1) a on a.line_id = l.id
         where l.organization_id = ${organizationId} and l.account_id = ${account} and l.${sql.raw(lines)} > 0`;
  return sql`${side("debit_line_id", "debit_amount", sql`1`)} union all ${side("credit_line_id", "credit_amount", sql`-1`)}`;
}

/**
 * The open part of every item of the control account on a day (of one contact when named), signed in the side's sense
 * (positive is owed), with its contact (a merged contact read as the one it was merged into) and bucket, as a subquery.
 */
function openOn(organizationId: number, account: number, side: Side, asOf: string, contactId?: number): SQL {
  const sign = side === "receivable" ? sql`1` : sql`-1`;
  return sql`select o.id, coalesce(c.merged_into, o.contact_id) as contact_id, e.id as entry_id, e.entry_number, e.entry_date,
                    coalesce(d.due_date, e.entry_date) as due_date, d.id as document_id, d.number as document_number, d.kind as document_kind,
                    e.description, e.reference, o.amount * ${sign} as amount, o.open * ${sign} as open,
                    ${bucketOf(sql`(${asOf}::date - coalesce(d.due_date, e.entry_date))`)} as bucket
               from (${openLines(organizationId, account, asOf, contactId)}) o
               join journal_entries e on e.id = o.journal_entry_id and e.status = 'posted' and e.entry_date <= ${asOf}::date
               left join contacts c on c.id = o.contact_id
               left join sales_documents d on d.journal_entry_id = e.id
              where o.open <> 0`;
}

/**
 * The aging's read over a whole account, planned as measured (bench/sales-bench.ts): without JIT (compiling its plan
 * took longer than running it) and without parallel workers (each worker summed every allocation again).
 */
function asMeasured<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return read(tx);
  });
}

const zeroBuckets = (): Record<AgingBucket, bigint> => ({ current: 0n, "1_30": 0n, "31_60": 0n, "61_90": 0n, over_90: 0n });
const decimals = (b: Record<AgingBucket, bigint>) =>
  Object.fromEntries(AGING_BUCKETS.map((k) => [k, centsToDecimal(b[k])])) as Record<AgingBucket, string>;

/**
 * The aging's statement: what is open on a side on a day, by contact and bucket (the bench runs it bare beside the API).
 * Summed by contact id and bucket first (hashed, no sort of the items by name), the contacts' names read after.
 */
export function agingSql(organizationId: number, account: number, side: Side, asOf: string): SQL {
  return sql`select g.contact_id, c.name as contact_name, g.bucket, g.open::text as open
               from (select o.contact_id, o.bucket, sum(o.open) as open from (${openOn(organizationId, account, side, asOf)}) o
                      group by o.contact_id, o.bucket) g
               left join contacts c on c.id = g.contact_id`;
}

/** The aging of a side on a day, by contact, with the control account's balance on that day beside its total. */
export async function agingReport(db: Db, m: Membership, side: Side, asOf = todayIso()): Promise<AgingReport> {
  const settings = await readSalesSettings(db, m.organizationId);
  const account = side === "receivable" ? settings.receivable_account_id : settings.payable_account_id;
  const sign = side === "receivable" ? sql`1` : sql`-1`;
  const [rows, [control]] = await Promise.all([
    asMeasured(db, (tx) =>
      queryRows<{ contact_id: number | null; contact_name: string | null; bucket: AgingBucket; open: string }>(
        tx,
        agingSql(m.organizationId, account, side, asOf),
      ),
    ),
    // The ledger's balance of the account that day, from the day totals of posted entries it keeps (as the trial balance).
    queryRows<{ id: number; code: string; name: string; balance: string }>(
      db,
      sql`select a.id, a.account_code as code, a.account_name as name,
                 coalesce((select sum((t.debit_total - t.credit_total) * ${sign}) from account_day_totals t
                            where t.organization_id = ${m.organizationId} and t.account_id = a.id and t.day <= ${asOf}::date), 0)::text as balance
            from chart_of_accounts a where a.id = ${account}`,
    ),
  ]);
  const byContact = new Map<string, { contact_id: number | null; contact_name: string; buckets: Record<AgingBucket, bigint> }>();
  const totals = zeroBuckets();
  for (const r of rows) {
    const key = String(r.contact_id ?? "none");
    const row = byContact.get(key) ?? {
      contact_id: r.contact_id == null ? null : Number(r.contact_id),
      contact_name: r.contact_name ?? "No contact",
      buckets: zeroBuckets(),
    };
    const cents = toCents(r.open)!;
    row.buckets[r.bucket] += cents;
    totals[r.bucket] += cents;
    byContact.set(key, row);
  }
  const sum = (b: Record<AgingBucket, bigint>) => AGING_BUCKETS.reduce((s, k) => s + b[k], 0n);
  const list: AgingRow[] = [...byContact.values()]
    .sort((a, b) => (a.contact_id == null ? 1 : b.contact_id == null ? -1 : a.contact_name.localeCompare(b.contact_name)))
    .map((r) => ({
      contact_id: r.contact_id,
      contact_name: r.contact_name,
      buckets: decimals(r.buckets),
      total: centsToDecimal(sum(r.buckets)),
    }));
  return {
    side,
    as_of: asOf,
    currency: m.currency,
    rows: list,
    totals: { ...decimals(totals), total: centsToDecimal(sum(totals)) },
    control_account: {
      id: Number(control!.id),
      code: control!.code,
      name: control!.name,
      balance: centsToDecimal(toCents(control!.balance)!),
    },
  };
}

/** The items behind one figure of the aging: of a contact ("none": lines with no contact), of a bucket, or all. */
export async function agingItems(
  db: Db,
  m: Membership,
  q: { side: Side; as_of?: string | undefined; contact_id?: number | "none" | undefined; bucket?: AgingBucket | undefined },
): Promise<OpenItem[]> {
  const settings = await readSalesSettings(db, m.organizationId);
  const account = q.side === "receivable" ? settings.receivable_account_id : settings.payable_account_id;
  const asOf = q.as_of ?? todayIso();
  const rows = await queryRows<OpenItem>(
    db,
    sql`select o.id as item_id, o.contact_id, c.name as contact_name, o.entry_id, o.entry_number, o.entry_date::text as date,
               o.due_date::text as due_date, o.document_id, o.document_number, o.document_kind, o.description, o.reference,
               o.amount::text as amount, o.open::text as open
          from (${openOn(m.organizationId, account, q.side, asOf, typeof q.contact_id === "number" ? q.contact_id : undefined)}) o
          left join contacts c on c.id = o.contact_id
         where o.open <> 0
           ${q.contact_id === "none" ? sql`and o.contact_id is null` : q.contact_id ? sql`and o.contact_id = ${q.contact_id}` : sql``}
           ${q.bucket ? sql`and o.bucket = ${q.bucket}` : sql``}
         order by o.due_date, o.entry_date, o.id
         limit 5000`,
  );
  return rows.map(openItemOf);
}

/**
 * A contact's statement for a period on a side: the balance brought forward, every line of the period (documents,
 * payments, credits, voids) with the running balance, the balance carried, and what is due on the last day by age.
 */
export async function statement(db: Db, m: Membership, contactId: number, side: Side, from: string, to: string): Promise<Statement> {
  const settings = await readSalesSettings(db, m.organizationId);
  const account = side === "receivable" ? settings.receivable_account_id : settings.payable_account_id;
  const sign = side === "receivable" ? sql`1` : sql`-1`;
  const [contact] = await queryRows<Statement["contact"]>(
    db,
    sql`select id, name, email, address from contacts where organization_id = ${m.organizationId} and id = ${contactId} and merged_into is null`,
  );
  if (!contact) throw notFound("Contact");
  const contacts = sql`(select x.id from contacts x where x.organization_id = ${m.organizationId} and (x.id = ${contactId} or x.merged_into = ${contactId}))`;
  const [opening] = await queryRows<{ balance: string }>(
    db,
    sql`select coalesce(sum((l.debit_amount - l.credit_amount) * ${sign}), 0)::text as balance
          from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id and e.status = 'posted' and e.entry_date < ${from}::date
         where l.organization_id = ${m.organizationId} and l.account_id = ${account} and l.contact_id in ${contacts}`,
  );
  const rows = await queryRows<{
    date: string;
    entry_number: string;
    document_id: number | null;
    document_number: string | null;
    document_kind: DocumentKind | null;
    description: string;
    amount: string;
  }>(
    db,
    sql`select e.entry_date::text as date, e.entry_number, d.id as document_id, d.number as document_number, d.kind as document_kind,
               e.description, ((l.debit_amount - l.credit_amount) * ${sign})::text as amount
          from journal_entry_lines l
          join journal_entries e on e.id = l.journal_entry_id and e.status = 'posted' and e.entry_date between ${from}::date and ${to}::date
          left join sales_documents d on d.journal_entry_id = e.id
         where l.organization_id = ${m.organizationId} and l.account_id = ${account} and l.contact_id in ${contacts}
         order by e.entry_date, e.entry_seq, l.id`,
  );
  let balance = toCents(opening!.balance)!;
  const lines: StatementLine[] = rows.map((r) => {
    const cents = toCents(r.amount)!;
    balance += cents;
    return {
      date: r.date,
      entry_number: r.entry_number,
      document_id: r.document_id == null ? null : Number(r.document_id),
      document_number: r.document_number,
      description: r.document_kind && r.document_number ? `${KIND_LABELS[r.document_kind]} ${r.document_number}` : r.description,
      charge: centsToDecimal(cents > 0n ? cents : 0n),
      credit: centsToDecimal(cents < 0n ? -cents : 0n),
      balance: centsToDecimal(balance),
    };
  });
  const aged = await queryRows<{ bucket: AgingBucket; open: string }>(
    db,
    sql`select o.bucket, sum(o.open)::text as open from (${openOn(m.organizationId, account, side, to, contactId)}) o
         where o.contact_id = ${contactId} and o.open <> 0 group by o.bucket`,
  );
  const buckets = zeroBuckets();
  for (const a of aged) buckets[a.bucket] += toCents(a.open)!;
  const [org] = await queryRows<{ name: string; address: string | null }>(
    db,
    sql`select name, null::text as address from organizations where id = ${m.organizationId}`,
  );
  return {
    contact: { ...contact, id: Number(contact.id) },
    side,
    from,
    to,
    currency: m.currency,
    opening_balance: centsToDecimal(toCents(opening!.balance)!),
    lines,
    closing_balance: centsToDecimal(balance),
    aging: { ...decimals(buckets), total: centsToDecimal(AGING_BUCKETS.reduce((s, k) => s + buckets[k], 0n)) },
    organization: { name: org?.name ?? m.organizationName, address: org?.address ?? null },
  };
}
