import { sql } from "drizzle-orm";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { prepareEntryLines, type PreparedLine } from "~/features/ledger/index.server.ts";
import type { EntryInput } from "~/features/ledger/ledger.schema.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { lineAmountCents, lineSign } from "./document-math.ts";
import { readSalesSettings } from "./sales-settings.server.ts";
import { sideOfKind, type DocumentInput, type DocumentKind } from "./sales.schema.ts";

/*
 * A document's input checked and priced as it will post, for saving a draft and for approving it: its contact (a
 * customer or a supplier as the kind asks), the document it credits, its lines as the ledger prepares them (the entry a
 * document posts) and the totals they make.
 */

interface ContactRow {
  id: number;
  name: string;
  is_customer: boolean;
  is_supplier: boolean;
  payment_terms_days: number;
}

export async function contactFor(db: Db, m: Membership, input: Pick<DocumentInput, "contact_id" | "kind">): Promise<ContactRow> {
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
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The entry a document posts: its lines (with their tax codes) and, last, the receivable or payable line with the total. */
export function entryOf(
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
export function totalsOf(kind: DocumentKind, lines: PreparedLine[]): { subtotal: bigint; tax: bigint; total: bigint } {
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
export async function price(
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

export async function assertCredited(db: Db, m: Membership, input: DocumentInput): Promise<void> {
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
