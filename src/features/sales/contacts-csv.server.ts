import { sql } from "drizzle-orm";
import { safeParse } from "zod";
import { csvRows, csvTextBack, type CsvCell } from "~/lib/csv.ts";
import { csvRecords } from "~/server/files/csv-records.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { fileRowErrors, invalidInput } from "~/server/http/app-error.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { contactSchema, type ContactFormValues, type ContactInput } from "./sales.schema.ts";
import type { ContactsImported, ContactsImportPreview, ContactsImportRow, ContactsImportError } from "./contacts-csv.types.ts";
import type { Contact } from "./sales.types.ts";

/*
 * Contacts as CSV (decision 116): one row per contact (merged duplicates are read as the contact kept, and left out),
 * accounts and tax codes named by their codes so that a file made from one organization's books reads into another's.
 * The import takes the whole file or nothing: a row whose name matches a contact of the books (case-insensitive)
 * updates it, any other creates one; any bad cell is a 400 naming its line and column. A preview answers, for every
 * row, what it would do or what is wrong with it, and writes nothing.
 *
 * Columns: name, is_customer, is_supplier (true | false; blank: a new contact is a customer, a contact updated keeps
 * its own), tax_id, email, address, payment_terms_days (0 to 365; blank: 30, or the contact's own), revenue_account_code,
 * expense_account_code, tax_code, is_1099_contractor (true | false, decision 124; blank: false for a new contact, its
 * own for one updated: a file made before the column existed imports as it did). A column left out of the file leaves that field of an updated contact as it is; a
 * blank text or code cell clears it.
 */

export const CONTACTS_CSV_HEADER = [
  "name",
  "is_customer",
  "is_supplier",
  "tax_id",
  "email",
  "address",
  "payment_terms_days",
  "revenue_account_code",
  "expense_account_code",
  "tax_code",
  "is_1099_contractor",
] as const;
type Column = (typeof CONTACTS_CSV_HEADER)[number];

/** The column of each field of the contact schema. */
const FIELD_COLUMN: Record<string, Column> = {
  name: "name",
  is_customer: "is_customer",
  is_supplier: "is_supplier",
  tax_id: "tax_id",
  email: "email",
  address: "address",
  payment_terms_days: "payment_terms_days",
  default_revenue_account_id: "revenue_account_code",
  default_expense_account_id: "expense_account_code",
  default_tax_code_id: "tax_code",
  is_1099_contractor: "is_1099_contractor",
};
/** Most rows one file imports. */
export const MAX_IMPORT_ROWS = 10_000;

/** A contact as the import reads it: its fields, not what it owes or is owed. */
type ExistingContact = Omit<Contact, "receivable" | "payable">;

const contactColumns = sql`c.id, c.name, c.is_customer, c.is_supplier, c.is_1099_contractor, c.tax_id, c.email, c.address, c.payment_terms_days,
  c.default_revenue_account_id, c.default_expense_account_id, c.default_tax_code_id`;

/** Every contact of the books (not the duplicates merged into another), by name, as CSV with its header row. */
export async function contactsCsv(db: Db, m: Membership): Promise<string> {
  const rows = await queryRows<ExistingContact & { revenue_code: string | null; expense_code: string | null; tax_code: string | null }>(
    db,
    sql`select ${contactColumns}, r.account_code as revenue_code, x.account_code as expense_code, t.code as tax_code
          from contacts c
          left join chart_of_accounts r on r.id = c.default_revenue_account_id
          left join chart_of_accounts x on x.id = c.default_expense_account_id
          left join tax_codes t on t.id = c.default_tax_code_id
         where c.organization_id = ${m.organizationId} and c.merged_into is null
         order by lower(c.name), c.id`,
  );
  const cells = rows.map((c): CsvCell[] => [
    c.name,
    c.is_customer,
    c.is_supplier,
    c.tax_id,
    c.email,
    c.address,
    Number(c.payment_terms_days),
    c.revenue_code,
    c.expense_code,
    c.tax_code,
    c.is_1099_contractor,
  ]);
  return `${csvRows([...CONTACTS_CSV_HEADER], cells)}\r\n`;
}

interface Row {
  line: number;
  cells: Partial<Record<Column, string>>;
}

/** The file's rows under its header, each with the line it starts on, and the header's own errors. */
function readRows(text: string): { rows: Row[]; columns: Set<Column>; errors: ContactsImportError[] } {
  const [header, ...data] = csvRecords(text);
  if (!header) throw invalidInput({ file: "The file is empty" }, "The file is empty");
  const names = header.cells.map((h) => h.trim().toLowerCase());
  const errors: ContactsImportError[] = [];
  names.forEach((n, i) => {
    if (!(CONTACTS_CSV_HEADER as readonly string[]).includes(n))
      errors.push({ line: header.line, column: n || `column ${i + 1}`, message: `Unknown column "${n.slice(0, 40)}"` });
    else if (names.indexOf(n) !== i) errors.push({ line: header.line, column: n, message: `The column ${n} is named twice` });
  });
  if (!names.includes("name")) errors.push({ line: header.line, column: "name", message: "The header needs a column name" });
  if (data.length === 0 && errors.length === 0) throw invalidInput({ file: "The file has no contacts" }, "The file has no contacts");
  if (data.length > MAX_IMPORT_ROWS)
    throw invalidInput(
      { file: `A file imports at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} contacts` },
      `A file imports at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} contacts`,
    );
  const rows = data.map(({ line, cells }) => ({
    line,
    cells: Object.fromEntries(names.map((n, i) => [n, csvTextBack((cells[i] ?? "").trim())])) as Row["cells"],
  }));
  return { rows, columns: new Set(names.filter((n): n is Column => (CONTACTS_CSV_HEADER as readonly string[]).includes(n))), errors };
}

const BOOLEAN: Record<string, boolean> = { true: true, false: false, yes: true, no: false, "1": true, "0": false };

interface Planned {
  line: number;
  /** The contact it updates, or null: a new one. */
  id: number | null;
  input: ContactInput;
}

/** Reads and checks the whole file: each row as the contact form would save it, or what is wrong with it. */
async function planImport(db: Db, m: Membership, text: string): Promise<{ planned: Planned[]; errors: ContactsImportError[] }> {
  const { rows, columns, errors } = readRows(text.replace(/^\uFEFF/, ""));
  const existing = await queryRows<ExistingContact>(
    db,
    sql`select ${contactColumns} from contacts c where c.organization_id = ${m.organizationId} and c.merged_into is null`,
  );
  const byName = new Map<string, ExistingContact[]>();
  for (const c of existing) byName.set(c.name.toLowerCase(), [...(byName.get(c.name.toLowerCase()) ?? []), c]);
  const accounts = await queryRows<{ id: number; account_code: string }>(
    db,
    sql`select id, account_code from chart_of_accounts where organization_id = ${m.organizationId} and is_active`,
  );
  const accountId = new Map(accounts.map((a) => [a.account_code, Number(a.id)]));
  const codes = await queryRows<{ id: number; code: string }>(
    db,
    sql`select id, code from tax_codes where organization_id = ${m.organizationId} and archived_at is null`,
  );
  const taxCodeId = new Map(codes.map((c) => [c.code, Number(c.id)]));

  const seen = new Map<string, number>();
  const planned: Planned[] = [];
  for (const r of rows) {
    const cell = (c: Column) => r.cells[c] ?? "";
    const has = (c: Column) => columns.has(c);
    const fail = (column: Column, message: string) => errors.push({ line: r.line, column, message });
    const before = errors.length;
    const name = cell("name");
    const key = name.toLowerCase();
    const matches = name ? (byName.get(key) ?? []) : [];
    if (name && seen.has(key)) fail("name", `${name.slice(0, 60)} is also on line ${seen.get(key)}`);
    else if (name) seen.set(key, r.line);
    if (matches.length > 1) fail("name", `Several contacts are named ${name.slice(0, 60)}: merge them first`);
    const current = matches.length === 1 ? matches[0]! : null;

    const flag = (c: "is_customer" | "is_supplier" | "is_1099_contractor", fallback: boolean): boolean => {
      const v = cell(c).toLowerCase();
      if (!has(c) || v === "") return fallback;
      const b = BOOLEAN[v];
      if (b === undefined) fail(c, `${c} must be true or false`);
      return b ?? fallback;
    };
    const text = (c: "tax_id" | "email" | "address", kept: string | null) => (has(c) ? cell(c) || null : kept);
    const code = (c: "revenue_account_code" | "expense_account_code" | "tax_code", kept: number | null) => {
      if (!has(c)) return kept;
      const v = cell(c);
      if (!v) return null;
      const id = c === "tax_code" ? taxCodeId.get(v) : accountId.get(v);
      if (id === undefined)
        fail(c, c === "tax_code" ? `No tax code ${v.slice(0, 40)} in these books` : `No active account ${v.slice(0, 40)} in these books`);
      return id ?? null;
    };
    const terms = cell("payment_terms_days");
    const form: ContactFormValues = {
      name,
      is_customer: flag("is_customer", current ? current.is_customer : true),
      is_supplier: flag("is_supplier", current ? current.is_supplier : false),
      is_1099_contractor: flag("is_1099_contractor", current ? current.is_1099_contractor : false),
      tax_id: text("tax_id", current?.tax_id ?? null),
      email: text("email", current?.email ?? null),
      address: text("address", current?.address ?? null),
      payment_terms_days:
        has("payment_terms_days") && terms !== ""
          ? ((/^-?\d+$/.test(terms) ? Number(terms) : terms) as number)
          : current
            ? Number(current.payment_terms_days)
            : 30,
      default_revenue_account_id: code("revenue_account_code", current?.default_revenue_account_id ?? null),
      default_expense_account_id: code("expense_account_code", current?.default_expense_account_id ?? null),
      default_tax_code_id: code("tax_code", current?.default_tax_code_id ?? null),
    };
    const parsed = safeParse(contactSchema, form);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(FIELD_COLUMN[String(issue.path[0])] ?? "name", issue.message);
    }
    if (errors.length > before || !parsed.success) continue;
    planned.push({ line: r.line, id: current ? Number(current.id) : null, input: parsed.data });
  }
  errors.sort((a, b) => a.line - b.line);
  return { planned, errors };
}

const rowOf = (p: Planned): ContactsImportRow => ({
  line: p.line,
  name: p.input.name,
  action: p.id === null ? "create" : "update",
  contact_id: p.id,
});

/** What importing the file would do, row by row, and every error by line: nothing is written. */
export async function previewContactsImport(db: Db, m: Membership, text: string): Promise<ContactsImportPreview> {
  const { planned, errors } = await planImport(db, m, text);
  return {
    rows: planned.map(rowOf),
    errors,
    created: planned.filter((p) => p.id === null).length,
    updated: planned.filter((p) => p.id !== null).length,
  };
}

const record = (p: Planned) => ({
  id: p.id,
  name: p.input.name,
  is_customer: p.input.is_customer,
  is_supplier: p.input.is_supplier,
  is_1099_contractor: p.input.is_1099_contractor,
  tax_id: p.input.tax_id || null,
  email: p.input.email || null,
  address: p.input.address || null,
  payment_terms_days: p.input.payment_terms_days,
  default_revenue_account_id: p.input.default_revenue_account_id ?? null,
  default_expense_account_id: p.input.default_expense_account_id ?? null,
  default_tax_code_id: p.input.default_tax_code_id ?? null,
});

const RECORD_TYPE = sql`x(id integer, name text, is_customer boolean, is_supplier boolean, is_1099_contractor boolean, tax_id text, email text, address text,
  payment_terms_days integer, default_revenue_account_id integer, default_expense_account_id integer, default_tax_code_id integer)`;

/**
 * Imports a CSV of contacts in one transaction: every row updates the contact of its name or creates one, or nothing is
 * written (400 naming the first bad line and column; `fields` holds `rows.<line>.<column>` for each). Audited.
 */
export async function importContacts(db: Db, m: Membership, actor: AuditActor, text: string): Promise<ContactsImported> {
  return db.transaction(async (tx) => {
    // One import of a books' contacts at a time: two files naming the same new contact make it once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contacts-import:${m.organizationId}`}))`);
    const { planned, errors } = await planImport(tx, m, text);
    if (errors.length) throw fileRowErrors(errors);
    const created = planned.filter((p) => p.id === null).map(record);
    const updated = planned.filter((p) => p.id !== null).map(record);
    if (created.length)
      await tx.execute(
        sql`insert into contacts (organization_id, name, is_customer, is_supplier, is_1099_contractor, tax_id, email, address, payment_terms_days,
                                  default_revenue_account_id, default_expense_account_id, default_tax_code_id, created_by)
            select ${m.organizationId}, x.name, x.is_customer, x.is_supplier, x.is_1099_contractor, x.tax_id, x.email, x.address, x.payment_terms_days,
                   x.default_revenue_account_id, x.default_expense_account_id, x.default_tax_code_id, ${m.userId}
              from jsonb_to_recordset(${JSON.stringify(created)}::jsonb) as ${RECORD_TYPE}`,
      );
    if (updated.length)
      await tx.execute(
        sql`update contacts c set name = x.name, is_customer = x.is_customer, is_supplier = x.is_supplier,
                   is_1099_contractor = x.is_1099_contractor, tax_id = x.tax_id,
                   email = x.email, address = x.address, payment_terms_days = x.payment_terms_days,
                   default_revenue_account_id = x.default_revenue_account_id, default_expense_account_id = x.default_expense_account_id,
                   default_tax_code_id = x.default_tax_code_id, updated_at = now()
              from jsonb_to_recordset(${JSON.stringify(updated)}::jsonb) as ${RECORD_TYPE}
             where c.organization_id = ${m.organizationId} and c.id = x.id`,
      );
    await recordAudit(tx, actor, {
      action: "contacts.imported",
      targetType: "organization",
      targetId: m.organizationId,
      after: { created: created.length, updated: updated.length },
    });
    return { created: created.length, updated: updated.length };
  });
}
