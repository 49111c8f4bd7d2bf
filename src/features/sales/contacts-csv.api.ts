import { request, type ApiResult } from "~/lib/api-client.ts";
import type { ContactsImported, ContactsImportPreview } from "./contacts-csv.types.ts";

/** Contacts as CSV (/api/accounting/orgs/:orgId/contacts.csv and /contacts/import, decision 116). */

const books = (orgId: number) => `/api/accounting/orgs/${encodeURIComponent(orgId)}`;
const asCsv = (file: File) => new Blob([file], { type: "text/csv" });

/** The contacts as CSV (a link's href). */
export function contactsCsvUrl(orgId: number): string {
  return `${books(orgId)}/contacts.csv`;
}

/** What importing the file would do, row by row, with every error by line; nothing is written. */
export function previewContactsImport(orgId: number, file: File): Promise<ApiResult<ContactsImportPreview>> {
  return request<ContactsImportPreview>(`${books(orgId)}/contacts/import?preview=true`, { file: asCsv(file) });
}

/** Imports the file: every row, or none (a 400 naming the first bad line). */
export function importContacts(orgId: number, file: File): Promise<ApiResult<ContactsImported>> {
  return request<ContactsImported>(`${books(orgId)}/contacts/import`, { file: asCsv(file) });
}
