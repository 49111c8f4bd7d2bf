import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { notFound } from "./accounting-errors.server.ts";
import type { Membership } from "./organizations.server.ts";
import type { AuditEvent, EntryDetails, EntryLine, EntryListItem, EntryPage, EntrySummary } from "./accounting.types.ts";
import { JOURNAL_PAGE_SIZE, type JournalQuery } from "./accounting.schema.ts";

/** Reading journal entries: the list, one entry with its lines and history, one entry's summary. */

/** An entry's summary columns, written once: over an alias (`e`) in queries, bare in a RETURNING clause. */
const SUMMARY_COLUMNS = [
  "id",
  "entry_number",
  "entry_date::text as entry_date",
  "description",
  "reference",
  "total_amount::text as total_amount",
  "status",
  "reversal_of",
  "reversed_by",
];
export const summaryColumns = (alias?: string) => sql.raw(SUMMARY_COLUMNS.map((c) => (alias ? `${alias}.${c}` : c)).join(", "));

/** `%`, `_` and `\\` taken literally in an ILIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the journal, newest first by entry date, then by number, with the query's filters (journalQuerySchema):
 * each word of `q` must appear in the entry's number, description or reference.
 */
export async function listEntries(db: Db, m: Membership, q: JournalQuery): Promise<EntryPage> {
  const where = [sql`e.organization_id = ${m.organizationId}`];
  if (q.status) where.push(sql`e.status = ${q.status}`);
  if (q.from) where.push(sql`e.entry_date >= ${q.from}::date`);
  if (q.to) where.push(sql`e.entry_date <= ${q.to}::date`);
  if (q.account)
    where.push(sql`exists (select 1 from journal_entry_lines l
                            where l.journal_entry_id = e.id and l.organization_id = ${m.organizationId} and l.account_id = ${q.account})`);
  for (const word of (q.q ?? "").split(/\s+/).filter(Boolean).slice(0, 10)) {
    const pattern = `%${likeLiteral(word)}%`;
    where.push(sql`(e.entry_number ilike ${pattern} or e.description ilike ${pattern} or coalesce(e.reference, '') ilike ${pattern})`);
  }
  const offset = (q.page - 1) * JOURNAL_PAGE_SIZE;
  const rows = await queryRows<EntryListItem>(
    db,
    sql`select ${summaryColumns("e")}, ro.entry_number as reversal_of_number, rb.entry_number as reversed_by_number
          from journal_entries e
          left join journal_entries ro on ro.id = e.reversal_of
          left join journal_entries rb on rb.id = e.reversed_by
         where ${sql.join(where, sql` and `)}
         order by e.entry_date desc, e.entry_seq desc limit ${JOURNAL_PAGE_SIZE + 1} offset ${offset}`,
  );
  const [drafts] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from journal_entries where organization_id = ${m.organizationId} and status = 'draft'`,
  );
  return {
    entries: rows.slice(0, JOURNAL_PAGE_SIZE),
    page: q.page,
    has_more: rows.length > JOURNAL_PAGE_SIZE,
    draft_count: Number(drafts?.n ?? 0),
  };
}

export async function getEntry(db: Db, m: Membership, id: number): Promise<EntryDetails> {
  const [entry] = await queryRows<Omit<EntryDetails, "lines" | "audit">>(
    db,
    sql`select ${summaryColumns("e")}, e.created_at, cu.name as created_by_name, e.posted_at, pu.name as posted_by_name,
               ro.entry_number as reversal_of_number, rb.entry_number as reversed_by_number
          from journal_entries e
          left join users cu on cu.id = e.created_by
          left join users pu on pu.id = e.posted_by
          left join journal_entries ro on ro.id = e.reversal_of
          left join journal_entries rb on rb.id = e.reversed_by
         where e.id = ${id} and e.organization_id = ${m.organizationId}`,
  );
  if (!entry) throw notFound("Journal entry");
  const lines = await queryRows<EntryLine>(
    db,
    sql`select l.id, l.line_no, l.account_id, a.account_code, a.account_name, a.account_type, l.description,
               l.debit_amount::text as debit_amount, l.credit_amount::text as credit_amount
          from journal_entry_lines l join chart_of_accounts a on a.id = l.account_id
         where l.journal_entry_id = ${id} and l.organization_id = ${m.organizationId}
         order by l.line_no`,
  );
  const audit = await queryRows<AuditEvent>(
    db,
    sql`select x.action, x.at, u.name as user_name, x.detail
          from journal_entry_audit x left join users u on u.id = x.user_id
         where x.journal_entry_id = ${id} and x.organization_id = ${m.organizationId}
         order by x.id`,
  );
  return { ...entry, lines, audit };
}

/** One entry's summary; 404 when it is not the organization's. */
export async function summary(db: Db, m: Membership, id: number): Promise<EntrySummary> {
  const [row] = await queryRows<EntrySummary>(
    db,
    sql`select ${summaryColumns("e")} from journal_entries e where e.id = ${id} and e.organization_id = ${m.organizationId}`,
  );
  if (!row) throw notFound("Journal entry");
  return row;
}
