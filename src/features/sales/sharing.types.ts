import type { DocumentKind } from "./sales.schema.ts";
import type { DocumentDetails, DocumentLink } from "./sales.types.ts";

/*
 * What the documents going out of the books answer (decision 116): a link made (its address shown once), a document
 * sent, statements queued, the business's details printed on them, and the one document a link opens.
 */

/** POST /documents/:id/links (201): the link, its address with the secret in it, shown this once. */
export interface LinkCreated {
  link: DocumentLink & { url: string };
}

/** POST /documents/:id/links/:linkId/revoke */
export interface LinkRevoked {
  link: DocumentLink;
}

/** POST /documents/:id/send: the document as it is now (sent, its new link listed) and where the mail went. */
export interface DocumentSent {
  document: DocumentDetails;
  sent_to: string;
}

/** POST /contacts/:id/statement/send */
export interface StatementSent {
  sent_to: string;
}

/** POST /statements/send: how many customers' statements were queued. */
export interface StatementsQueued {
  queued: number;
}

/** The business as its documents show it: the organization's name, its address and its logo (a data: URL). */
export interface CompanyDetails {
  name: string;
  address: string | null;
  logo: string | null;
}

/** GET and PUT /sales/company */
export interface CompanyAnswer {
  company: CompanyDetails;
}

/** What the customer holding a link sees: the document's customer-facing fields, nothing that names another row. */
export interface SharedDocument {
  kind: DocumentKind;
  /** "Invoice", "Credit note". */
  title: string;
  number: string;
  issue_date: string;
  due_date: string;
  reference: string | null;
  amounts_are: "exclusive" | "inclusive";
  notes: string | null;
  /** unpaid, overdue, partly paid, paid, or void (cancelled by the business). */
  state: "unpaid" | "overdue" | "partly_paid" | "paid" | "void";
  currency: string;
  lines: { description: string; quantity: string; unit_price: string; discount_percent: string; tax_code: string | null; amount: string }[];
  taxes: { code: string; name: string; amount: string }[];
  subtotal: string;
  tax_total: string;
  total: string;
  paid: string;
  owed: string;
  customer: { name: string; address: string | null };
  from: CompanyDetails;
  /** When the link stops opening it. */
  link_expires_at: string;
}

/** GET /api/shared/documents/:token */
export interface SharedDocumentAnswer {
  document: SharedDocument;
}
