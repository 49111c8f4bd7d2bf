import { request, type ApiResult } from "~/lib/api-client.ts";
import type { Side } from "./sales.schema.ts";
import type {
  CompanyAnswer,
  DocumentSent,
  LinkCreated,
  LinkRevoked,
  SharedDocumentAnswer,
  StatementSent,
  StatementsQueued,
} from "./sharing.types.ts";

/**
 * Documents going out of the books as the browser calls them (/api/accounting/orgs/:orgId, decision 116): a document's
 * PDF, its links for the customer, mailing it; a statement's PDF and mail, every customer's; the business's details.
 * And, without a session, the one document a link opens (/api/shared/documents/:token).
 */

const id = (n: number) => encodeURIComponent(n);
const books = (orgId: number) => `/api/accounting/orgs/${id(orgId)}`;

/** A document's PDF (a link's href: an attachment). */
export const documentPdfUrl = (orgId: number, docId: number) => `${books(orgId)}/documents/${id(docId)}/pdf`;

/** A new link to an approved invoice or credit note, open `days` days (1 to 90); its address is answered this once. */
export function createDocumentLink(orgId: number, docId: number, days: number): Promise<ApiResult<LinkCreated>> {
  return request<LinkCreated>(`${books(orgId)}/documents/${id(docId)}/links`, { json: { days } });
}

export function revokeDocumentLink(orgId: number, docId: number, linkId: number): Promise<ApiResult<LinkRevoked>> {
  return request<LinkRevoked>(`${books(orgId)}/documents/${id(docId)}/links/${id(linkId)}/revoke`, { method: "POST" });
}

/** Mails the document with its PDF and a fresh link, to `to` or the customer's email; marks it sent. */
export function sendDocument(
  orgId: number,
  docId: number,
  input: { to?: string; message?: string | null },
): Promise<ApiResult<DocumentSent>> {
  return request<DocumentSent>(`${books(orgId)}/documents/${id(docId)}/send`, { json: input });
}

const period = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** A contact's statement of a period as a PDF (a link's href). */
export const statementPdfUrl = (orgId: number, contactId: number, side: Side, from: string, to: string) =>
  `${books(orgId)}/contacts/${id(contactId)}/statement.pdf?${period(from, to)}&side=${side}`;

/** Mails a contact's statement of a period (to `email`, or the contact's). */
export function sendStatement(
  orgId: number,
  contactId: number,
  input: { from: string; to: string; side: Side; email?: string; message?: string | null },
): Promise<ApiResult<StatementSent>> {
  return request<StatementSent>(`${books(orgId)}/contacts/${id(contactId)}/statement/send`, { json: input });
}

/** Mails every customer with an email and a balance or a line in the period their statement; answers how many. */
export function sendAllStatements(
  orgId: number,
  input: { from: string; to: string; message?: string | null },
): Promise<ApiResult<StatementsQueued>> {
  return request<StatementsQueued>(`${books(orgId)}/statements/send`, { json: input });
}

export function getCompany(orgId: number): Promise<ApiResult<CompanyAnswer>> {
  return request<CompanyAnswer>(`${books(orgId)}/sales/company`);
}

/** The address printed under the business's name; the logo as a data: URL (null removes it, left out keeps it). */
export function saveCompany(orgId: number, input: { address: string | null; logo?: string | null }): Promise<ApiResult<CompanyAnswer>> {
  return request<CompanyAnswer>(`${books(orgId)}/sales/company`, { method: "PUT", json: input });
}

/** The one document a link opens (no session). */
export function getSharedDocument(token: string): Promise<ApiResult<SharedDocumentAnswer>> {
  return request<SharedDocumentAnswer>(`/api/shared/documents/${encodeURIComponent(token)}`);
}

/** Its PDF (a link's href: an attachment). */
export const sharedDocumentPdfUrl = (token: string) => `/api/shared/documents/${encodeURIComponent(token)}/pdf`;
