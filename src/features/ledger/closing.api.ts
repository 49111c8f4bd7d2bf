import { request, type ApiResult } from "~/lib/api-client.ts";
import { booksApi } from "./ledger.api.ts";
import type { LockInput, UnlockInput } from "./books-lock.schema.ts";
import type { FiscalYearInput } from "./fiscal-year.schema.ts";
import type { BooksCurrencyInput } from "./books-currency.schema.ts";
import type { YearEndCloseInput } from "./year-end-close.schema.ts";
import type { BooksCurrencyAnswer, FiscalYearAnswer, LockAnswer, YearEndAnswer } from "./ledger-answers.types.ts";

/** The books' closing as the browser calls it: the lock, the fiscal year, the currency, the year-end close. */

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
