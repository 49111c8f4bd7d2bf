import { request, type ApiResult } from "~/lib/api-client.ts";
import type { ImportPreview, ImportResult } from "./import.types.ts";

/** The books' CSV import and export (/api/books-csv/:orgId) as the browser calls them. */

const csv = (orgId: number) => `/api/books-csv/${encodeURIComponent(orgId)}`;
const asCsv = (file: File) => new Blob([file], { type: "text/csv" });

/** What importing the file would do; `query` carries the kind, the settings and the accounts' resolutions. */
export function previewBooksImport(orgId: number, query: string, file: File): Promise<ApiResult<ImportPreview>> {
  return request<ImportPreview>(`${csv(orgId)}/preview?${query}`, { file: asCsv(file) });
}

export function commitBooksImport(orgId: number, query: string, file: File): Promise<ApiResult<ImportResult>> {
  return request<ImportResult>(`${csv(orgId)}/commit?${query}`, { file: asCsv(file) });
}

/** The chart of accounts or the journal as CSV (a link's href). */
export function booksCsvUrl(orgId: number, file: "chart" | "journal"): string {
  return `${csv(orgId)}/${file}.csv`;
}
