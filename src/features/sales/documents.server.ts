import { sql, type SQL } from "drizzle-orm";
import { todayIso } from "~/lib/format.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { AppError, conflict, forbidden, invalidInput } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import {
  createEntry,
  notFound,
  postEntry,
  prepareEntryLines,
  refusingLocked,
  reverseEntry,
  type PreparedLine,
} from "~/features/ledger/index.server.ts";
import type { EntryInput } from "~/features/ledger/ledger.schema.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { KIND_LABELS, lineAmountCents, lineSign, SERIES_PREFIX } from "./document-math.ts";
import { insertAllocation, itemOfEntry, OWED_OF_ITEM } from "./allocations.server.ts";
import { readSalesSettings } from "./sales-settings.server.ts";
import { sideOfKind, type DocumentInput, type DocumentKind } from "./sales.schema.ts";
import type { DocumentDetails, DocumentPage, DocumentSummary } from "./sales.types.ts";

/*
 * Invoices, credit notes, bills and supplier credits (decision 116). A draft is edited freely; approving it takes the
 * next number of its series (a counter row locked until the transaction ends: gapless) and posts its entry through the
 * ledger's one posting path: its lines with their tax codes (the tax made by the ledger's rules) and, last, the
 * receivable or payable line naming the contact, which carries the total and is the document's open item. Once approved
 * a document is never edited: it is credited, paid or voided (its entry reversed, the reversal settling it).
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

interface ContactRow {
  id: number;
  name: string;
  is_customer: boolean;
  is_supplier: boolean;
  payment_terms_days: number;
}

async function contactFor(db: Db, m: Membership, input: Pick<DocumentInput, "contact_id" | "kind">): Promise<ContactRow> {
  const [c] = await queryRows<ContactRow>(
    db,
    sql`select id, name, is_customer, is_supplier, payment_terms_days from contacts
         where organization_id = ${m.organizationId} and id = ${input.contact_id} and merged_into is null`,
  );
  if (!c) throw invalidInput({ contact_id: "Contact not found" }, "contact_id: Contact not found");
  const side = sideOfKind(input.kind);
  if (side === "receivable" && !c.is_customer)
    throw invalidInput({ contact_id: `${c.name} is not a customer` }, `contact_id: ${c.name} is not a customer`);
  if (side === "payable" && !c.is_supplier)
    throw invalidInput({ contact_id: `${c.name} is not a supplier` }, `contact_id: ${c.name} is not a supplier`);
  return c;
}

/** YYYY-MM-DD plus days. */
const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The entry a document posts: its lines (with their tax codes) and, last, the receivable or payable line with the total. */
function entryOf(
  kind: DocumentKind,
  input: Pick<DocumentInput, "issue_date" | "amounts_are" | "lines" | "reference">,
  contact: ContactRow,
  controlAccountId: number,
  description: string,
): EntryInput & { balanceWith: { account_id: number; contact_id: number; description: string } } {
  const sign = lineSign(kind);
  return {
    description,
    entry_date: input.issue_date,
    reference: input.reference ?? null,
    tax_amounts: input.amounts_are,
    lines: input.lines.map((l) => {
      const cents = lineAmountCents(l.quantity, l.unit_price, l.discount_percent) * sign;
      return {
        account_id: l.account_id,
        description: l.description,
        debit_amount: centsToDecimal(cents > 0n ? cents : 0n),
        credit_amount: centsToDecimal(cents < 0n ? -cents : 0n),
        tax_code_id: l.tax_code_id ?? null,
        contact_id: null,
      };
    }),
    balanceWith: { account_id: controlAccountId, contact_id: contact.id, description: contact.name },
  } as EntryInput & { balanceWith: { account_id: number; contact_id: number; description: string } };
}

/** Subtotal, tax and total of prepared lines, in the document's sense (positive). */
function totalsOf(kind: DocumentKind, lines: PreparedLine[]): { subtotal: bigint; tax: bigint; total: bigint } {
  const signed = (l: PreparedLine) => (toCents(l.debit_amount)! - toCents(l.credit_amount)!) * lineSign(kind);
  const control = lines[lines.length - 1]!;
  const own = lines.slice(0, -1);
  const tax = own.filter((l) => l.tax_part_no != null).reduce((s, l) => s + signed(l), 0n);
  const total = -signed(control);
  return { subtotal: total - tax, tax, total };
}

/**
 * The lines checked and priced: accounts active, tax codes valid on the date (the ledger's own checks, naming
 * `lines.N.…`), and the document's total above zero. Returns the lines as posted and the totals.
 */
async function price(
  db: Db,
  m: Membership,
  input: DocumentInput,
  contact: ContactRow,
): Promise<{ prepared: PreparedLine[]; totals: ReturnType<typeof totalsOf>; amounts: bigint[] }> {
  const settings = await readSalesSettings(db, m.organizationId);
  const control = sideOfKind(input.kind) === "receivable" ? settings.receivable_account_id : settings.payable_account_id;
  const ids = [...new Set(input.lines.map((l) => l.account_id))];
  const active = await queryRows<{ id: number }>(
    db,
    sql`select id from chart_of_accounts where organization_id = ${m.organizationId} and is_active and id = any(${pgArray(ids)}::integer[])`,
  );
  const ok = new Set(active.map((a) => Number(a.id)));
  input.lines.forEach((l, i) => {
    if (!ok.has(l.account_id))
      throw invalidInput(
        { [`lines.${i}.account_id`]: "Account not found or inactive" },
        `lines.${i}.account_id: Account not found or inactive`,
      );
    if (l.account_id === settings.receivable_account_id || l.account_id === settings.payable_account_id)
      throw invalidInput(
        { [`lines.${i}.account_id`]: "A document's line is not on a receivables or payables account" },
        `lines.${i}.account_id: A document's line is not on a receivables or payables account`,
      );
  });
  const amounts = input.lines.map((l) => lineAmountCents(l.quantity, l.unit_price, l.discount_percent));
  const entry = entryOf(input.kind, input, contact, control, contact.name);
  const { lines } = await prepareEntryLines(db, m, entry);
  const totals = totalsOf(input.kind, lines);
  if (totals.total <= 0n)
    throw invalidInput({ lines: "The document's total must be more than zero" }, "lines: The document's total must be more than zero");
  return { prepared: lines, totals, amounts };
}

async function assertCredited(db: Db, m: Membership, input: DocumentInput): Promise<void> {
  if (input.credits_document_id == null) return;
  const want = input.kind === "credit_note" ? "invoice" : input.kind === "supplier_credit" ? "bill" : null;
  const refuse = (message: string) => invalidInput({ credits_document_id: message }, `credits_document_id: ${message}`);
  if (!want) throw refuse("Only a credit note or a supplier credit credits another document");
  const [d] = await queryRows<{ kind: string; status: string; contact_id: number }>(
    db,
    sql`select d.kind, d.status, coalesce(c.merged_into, c.id) as contact_id from sales_documents d join contacts c on c.id = d.contact_id
         where d.organization_id = ${m.organizationId} and d.id = ${input.credits_document_id}`,
  );
  if (!d || d.kind !== want) throw refuse(`Choose an approved ${want === "invoice" ? "invoice" : "bill"}`);
  if (d.status !== "approved") throw refuse(`Choose an approved ${want === "invoice" ? "invoice" : "bill"}`);
  if (Number(d.contact_id) !== input.contact_id) throw refuse("The credited document is another contact's");
}

async function writeLines(db: Db, m: Membership, id: number, input: DocumentInput, amounts: bigint[]): Promise<void> {
  await db.execute(sql`delete from sales_document_lines where document_id = ${id}`);
  const rows = input.lines.map((l, i) => ({
    line_no: i + 1,
    description: l.description,
    quantity: l.quantity,
    unit_price: l.unit_price,
    discount_percent: l.discount_percent,
    account_id: l.account_id,
    tax_code_id: l.tax_code_id ?? null,
    amount: centsToDecimal(amounts[i]!),
  }));
  await db.execute(
    sql`insert into sales_document_lines (document_id, organization_id, line_no, description, quantity, unit_price, discount_percent,
                                          account_id, tax_code_id, amount)
        select ${id}, ${m.organizationId}, x.line_no, x.description, x.quantity, x.unit_price, x.discount_percent, x.account_id,
               x.tax_code_id, x.amount
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as x(line_no smallint, description text, quantity numeric, unit_price numeric, discount_percent numeric, account_id integer,
                 tax_code_id integer, amount numeric)`,
  );
}

/** A new draft (a template when `template`), priced as it will post. */
export async function createDocument(
  db: Db,
  m: Membership,
  input: DocumentInput,
  o: { template?: boolean } = {},
): Promise<DocumentDetails> {
  const contact = await contactFor(db, m, input);
  await assertCredited(db, m, input);
  const { totals, amounts } = await price(db, m, input, contact);
  const due = input.due_date ?? addDays(input.issue_date, contact.payment_terms_days);
  const id = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into sales_documents (organization_id, kind, contact_id, status, issue_date, due_date, reference, amounts_are, notes,
                                       credits_document_id, subtotal, tax_total, total, created_by)
          values (${m.organizationId}, ${input.kind}, ${contact.id}, ${o.template ? "template" : "draft"}, ${input.issue_date}::date,
                  ${due}::date, ${input.reference ?? null}, ${input.amounts_are}, ${input.notes ?? null},
                  ${input.credits_document_id ?? null}, ${centsToDecimal(totals.subtotal)}::numeric, ${centsToDecimal(totals.tax)}::numeric,
                  ${centsToDecimal(totals.total)}::numeric, ${m.userId})
          returning id`,
    );
    const id = Number(row!.id);
    await writeLines(tx, m, id, input, amounts);
    return id;
  });
  return getDocument(db, m, id);
}

async function lockDocument(db: Db, m: Membership, id: number) {
  const [d] = await queryRows<{
    id: number;
    kind: DocumentKind;
    status: string;
    number: string | null;
    journal_entry_id: number | null;
    issue_date: string;
  }>(
    db,
    sql`select id, kind, status, number, journal_entry_id, issue_date::text as issue_date from sales_documents
         where organization_id = ${m.organizationId} and id = ${id} for update`,
  );
  if (!d) throw notFound("Document");
  return d;
}

/** Changes a draft (or a template, or a bill awaiting approval): all its lines are replaced. */
export async function updateDocument(db: Db, m: Membership, id: number, input: DocumentInput): Promise<DocumentDetails> {
  const contact = await contactFor(db, m, input);
  await assertCredited(db, m, input);
  const { totals, amounts } = await price(db, m, input, contact);
  const due = input.due_date ?? addDays(input.issue_date, contact.payment_terms_days);
  await db.transaction(async (tx) => {
    const d = await lockDocument(tx, m, id);
    if (!["draft", "template", "awaiting_approval"].includes(d.status))
      throw conflict("Only a draft can be changed: credit or void an approved document");
    if (d.kind !== input.kind) throw invalidInput({ kind: "A document's kind does not change" }, "kind: A document's kind does not change");
    await tx.execute(
      sql`update sales_documents set contact_id = ${contact.id}, issue_date = ${input.issue_date}::date, due_date = ${due}::date,
                 reference = ${input.reference ?? null}, amounts_are = ${input.amounts_are}, notes = ${input.notes ?? null},
                 credits_document_id = ${input.credits_document_id ?? null}, subtotal = ${centsToDecimal(totals.subtotal)}::numeric,
                 tax_total = ${centsToDecimal(totals.tax)}::numeric, total = ${centsToDecimal(totals.total)}::numeric
           where id = ${id}`,
    );
    await writeLines(tx, m, id, input, amounts);
  });
  return getDocument(db, m, id);
}

export async function deleteDocument(db: Db, m: Membership, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const d = await lockDocument(tx, m, id);
    if (!["draft", "template", "awaiting_approval"].includes(d.status))
      throw conflict("Only a draft can be deleted: void an approved document");
    await tx.execute(sql`delete from sales_documents where id = ${id}`);
  });
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

/** A bill entered where bills need approval waits for it: draft → awaiting approval. */
export async function submitDocument(db: Db, m: Membership, id: number): Promise<DocumentDetails> {
  await db.transaction(async (tx) => {
    const d = await lockDocument(tx, m, id);
    if (d.status !== "draft") throw conflict("Only a draft is submitted for approval");
    await tx.execute(sql`update sales_documents set status = 'awaiting_approval' where id = ${id}`);
  });
  return getDocument(db, m, id);
}

/**
 * Approves a draft in the caller's transaction: its number, its posted entry, its totals from that entry; a credit note
 * naming the invoice it credits settles it as far as both go. Refused when the date is behind the lock (400 naming
 * issue_date), when the document is not a draft (409).
 */
export async function approveInTransaction(tx: Db, m: Membership, id: number): Promise<void> {
  const d = await lockDocument(tx, m, id);
  if (d.status !== "draft" && d.status !== "awaiting_approval")
    throw conflict(`Only a draft can be approved (this one is ${d.status.replace("_", " ")})`);
  const settings = await readSalesSettings(tx, m.organizationId);
  if (d.kind === "bill" && settings.bills_need_approval && d.status !== "awaiting_approval")
    throw conflict("Bills are approved before they are posted: submit this bill for approval first");
  const input = await storedInput(tx, m, id);
  const contact = await contactFor(tx, m, input);
  const control = sideOfKind(d.kind) === "receivable" ? settings.receivable_account_id : settings.payable_account_id;
  const [series] = await queryRows<{ number: string }>(
    tx,
    sql`insert into document_series (organization_id, kind, prefix, last_number) values (${m.organizationId}, ${d.kind}, ${SERIES_PREFIX[d.kind]}, 1)
        on conflict (organization_id, kind) do update set last_number = document_series.last_number + 1
        returning prefix || case when last_number < 10000 then lpad(last_number::text, 4, '0') else last_number::text end as number`,
  );
  const number = series!.number;
  const entryInput = entryOf(d.kind, input, contact, control, `${KIND_LABELS[d.kind]} ${number} · ${contact.name}`);
  const { lines } = await prepareEntryLines(tx, m, entryInput);
  const totals = totalsOf(d.kind, lines);
  if (totals.total <= 0n)
    throw invalidInput({ lines: "The document's total must be more than zero" }, "lines: The document's total must be more than zero");
  // The entry as prepared, every line written as it will post (the ledger prepares it again, to the same lines).
  const control_line = lines[lines.length - 1]!;
  const entry = await createEntry(tx, m, {
    ...entryInput,
    reference: number,
    lines: [
      ...entryInput.lines,
      {
        account_id: control,
        description: contact.name,
        debit_amount: control_line.debit_amount,
        credit_amount: control_line.credit_amount,
        tax_code_id: null,
        contact_id: contact.id,
      },
    ],
    balanceWith: undefined,
  } as EntryInput);
  await postEntry(tx, m, entry.id);
  await tx.execute(
    sql`update sales_documents set status = 'approved', number = ${number}, journal_entry_id = ${entry.id},
               subtotal = ${centsToDecimal(totals.subtotal)}::numeric, tax_total = ${centsToDecimal(totals.tax)}::numeric,
               total = ${centsToDecimal(totals.total)}::numeric, approved_by = ${m.userId}, approved_at = now()
         where id = ${id}`,
  );
  if (input.credits_document_id != null) {
    const [credited] = await queryRows<{ journal_entry_id: number }>(
      tx,
      sql`select journal_entry_id from sales_documents where id = ${input.credits_document_id} and status = 'approved'`,
    );
    if (credited) {
      const a = await itemOfEntry(tx, Number(credited.journal_entry_id));
      const b = await itemOfEntry(tx, entry.id);
      const amount = a.open < b.open ? a.open : b.open;
      if (amount > 0n) {
        const [debit, credit] = a.signed > 0n ? [a, b] : [b, a];
        await insertAllocation(tx, m, debit.id, credit.id, amount, input.issue_date);
      }
    }
  }
}

export async function approveDocument(db: Db, m: Membership, id: number): Promise<DocumentDetails> {
  await refusingLocked(() => db.transaction((tx) => approveInTransaction(tx, m, id)), "issue_date");
  return getDocument(db, m, id);
}

/**
 * Approves many drafts in one transaction: all or none. A refusal names the document (`ids.N`) and why; nothing is
 * approved then.
 */
export async function approveDocuments(db: Db, m: Membership, ids: number[]): Promise<{ approved: number }> {
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      try {
        await refusingLocked(() => approveInTransaction(tx, m, id), "issue_date");
      } catch (err) {
        if (err instanceof AppError)
          throw new AppError(err.status, err.code, `Document ${id}: ${err.message}`, { [`ids.${i}`]: err.message });
        throw err;
      }
    }
  });
  return { approved: ids.length };
}

/**
 * Voids an approved document: its entry is reversed (dated as chosen) and the reversal
 * settles what is still owed. Refused while payments or credits are allocated to it: undo them first.
 */
export async function voidDocument(db: Db, m: Membership, actor: AuditActor, id: number, date: string): Promise<DocumentDetails> {
  await refusingLocked(
    () =>
      db.transaction(async (tx) => {
        const d = await lockDocument(tx, m, id);
        if (d.status !== "approved") throw conflict("Only an approved document can be voided");
        const item = await itemOfEntry(tx, Number(d.journal_entry_id));
        if (item.open !== item.amount) throw conflict(`Undo the payments and credits allocated to ${d.number} first`);
        const on = date;
        const mirror = await reverseEntry(tx, m, Number(d.journal_entry_id), on);
        const back = await itemOfEntry(tx, mirror.id);
        const [debit, credit] = item.signed > 0n ? [item, back] : [back, item];
        await insertAllocation(tx, m, debit.id, credit.id, item.amount, on < d.issue_date ? d.issue_date : on);
        await tx.execute(
          sql`update sales_documents set status = 'void', void_entry_id = ${mirror.id}, voided_by = ${m.userId}, voided_at = now() where id = ${id}`,
        );
        await recordAudit(tx, actor, {
          action: "sales_document.voided",
          targetType: "organization",
          targetId: m.organizationId,
          before: { document_id: id, number: d.number },
          after: { reversal: mirror.entry_number, date: on },
        });
      }),
    "date",
  );
  return getDocument(db, m, id);
}

/** Marks a document sent (the mail itself is the caller's: sales-mail.server.ts). */
export async function markSent(db: Db, m: Pick<Membership, "organizationId">, id: number): Promise<void> {
  await db.execute(
    sql`update sales_documents set sent_at = coalesce(sent_at, now()) where organization_id = ${m.organizationId} and id = ${id}`,
  );
}

/** Whether this member may send the books' documents: the client's side only when the settings allow it. */
export async function assertMaySend(db: Db, m: Membership): Promise<void> {
  if (m.side !== "client" || !m.firmKeeps) return;
  const s = await readSalesSettings(db, m.organizationId);
  if (!s.client_may_send) throw forbidden("The firm keeps these books: it sends the invoices");
}
