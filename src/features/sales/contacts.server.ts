import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { notFound } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { readSalesSettings } from "./sales-settings.server.ts";
import type { ContactInput } from "./sales.schema.ts";
import type { Contact, ContactPage } from "./sales.types.ts";

/*
 * Customers and suppliers (decision 116). A contact merged into another keeps its rows: its journal lines and documents
 * are read as the other's (`coalesce(merged_into, id)`), so merging a duplicate loses no history.
 */

export const PAGE_SIZE = 50;

const columns = sql`c.id, c.name, c.is_customer, c.is_supplier, c.is_1099_contractor, c.tax_id, c.email, c.address, c.payment_terms_days,
                    c.default_revenue_account_id, c.default_expense_account_id, c.default_tax_code_id`;

/** Today's balances of these contacts (and of the contacts merged into them) on the two control accounts. */
function balances(organizationId: number, receivable: number, payable: number) {
  return sql`coalesce((select sum(l.debit_amount - l.credit_amount) from journal_entry_lines l
                         join journal_entries e on e.id = l.journal_entry_id and e.status = 'posted'
                        where l.organization_id = ${organizationId} and l.account_id = ${receivable}
                          and l.contact_id in (select m.id from contacts m where m.organization_id = ${organizationId} and (m.id = c.id or m.merged_into = c.id))), 0)::text as receivable,
             coalesce((select sum(l.credit_amount - l.debit_amount) from journal_entry_lines l
                         join journal_entries e on e.id = l.journal_entry_id and e.status = 'posted'
                        where l.organization_id = ${organizationId} and l.account_id = ${payable}
                          and l.contact_id in (select m.id from contacts m where m.organization_id = ${organizationId} and (m.id = c.id or m.merged_into = c.id))), 0)::text as payable`;
}

const toContact = (r: Contact): Contact => ({
  ...r,
  id: Number(r.id),
  default_revenue_account_id: r.default_revenue_account_id == null ? null : Number(r.default_revenue_account_id),
  default_expense_account_id: r.default_expense_account_id == null ? null : Number(r.default_expense_account_id),
  default_tax_code_id: r.default_tax_code_id == null ? null : Number(r.default_tax_code_id),
});

export async function listContacts(
  db: Db,
  m: Membership,
  q: { q?: string | undefined; role?: "customer" | "supplier" | undefined; page: number },
): Promise<ContactPage> {
  const s = await readSalesSettings(db, m.organizationId);
  const where = sql`c.organization_id = ${m.organizationId} and c.merged_into is null
    ${q.q ? sql`and (c.name ilike ${`%${q.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} or c.email ilike ${`%${q.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`})` : sql``}
    ${q.role === "customer" ? sql`and c.is_customer` : q.role === "supplier" ? sql`and c.is_supplier` : sql``}`;
  const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::integer as n from contacts c where ${where}`)) as [{ n: number }];
  const rows = await queryRows<Contact>(
    db,
    sql`select ${columns}, ${balances(m.organizationId, s.receivable_account_id, s.payable_account_id)}
          from contacts c where ${where}
         order by lower(c.name), c.id limit ${PAGE_SIZE} offset ${(q.page - 1) * PAGE_SIZE}`,
  );
  return { contacts: rows.map(toContact), page: q.page, page_count: Math.max(1, Math.ceil(Number(n) / PAGE_SIZE)), total: Number(n) };
}

/** One contact (a merged one is found as the contact it was merged into). */
export async function getContact(db: Db, m: Membership, id: number): Promise<Contact> {
  const s = await readSalesSettings(db, m.organizationId);
  const [row] = await queryRows<Contact>(
    db,
    sql`select ${columns}, ${balances(m.organizationId, s.receivable_account_id, s.payable_account_id)}
          from contacts c
         where c.organization_id = ${m.organizationId}
           and c.id = (select coalesce(x.merged_into, x.id) from contacts x where x.organization_id = ${m.organizationId} and x.id = ${id})`,
  );
  if (!row) throw notFound("Contact");
  return toContact(row);
}

/** The defaults a contact names must be the organization's active accounts and tax codes. */
async function assertDefaults(db: Db, m: Membership, input: ContactInput): Promise<void> {
  for (const field of ["default_revenue_account_id", "default_expense_account_id"] as const) {
    const id = input[field];
    if (id == null) continue;
    const [ok] = await queryRows(db, sql`select 1 from chart_of_accounts where organization_id = ${m.organizationId} and id = ${id} and is_active`);
    if (!ok) throw invalidInput({ [field]: "Account not found or inactive" }, `${field}: Account not found or inactive`);
  }
  if (input.default_tax_code_id != null) {
    const [ok] = await queryRows(
      db,
      sql`select 1 from tax_codes where organization_id = ${m.organizationId} and id = ${input.default_tax_code_id} and archived_at is null`,
    );
    if (!ok) throw invalidInput({ default_tax_code_id: "Tax code not found" }, "default_tax_code_id: Tax code not found");
  }
}

const values = (input: ContactInput) => ({
  name: input.name,
  is_customer: input.is_customer,
  is_supplier: input.is_supplier,
  is_1099_contractor: input.is_1099_contractor,
  tax_id: input.tax_id || null,
  email: input.email || null,
  address: input.address || null,
  payment_terms_days: input.payment_terms_days,
  default_revenue_account_id: input.default_revenue_account_id ?? null,
  default_expense_account_id: input.default_expense_account_id ?? null,
  default_tax_code_id: input.default_tax_code_id ?? null,
});

export async function createContact(db: Db, m: Membership, input: ContactInput): Promise<Contact> {
  await assertDefaults(db, m, input);
  const v = values(input);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into contacts (organization_id, name, is_customer, is_supplier, is_1099_contractor, tax_id, email, address, payment_terms_days,
                              default_revenue_account_id, default_expense_account_id, default_tax_code_id, created_by)
        values (${m.organizationId}, ${v.name}, ${v.is_customer}, ${v.is_supplier}, ${v.is_1099_contractor}, ${v.tax_id}, ${v.email}, ${v.address},
                ${v.payment_terms_days}, ${v.default_revenue_account_id}, ${v.default_expense_account_id}, ${v.default_tax_code_id}, ${m.userId})
        returning id`,
  );
  return getContact(db, m, Number(row!.id));
}

export async function updateContact(db: Db, m: Membership, id: number, input: ContactInput): Promise<Contact> {
  await assertDefaults(db, m, input);
  const v = values(input);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update contacts set name = ${v.name}, is_customer = ${v.is_customer}, is_supplier = ${v.is_supplier},
               is_1099_contractor = ${v.is_1099_contractor}, tax_id = ${v.tax_id},
               email = ${v.email}, address = ${v.address}, payment_terms_days = ${v.payment_terms_days},
               default_revenue_account_id = ${v.default_revenue_account_id}, default_expense_account_id = ${v.default_expense_account_id},
               default_tax_code_id = ${v.default_tax_code_id}, updated_at = now()
         where organization_id = ${m.organizationId} and id = ${id} and merged_into is null
        returning id`,
  );
  if (rows.length === 0) throw notFound("Contact");
  return getContact(db, m, id);
}

/**
 * Merges a duplicate into the contact kept: the duplicate (and any contact merged into it before) is read as the kept
 * one from now on; its drafts move to it. Its posted lines and approved documents keep their rows. Audited.
 */
export async function mergeContact(db: Db, m: Membership, actor: AuditActor, id: number, intoId: number): Promise<Contact> {
  if (id === intoId) throw invalidInput({ into_id: "Choose another contact to keep" }, "into_id: Choose another contact to keep");
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; name: string; merged_into: number | null }>(
      tx,
      sql`select id, name, merged_into from contacts where organization_id = ${m.organizationId} and id in (${id}, ${intoId})
           order by id for update`,
    );
    const dup = rows.find((r) => Number(r.id) === id);
    const kept = rows.find((r) => Number(r.id) === intoId);
    if (!dup || dup.merged_into != null) throw notFound("Contact");
    if (!kept || kept.merged_into != null) throw invalidInput({ into_id: "Contact not found" }, "into_id: Contact not found");
    await tx.execute(sql`update contacts set merged_into = ${intoId}, updated_at = now()
                          where organization_id = ${m.organizationId} and (id = ${id} or merged_into = ${id})`);
    await tx.execute(sql`update contacts set is_customer = is_customer or (select is_customer from contacts where id = ${id}),
                                             is_supplier = is_supplier or (select is_supplier from contacts where id = ${id}),
                                             is_1099_contractor = is_1099_contractor or (select is_1099_contractor from contacts where id = ${id})
                          where id = ${intoId}`);
    await tx.execute(sql`update sales_documents set contact_id = ${intoId}
                          where organization_id = ${m.organizationId} and contact_id = ${id} and status in ('template', 'draft', 'awaiting_approval')`);
    await recordAudit(tx, actor, {
      action: "contact.merged",
      targetType: "organization",
      targetId: m.organizationId,
      before: { contact_id: id, name: dup.name },
      after: { contact_id: intoId, name: kept.name },
    });
    return getContact(tx, m, intoId);
  });
}

/** A contact with no document and no journal line can be deleted; any other is kept (merge it instead). */
export async function deleteContact(db: Db, m: Membership, id: number): Promise<void> {
  const [used] = await queryRows(
    db,
    sql`select 1 where exists (select 1 from sales_documents where organization_id = ${m.organizationId} and contact_id = ${id})
                     or exists (select 1 from journal_entry_lines where organization_id = ${m.organizationId} and contact_id = ${id})
                     or exists (select 1 from contacts where organization_id = ${m.organizationId} and merged_into = ${id})`,
  );
  if (used) throw conflict("This contact has documents or entries: merge it into another contact instead");
  const rows = await queryRows(db, sql`delete from contacts where organization_id = ${m.organizationId} and id = ${id} and merged_into is null returning id`);
  if (rows.length === 0) throw notFound("Contact");
}
