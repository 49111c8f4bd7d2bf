import type { AgingBucket, DocumentKind, Side } from "./sales.schema.ts";

export type { AgingBucket, DocumentKind, Side };

/** Amounts travel as exact decimal strings ("1234.50"), in the books' currency. */
export interface Contact {
  id: number;
  name: string;
  is_customer: boolean;
  is_supplier: boolean;
  /** Paid as an independent contractor (a 1099 is filed for what it was paid: decision 124). */
  is_1099_contractor: boolean;
  tax_id: string | null;
  email: string | null;
  address: string | null;
  payment_terms_days: number;
  default_revenue_account_id: number | null;
  default_expense_account_id: number | null;
  default_tax_code_id: number | null;
  /** What the contact owes the organization today (receivables, net of credits). */
  receivable: string;
  /** What the organization owes the contact today (payables, net of credits). */
  payable: string;
}

export interface ContactPage {
  contacts: Contact[];
  page: number;
  page_count: number;
  total: number;
}

/** draft → (awaiting_approval) → approved → void; sent, partly paid and paid are read from its sending and allocations. */
export type DocumentStatus = "template" | "draft" | "awaiting_approval" | "approved" | "void";
/** What a document's reader sees: its status, with an approved one's payment state. */
export type DocumentState = "draft" | "awaiting_approval" | "approved" | "sent" | "partly_paid" | "paid" | "overdue" | "void" | "template";

export interface DocumentLine {
  line_no: number;
  description: string;
  quantity: string;
  unit_price: string;
  discount_percent: string;
  account_id: number;
  account_label: string;
  tax_code_id: number | null;
  tax_code: string | null;
  /** quantity × unit price less the discount, to the cent, as typed (exclusive or inclusive of tax). */
  amount: string;
}

export interface DocumentSummary {
  id: number;
  kind: DocumentKind;
  status: DocumentStatus;
  state: DocumentState;
  number: string | null;
  contact_id: number;
  contact_name: string;
  issue_date: string;
  due_date: string;
  reference: string | null;
  subtotal: string;
  tax_total: string;
  total: string;
  /** What is still owed on it today (approved documents; 0.00 otherwise). */
  owed: string;
  sent_at: string | null;
}

export interface DocumentPage {
  documents: DocumentSummary[];
  page: number;
  page_count: number;
  total: number;
}

export interface DocumentPayment {
  allocation_id: number;
  date: string;
  amount: string;
  /** The entry that settled it: a payment, a credit note, the void. */
  entry_number: string;
  description: string;
  undone: boolean;
}

export interface DocumentFile {
  id: number;
  file_name: string;
  size_bytes: number;
  content_type: string;
}

export interface DocumentLink {
  id: number;
  expires_at: string;
  revoked_at: string | null;
  last_viewed_at: string | null;
  created_at: string;
}

export interface DocumentDetails extends DocumentSummary {
  amounts_are: "exclusive" | "inclusive";
  notes: string | null;
  credits_document_id: number | null;
  lines: DocumentLine[];
  /** Per tax code, the tax of the document (from the posted entry once approved). */
  taxes: { tax_code_id: number; code: string; name: string; amount: string }[];
  journal_entry_id: number | null;
  void_entry_id: number | null;
  /** The open item of an approved document: the receivable or payable journal line. */
  item_id: number | null;
  payments: DocumentPayment[];
  files: DocumentFile[];
  links: DocumentLink[];
  contact_email: string | null;
}

export interface OpenItem {
  /** The receivable or payable journal line. */
  item_id: number;
  contact_id: number | null;
  contact_name: string | null;
  entry_id: number;
  entry_number: string;
  date: string;
  due_date: string;
  /** The document it comes from (an invoice, a bill, a credit note), if any. */
  document_id: number | null;
  document_number: string | null;
  document_kind: DocumentKind | null;
  description: string;
  reference: string | null;
  /** Signed on the side's sense: positive is owed (to the organization on receivables, by it on payables); negative is a credit. */
  amount: string;
  open: string;
}

export interface AgingRow {
  contact_id: number | null;
  contact_name: string;
  buckets: Record<AgingBucket, string>;
  total: string;
}

export interface AgingReport {
  side: Side;
  as_of: string;
  currency: string;
  rows: AgingRow[];
  totals: Record<AgingBucket, string> & { total: string };
  /** The control account and its balance on the day: equal to the aging's total. */
  control_account: { id: number; code: string; name: string; balance: string };
}

export interface StatementLine {
  date: string;
  entry_number: string;
  document_id: number | null;
  document_number: string | null;
  description: string;
  /** Signed on the side's sense: increases what is owed. */
  charge: string;
  /** Decreases what is owed. */
  credit: string;
  balance: string;
}

export interface Statement {
  contact: Pick<Contact, "id" | "name" | "email" | "address">;
  side: Side;
  from: string;
  to: string;
  currency: string;
  opening_balance: string;
  lines: StatementLine[];
  closing_balance: string;
  /** What is due on the last day, by age. */
  aging: Record<AgingBucket, string> & { total: string };
  organization: { name: string; address: string | null };
}

export interface SalesSettings {
  receivable_account_id: number;
  payable_account_id: number;
  bills_need_approval: boolean;
  client_may_send: boolean;
}

export interface PaymentResult {
  entry_id: number;
  entry_number: string;
  /** The payment's own open item: what was not allocated stays as the contact's credit. */
  item_id: number;
  unallocated: string;
}

export interface AllocationResult {
  allocation_id: number;
}
