import { sql } from "drizzle-orm";
import { centsToDecimal } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { addDays, assertCredited, contactFor, price } from "./document-pricing.server.ts";
import { getDocument } from "./document-queries.server.ts";
import type { DocumentInput, DocumentKind } from "./sales.schema.ts";
import type { DocumentDetails } from "./sales.types.ts";

/*
 * A document before it is approved (decision 116): a draft (or a template of recurring invoices, or a bill awaiting
 * approval) created, changed with all its lines replaced, or deleted; priced as it will post (document-pricing.server.ts).
 * `lockDocument` takes a document's row until the transaction ends, for every change of its state.
 */

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

export async function lockDocument(db: Db, m: Membership, id: number) {
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
