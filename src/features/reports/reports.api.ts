import { request, type ApiResult } from "~/lib/api-client.ts";
import { booksApi } from "~/features/ledger/ledger.api.ts";
import type { MonthEndPackInput } from "./month-end-packs.schema.ts";
import type { GeneralLedgerAnswer, PackPrepared } from "./reports.types.ts";

/** The books' reports as the browser calls them: the general ledger, report PDFs, month-end packs. */

const id = (n: number) => encodeURIComponent(n);

/** One account's general ledger over a period (its first page). */
export function getGeneralLedger(
  orgId: number,
  q: { account: number; start: string; end: string },
): Promise<ApiResult<GeneralLedgerAnswer>> {
  const query = new URLSearchParams({ account: String(q.account), start: q.start, end: q.end });
  return request<GeneralLedgerAnswer>(`${booksApi(orgId)}/reports/general_ledger?${query}`);
}

/** The general ledger as CSV or PDF (a link's href); `query` is the screen's (`?account=…&start=…&end=…`). */
export function generalLedgerFileUrl(orgId: number, format: "csv" | "pdf", query: string): string {
  return `${booksApi(orgId)}/reports/general_ledger/${format}${query}`;
}

/** Every account's general ledger of a period as CSV or PDF (a link's href). */
export function generalLedgerAllUrl(orgId: number, format: "csv" | "pdf", period: { start: string; end: string }): string {
  return `${booksApi(orgId)}/reports/general_ledger/all/${format}?${new URLSearchParams(period)}`;
}

/** A report as a PDF (a link's href). */
export function reportPdfUrl(orgId: number, type: string, query: URLSearchParams): string {
  return `${booksApi(orgId)}/reports/${encodeURIComponent(type)}/pdf?${query}`;
}

export function preparePack(orgId: number, input: MonthEndPackInput): Promise<ApiResult<PackPrepared>> {
  return request<PackPrepared>(`${booksApi(orgId)}/packs`, { json: input });
}

/** A month-end pack as a PDF (a link's href). */
export function packPdfUrl(orgId: number, packId: number): string {
  return `${booksApi(orgId)}/packs/${id(packId)}/pdf`;
}
