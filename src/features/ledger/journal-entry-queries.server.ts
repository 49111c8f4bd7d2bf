import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { notFound } from "./ledger-errors.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import type { AuditEvent, EntryDetails, EntryLine, EntryListItem, EntryPage, EntrySummary } from "./ledger.types.ts";
import { JOURNAL_PAGE_SIZE, type JournalQuery } from "./ledger.schema.ts";

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
 * A word of the search that reads as an amount (`1234.56`, `1234.5`, `1,234.56`, `$68.50`, `-€68.50`, `100`): also the
 * entry's total (a payment's minus sign and a currency sign left aside).
 */
export function searchAmount(word: string): string | null {
  const m = /^(?:-?[$€£]?|[$€£]-)((?:\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.\d{1,2})?)$/.exec(word);
  return m ? m[1]!.replace(/,/g, "") : null;
}

const isDay = (d: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  if (!m || m[1] === "0000") return false;
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
};

/**
 * A word of the search that reads as a day (`2026-03-02`) or a range of days (`2026-03-01..2026-03-31`, either way
 * round): also the entries dated then. Null for anything else (`2026-02-30` is only text).
 */
export function searchDates(word: string): { from: string; to: string } | null {
  const [a, b, ...rest] = word.split("..");
  if (rest.length > 0 || !a || !isDay(a)) return null;
  if (b === undefined) return { from: a, to: a };
  if (!isDay(b)) return null;
  return a <= b ? { from: a, to: b } : { from: b, to: a };
}

/** An entry's searchable text: the expression of the trigram index journal_entries_search_idx (migration 0025). */
const SEARCH_TEXT = sql.raw(`(e.entry_number || ' ' || e.description || ' ' || coalesce(e.reference, ''))`);

/**
 * One page of the journal (`limit` entries, 100 unless asked for fewer), newest first by entry date, then by number,
 * with the query's filters (journalQuerySchema): each word of `q` must appear in the entry's number, description or
 * reference, or be its total, or its date (a day or a range of days). The page's ids are chosen first
 * (from the order index; for an account, from that account's lines), then their rows are read.
 */
export async function listEntries(db: Db, m: Membership, q: JournalQuery): Promise<EntryPage> {
  const where = [sql`e.organization_id = ${m.organizationId}`];
  if (q.status) where.push(sql`e.status = ${q.status}`);
  if (q.from) where.push(sql`e.entry_date >= ${q.from}::date`);
  if (q.to) where.push(sql`e.entry_date <= ${q.to}::date`);
  for (const word of (q.q ?? "").split(/\s+/).filter(Boolean).slice(0, 10)) {
    const either = [sql`${SEARCH_TEXT} ilike ${`%${likeLiteral(word)}%`}`];
    const amount = searchAmount(word);
    if (amount !== null) either.push(sql`e.total_amount = ${amount}::numeric`);
    const dates = searchDates(word);
    if (dates) either.push(sql`e.entry_date between ${dates.from}::date and ${dates.to}::date`);
    where.push(sql`(${sql.join(either, sql` or `)})`);
  }
  // An account's entries come from its lines (a few of the organization's), not from walking every entry.
  const onAccount = q.account
    ? sql`with on_account as materialized (
            select distinct journal_entry_id as id from journal_entry_lines
             where organization_id = ${m.organizationId} and account_id = ${q.account})`
    : sql``;
  if (q.account) where.push(sql`e.id in (select id from on_account)`);
  const size = q.limit ?? JOURNAL_PAGE_SIZE;
  const offset = (q.page - 1) * size;
  const rows = await queryRows<EntryListItem>(
    db,
    sql`${onAccount}
        select ${summaryColumns("e")}, ro.entry_number as reversal_of_number, rb.entry_number as reversed_by_number
          from (select e.id from journal_entries e
                 where ${sql.join(where, sql` and `)}
                 order by e.entry_date desc, e.entry_seq desc limit ${size + 1} offset ${offset}) page
          join journal_entries e on e.id = page.id
          left join journal_entries ro on ro.id = e.reversal_of
          left join journal_entries rb on rb.id = e.reversed_by
         order by e.entry_date desc, e.entry_seq desc`,
  );
  const [drafts] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from journal_entries where organization_id = ${m.organizationId} and status = 'draft'`,
  );
  return {
    entries: rows.slice(0, size),
    page: q.page,
    has_more: rows.length > size,
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
               l.debit_amount::text as debit_amount, l.credit_amount::text as credit_amount,
               l.tax_code_id, t.code as tax_code, l.tax_part_no, l.tax_base::text as tax_base
          from journal_entry_lines l join chart_of_accounts a on a.id = l.account_id
          left join tax_codes t on t.id = l.tax_code_id
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
