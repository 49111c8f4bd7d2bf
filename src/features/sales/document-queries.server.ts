import { sql, type SQL } from "drizzle-orm";
import { todayIso } from "~/lib/format.ts";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { OWED_OF_ITEM } from "./allocations.server.ts";
import type { DocumentInput, DocumentKind } from "./sales.schema.ts";
import type { DocumentDetails, DocumentPage, DocumentSummary } from "./sales.types.ts";

/*
 * Invoices, credit notes, bills and supplier credits (decision 116). A draft is edited freely; approving it takes the
 * next number of its series (a counter row locked until the transaction ends: gapless) and posts its entry through the
 * ledger's one posting path: its lines with their tax codes (the tax made by the ledger's rules) and, last, the
 * receivable or payable line naming the contact, which carries the total and is the document's open item. Once approved
 * a document is never edited: it is credited, paid or voided (its entry reversed, the reversal settling it).
 * Here the documents as read: a page of them with what is still owed and their state today, one with its lines, taxes,
 * files, links and payments. Saved in document-drafts.server.ts, approved in document-approval.server.ts, voided in
 * document-void.server.ts.
 */

export const PAGE_SIZE = 50;

/** What is still owed on an approved document today, and its state for the reader. */
const owedSql = sql`case when d.status = 'approved' then (${OWED_OF_ITEM(sql`d.journal_entry_id`)}) else 0.00 end`;
const stateSql = (today: string) => sql`case
  when d.status <> 'approved' then d.status
  when (${OWED_OF_ITEM(sql`d.journal_entry_id`)}) = 0 then 'paid'
  when (${OWED_OF_ITEM(sql`d.journal_entry_id`)}) < d.total then 'partly_paid'
  when d.due_date < ${today}::date then 'overdue'
  when d.sent_at is not null then 'sent'
  else 'approved' end`;

const summaryColumns = (today: string) => sql`d.id, d.kind, d.status, (${stateSql(today)}) as state, d.number, d.contact_id,
  c.name as contact_name, d.issue_date::text as issue_date, d.due_date::text as due_date, d.reference,
  coalesce(d.subtotal, 0)::text as subtotal, coalesce(d.tax_total, 0)::text as tax_total, coalesce(d.total, 0)::text as total,
  (${owedSql})::text as owed, d.sent_at`;

const toSummary = <T extends DocumentSummary>(r: T): T => ({ ...r, id: Number(r.id), contact_id: Number(r.contact_id) });

export async function listDocuments(
  db: Db,
  m: Membership,
  q: {
    kind?: DocumentKind | undefined;
    side?: "receivable" | "payable" | undefined;
    status?: string | undefined;
    contact_id?: number | undefined;
    q?: string | undefined;
    page: number;
  },
): Promise<DocumentPage> {
  const today = todayIso();
  const kinds: DocumentKind[] = q.kind
    ? [q.kind]
    : q.side === "payable"
      ? ["bill", "supplier_credit"]
      : q.side === "receivable"
        ? ["invoice", "credit_note"]
        : ["invoice", "credit_note", "bill", "supplier_credit"];
  const like = q.q ? `%${q.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const status: SQL =
    q.status === "unpaid"
      ? sql`and d.status = 'approved' and (${OWED_OF_ITEM(sql`d.journal_entry_id`)}) > 0`
      : q.status === "overdue"
        ? sql`and d.status = 'approved' and d.due_date < ${today}::date and (${OWED_OF_ITEM(sql`d.journal_entry_id`)}) > 0`
        : q.status === "paid"
          ? sql`and d.status = 'approved' and (${OWED_OF_ITEM(sql`d.journal_entry_id`)}) = 0`
          : q.status
            ? sql`and d.status = ${q.status}`
            : sql`and d.status <> 'template'`;
  const where = sql`d.organization_id = ${m.organizationId} and d.kind = any(${pgArray(kinds)}::text[]) ${status}
    ${q.contact_id ? sql`and d.contact_id in (select x.id from contacts x where x.organization_id = ${m.organizationId} and (x.id = ${q.contact_id} or x.merged_into = ${q.contact_id}))` : sql``}
    ${like ? sql`and (d.number ilike ${like} or d.reference ilike ${like} or c.name ilike ${like})` : sql``}`;
  const [{ n }] = (await queryRows<{ n: number }>(
    db,
    sql`select count(*)::integer as n from sales_documents d join contacts c on c.id = d.contact_id where ${where}`,
  )) as [{ n: number }];
  const rows = await queryRows<DocumentSummary>(
    db,
    sql`select ${summaryColumns(today)}
          from sales_documents d join contacts c on c.id = d.contact_id
         where ${where}
         order by d.issue_date desc, d.id desc limit ${PAGE_SIZE} offset ${(q.page - 1) * PAGE_SIZE}`,
  );
  return { documents: rows.map(toSummary), page: q.page, page_count: Math.max(1, Math.ceil(Number(n) / PAGE_SIZE)), total: Number(n) };
}

export async function getDocument(db: Db, m: Pick<Membership, "organizationId">, id: number): Promise<DocumentDetails> {
  const today = todayIso();
  const [row] = await queryRows<DocumentDetails>(
    db,
    sql`select ${summaryColumns(today)}, d.amounts_are, d.notes, d.credits_document_id, d.journal_entry_id, d.void_entry_id,
               c.email as contact_email,
               (select l.id from journal_entry_lines l where l.journal_entry_id = d.journal_entry_id and l.contact_id is not null) as item_id,
               coalesce((select json_agg(json_build_object('line_no', x.line_no, 'description', x.description, 'quantity', x.quantity::text,
                                                           'unit_price', x.unit_price::text, 'discount_percent', x.discount_percent::text,
                                                           'account_id', x.account_id, 'account_label', a.account_code || ' ' || a.account_name,
                                                           'tax_code_id', x.tax_code_id, 'tax_code', t.code, 'amount', x.amount::text) order by x.line_no)
                           from sales_document_lines x join chart_of_accounts a on a.id = x.account_id
                           left join tax_codes t on t.id = x.tax_code_id
                          where x.document_id = d.id), '[]') as lines,
               coalesce((select json_agg(json_build_object('tax_code_id', s.tax_code_id, 'code', s.code, 'name', s.name, 'amount', s.amount::text)
                                         order by s.code)
                           from (select l.tax_code_id, t.code, t.name, sum(l.debit_amount - l.credit_amount) * (case when d.kind in ('invoice', 'supplier_credit') then -1 else 1 end) as amount
                                   from journal_entry_lines l join tax_codes t on t.id = l.tax_code_id
                                  where l.journal_entry_id = d.journal_entry_id and l.tax_part_no is not null
                                  group by l.tax_code_id, t.code, t.name) s), '[]') as taxes,
               coalesce((select json_agg(json_build_object('id', f.id, 'file_name', f.file_name, 'size_bytes', f.size_bytes,
                                                           'content_type', f.content_type) order by f.id)
                           from sales_document_files f where f.document_id = d.id), '[]') as files,
               coalesce((select json_agg(json_build_object('id', k.id, 'expires_at', k.expires_at, 'revoked_at', k.revoked_at,
                                                           'last_viewed_at', k.last_viewed_at, 'created_at', k.created_at) order by k.id desc)
                           from document_links k where k.document_id = d.id), '[]') as links
          from sales_documents d join contacts c on c.id = d.contact_id
         where d.organization_id = ${m.organizationId} and d.id = ${id}`,
  );
  if (!row) throw notFound("Document");
  const itemId = row.item_id == null ? null : Number(row.item_id);
  const payments =
    itemId == null
      ? []
      : await queryRows<DocumentDetails["payments"][number]>(
          db,
          sql`select a.id as allocation_id, a.allocated_on::text as date, a.amount::text as amount, e.entry_number, e.description,
                     a.undone_at is not null as undone
                from allocations a
                join journal_entry_lines o on o.id = case when a.debit_line_id = ${itemId} then a.credit_line_id else a.debit_line_id end
                join journal_entries e on e.id = o.journal_entry_id
               where (a.debit_line_id = ${itemId} or a.credit_line_id = ${itemId})
               order by a.allocated_on, a.id`,
        );
  return {
    ...toSummary(row),
    item_id: itemId,
    journal_entry_id: row.journal_entry_id == null ? null : Number(row.journal_entry_id),
    void_entry_id: row.void_entry_id == null ? null : Number(row.void_entry_id),
    credits_document_id: row.credits_document_id == null ? null : Number(row.credits_document_id),
    payments: payments.map((p) => ({ ...p, allocation_id: Number(p.allocation_id) })),
  };
}
/** The input a stored document was saved from. */
export async function storedInput(db: Db, m: Membership, id: number): Promise<DocumentInput> {
  const d = await getDocument(db, m, id);
  return {
    kind: d.kind,
    contact_id: d.contact_id,
    issue_date: d.issue_date,
    due_date: d.due_date,
    reference: d.reference,
    amounts_are: d.amounts_are,
    notes: d.notes,
    credits_document_id: d.credits_document_id,
    lines: d.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount_percent: l.discount_percent,
      account_id: l.account_id,
      tax_code_id: l.tax_code_id,
    })),
  };
}
