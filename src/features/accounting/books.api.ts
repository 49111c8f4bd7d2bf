import { request, type ApiResult } from "~/lib/api-client.ts";
import { booksApi } from "./accounting.api.ts";
import type { LockInput, UnlockInput } from "./books-lock.schema.ts";
import type { FiscalYearInput } from "./fiscal-year.schema.ts";
import type { BooksCurrencyInput } from "./books-currency.schema.ts";
import type { MonthEndPackInput } from "./month-end-packs.schema.ts";
import type { YearEndCloseInput } from "./year-end-close.schema.ts";
import type {
  BooksCurrencyAnswer,
  FiscalYearAnswer,
  GeneralLedgerAnswer,
  LockAnswer,
  PackPrepared,
  YearEndAnswer,
} from "./accounting-answers.types.ts";

/** The books' reports and closing as the browser calls them: the general ledger, the lock, the fiscal year, packs. */

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

export function lockBooks(orgId: number, input: LockInput): Promise<ApiResult<LockAnswer>> {
  return request<LockAnswer>(`${booksApi(orgId)}/lock`, { method: "PUT", json: input });
}

export function unlockBooks(orgId: number, input: UnlockInput): Promise<ApiResult<LockAnswer>> {
  return request<LockAnswer>(`${booksApi(orgId)}/lock/unlock`, { json: input });
}

export function setFiscalYear(orgId: number, input: FiscalYearInput): Promise<ApiResult<FiscalYearAnswer>> {
  return request<FiscalYearAnswer>(`${booksApi(orgId)}/fiscal-year`, { method: "PUT", json: input });
}

export function setBooksCurrency(orgId: number, input: BooksCurrencyInput): Promise<ApiResult<BooksCurrencyAnswer>> {
  return request<BooksCurrencyAnswer>(`${booksApi(orgId)}/currency`, { method: "PUT", json: input });
}

export function closeYear(orgId: number, input: YearEndCloseInput): Promise<ApiResult<YearEndAnswer>> {
  return request<YearEndAnswer>(`${booksApi(orgId)}/year-end/close`, { json: input });
}

export function reopenYear(orgId: number, input: YearEndCloseInput): Promise<ApiResult<YearEndAnswer>> {
  return request<YearEndAnswer>(`${booksApi(orgId)}/year-end/reopen`, { json: input });
}

export function preparePack(orgId: number, input: MonthEndPackInput): Promise<ApiResult<PackPrepared>> {
  return request<PackPrepared>(`${booksApi(orgId)}/packs`, { json: input });
}

/** A month-end pack as a PDF (a link's href). */
export function packPdfUrl(orgId: number, packId: number): string {
  return `${booksApi(orgId)}/packs/${id(packId)}/pdf`;
}
