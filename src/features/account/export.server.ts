import { sql } from "drizzle-orm";
import { strToU8, zipSync, type Zippable } from "fflate";
import { csvAmount, csvRows, type CsvCell } from "~/lib/csv.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { describeUserAgent } from "./account.server.ts";

type Row = Record<string, unknown>;

/** Dates as ISO strings and JSON values (calculator inputs, arrays) as they are: the same on both databases. */
function plain(rows: Row[]): Row[] {
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])));
}

/** Columns holding the books' amounts: written as numbers (decision 082). */
const AMOUNT_COLUMNS = new Set(["total_amount", "debit_amount", "credit_amount", "subtotal", "tax_total", "total"]);

function cell(column: string, value: unknown): CsvCell {
  if (value === null || value === undefined) return "";
  if (AMOUNT_COLUMNS.has(column)) return csvAmount(String(value));
  if (typeof value === "object") return JSON.stringify(value);
  return typeof value === "number" || typeof value === "boolean" ? value : String(value);
}

/** The product's CSV (a header row; nested values, JSON and arrays, as JSON text; text safe in a spreadsheet). */
function csv(rows: Row[], columns: string[]): string {
  return csvRows(
    columns,
    rows.map((r) => columns.map((c) => cell(c, r[c]))),
  );
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/** A folder name from an organization's name: letters, digits and dashes. */
function slug(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .replace(/[\s_]+/g, "-")
      .toLowerCase()
      .slice(0, 40) || "organization"
  );
}

const README = `Your data at Ledgerline Advisors

profile.json                   your account
sessions.json / .csv           where you are signed in
contact-messages.json / .csv   messages you sent through the contact form
consultations.json / .csv      consultation requests you sent
calculator-results.json / .csv results you saved from the calculators
                               (these three also hold what was sent from your verified email address before
                               you had an account)
proposals.json / .csv          proposals the firm sent to your verified email address: their terms, lines and, once
                               you accepted one, the evidence kept (the name typed, the time, the address and browser)
organizations/<id>-<name>/     for each organization you belong to: its chart of accounts and its journal
                               entries (journal-entries.json has each entry with its lines; the lines are also
                               in journal-entry-lines.csv). Amounts are exact decimals. messages.json is the
                               organization's conversation with the firm (each message, who wrote it, its files).
                               contacts.csv lists its customers and suppliers; documents.json its invoices, credit
                               notes, bills and supplier credits with their lines (documents.csv one row each).
                               firm-invoices.json: the firm's invoices to the organization for its fees, and the
                               payments made on them through the payment processor.
`;

/** Everything the product holds about the user and their organizations, as a ZIP of JSON and CSV files. */
export async function accountExport(db: Db, userId: string): Promise<Uint8Array> {
  const q = (query: ReturnType<typeof sql>) => queryRows<Row>(db, query).then(plain);
  const [profile] = await q(sql`
    select id, email, email_verified, first_name, last_name, company_name, role, two_factor_enabled, created_at, updated_at
      from users where id = ${userId}`);
  const sessionRows = await q(sql`
    select id, user_agent, ip_address, created_at, updated_at as last_active_at, expires_at
      from sessions where user_id = ${userId} and expires_at > now() order by created_at`);
  const sessions = sessionRows.map(({ user_agent, ...s }) => ({ ...s, ...describeUserAgent(user_agent as string | null) }));
  // Also what was sent with no account from the address the account has verified, before it existed (decision 084).
  const mine = profile?.email_verified
    ? sql`(user_id = ${userId} or (user_id is null and lower(email) = lower(${String(profile.email)})
            and created_at < ${String(profile.created_at)}::timestamptz))`
    : sql`user_id = ${userId}`;
  const contacts = await q(sql`
    select id, first_name, last_name, email, company, service, message, created_at
      from contact_messages where ${mine} order by created_at`);
  const consultations = await q(sql`
    select id, first_name, last_name, email, phone, company_name, services_interested, annual_revenue_range, challenges,
           preferred_time, created_at
      from consultation_requests where ${mine} order by created_at`);
  const results = await q(sql`
    select id, calculator_type, email, name, inputs, results, created_at
      from calculator_submissions where ${mine} order by created_at`);
  // Proposals the firm sent to her verified address (decision 118): hers to read, with the evidence of her signature.
  const proposals = profile?.email_verified
    ? await q(sql`
        select p.id, p.title, p.status, p.company, p.currency, p.start_date::text as start_date, p.minimum_term_months,
               p.expires_on::text as expires_on, p.sent_at, p.sent_to, p.viewed_at, p.declined_at, p.decline_reason, p.accepted_at,
               p.signer_name, p.signer_email, p.signer_ip, p.signer_user_agent, p.document_sha256, p.signed_pdf_sha256, p.document_text,
               coalesce((select json_agg(json_build_object('name', l.name, 'description', l.description,
                                                            'price', (l.price_cents / 100.0)::numeric(20,2)::text, 'billing', l.billing,
                                                            'quantity', l.quantity, 'optional', l.optional) order by l.position)
                           from proposal_lines l where l.proposal_id = p.id), '[]'::json) as lines
          from proposals p
         where p.status <> 'draft' and (lower(p.sent_to) = lower(${String(profile.email)}) or lower(p.signer_email) = lower(${String(profile.email)}))
         order by p.sent_at`)
    : [];
  const organizations = await q(sql`
    select o.id, o.name, m.role, m.created_at as member_since
      from organization_memberships m join organizations o on o.id = m.organization_id
     where m.user_id = ${userId} order by o.id`);

  const files: Zippable = {
    "README.txt": strToU8(README),
    "profile.json": json(profile ?? null),
    "sessions.json": json(sessions),
    "sessions.csv": strToU8(csv(sessions, ["id", "browser", "os", "ip_address", "created_at", "last_active_at", "expires_at"])),
    "contact-messages.json": json(contacts),
    "contact-messages.csv": strToU8(
      csv(contacts, ["id", "created_at", "first_name", "last_name", "email", "company", "service", "message"]),
    ),
    "consultations.json": json(consultations),
    "consultations.csv": strToU8(
      csv(consultations, [
        "id",
        "created_at",
        "first_name",
        "last_name",
        "email",
        "phone",
        "company_name",
        "services_interested",
        "annual_revenue_range",
        "challenges",
        "preferred_time",
      ]),
    ),
    "proposals.json": json(proposals),
    "proposals.csv": strToU8(
      csv(proposals, [
        "id",
        "title",
        "status",
        "sent_at",
        "expires_on",
        "accepted_at",
        "signer_name",
        "document_sha256",
        "signed_pdf_sha256",
      ]),
    ),
    "calculator-results.json": json(results),
    "calculator-results.csv": strToU8(csv(results, ["id", "created_at", "calculator_type", "name", "email", "inputs", "results"])),
  };

  for (const org of organizations) {
    const orgId = Number(org.id);
    const accounts = await q(sql`
      select id, account_code, account_name, account_type, is_active, created_at
        from chart_of_accounts where organization_id = ${orgId} order by account_code`);
    const entries = await q(sql`
      select id, entry_number, entry_date::text as entry_date, description, reference, total_amount::text as total_amount, status,
             created_at, posted_at, reversal_of, reversed_by
        from journal_entries where organization_id = ${orgId} order by entry_seq`);
    const lines = await q(sql`
      select l.journal_entry_id, e.entry_number, l.line_no, a.account_code, a.account_name, l.description,
             l.debit_amount::text as debit_amount, l.credit_amount::text as credit_amount
        from journal_entry_lines l
        join journal_entries e on e.id = l.journal_entry_id
        join chart_of_accounts a on a.id = l.account_id
       where l.organization_id = ${orgId} order by e.entry_seq, l.line_no`);
    // The organization's conversation with the firm (decision 100): who wrote what, when, with which files.
    const messages = await q(sql`
      select m.seq, m.created_at, m.author_name, m.source, m.body,
             coalesce((select json_agg(f.file_name order by f.id) from message_attachments f where f.message_id = m.id), '[]'::json) as files
        from messages m where m.organization_id = ${orgId} order by m.seq`);
    // Customers and suppliers, and their documents with their lines (decision 116).
    const contacts = await q(sql`
      select id, name, is_customer, is_supplier, is_1099_contractor, tax_id, email, address, payment_terms_days, merged_into, created_at
        from contacts where organization_id = ${orgId} order by lower(name), id`);
    const documents = await q(sql`
      select d.id, d.kind, d.number, d.status, c.name as contact, d.issue_date::text as issue_date, d.due_date::text as due_date,
             d.reference, d.amounts_are, d.notes, d.subtotal::text as subtotal, d.tax_total::text as tax_total, d.total::text as total,
             d.sent_at, d.approved_at, d.voided_at,
             coalesce((select json_agg(json_build_object('line_no', x.line_no, 'description', x.description, 'quantity', x.quantity::text,
                                                         'unit_price', x.unit_price::text, 'discount_percent', x.discount_percent::text,
                                                         'account_code', a.account_code, 'amount', x.amount::text) order by x.line_no)
                         from sales_document_lines x join chart_of_accounts a on a.id = x.account_id where x.document_id = d.id), '[]'::json) as lines
        from sales_documents d join contacts c on c.id = d.contact_id
       where d.organization_id = ${orgId} order by d.issue_date, d.id`);
    const linesOf = new Map<unknown, Row[]>();
    for (const line of lines) linesOf.set(line.journal_entry_id, [...(linesOf.get(line.journal_entry_id) ?? []), line]);
    const dir = `organizations/${orgId}-${slug(String(org.name))}`;
    files[`${dir}/organization.json`] = json(org);
    files[`${dir}/chart-of-accounts.json`] = json(accounts);
    files[`${dir}/chart-of-accounts.csv`] = strToU8(
      csv(accounts, ["account_code", "account_name", "account_type", "is_active", "created_at"]),
    );
    files[`${dir}/messages.json`] = json(messages);
    files[`${dir}/contacts.csv`] = strToU8(
      csv(contacts, [
        "name",
        "is_customer",
        "is_supplier",
        "is_1099_contractor",
        "tax_id",
        "email",
        "address",
        "payment_terms_days",
        "created_at",
      ]),
    );
    files[`${dir}/documents.json`] = json(documents);
    // The firm's invoices to this organization for its fees (decision 119), read from the firm's books, and their payments.
    const firmInvoices = await q(sql`
      select d.number, d.issue_date::text as issue_date, d.due_date::text as due_date, d.total::text as total,
             coalesce((select json_agg(json_build_object('status', x.status, 'amount', (x.amount_cents / 100.0)::numeric(20,2)::text,
                                                          'date', x.created_at, 'failure', x.failure_message) order by x.id)
                         from processor_payments x where x.document_id = d.id), '[]'::json) as payments
        from billing_accounts b join sales_documents d on d.contact_id = b.contact_id
        join firm_books f on f.organization_id = d.organization_id
       where b.client_organization_id = ${orgId} and d.kind = 'invoice' and d.status = 'approved'
       order by d.issue_date, d.id`);
    files[`${dir}/firm-invoices.json`] = json(firmInvoices);
    files[`${dir}/documents.csv`] = strToU8(
      csv(documents, ["kind", "number", "status", "contact", "issue_date", "due_date", "reference", "subtotal", "tax_total", "total"]),
    );
    files[`${dir}/journal-entries.json`] = json(entries.map((e) => ({ ...e, lines: linesOf.get(e.id) ?? [] })));
    files[`${dir}/journal-entries.csv`] = strToU8(
      csv(entries, ["entry_number", "entry_date", "description", "reference", "total_amount", "status", "created_at", "posted_at"]),
    );
    files[`${dir}/journal-entry-lines.csv`] = strToU8(
      csv(lines, ["entry_number", "line_no", "account_code", "account_name", "description", "debit_amount", "credit_amount"]),
    );
  }
  return zipSync(files, { level: 6 });
}
