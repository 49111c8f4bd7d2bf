import { request, type ApiResult } from "~/lib/api-client.ts";
import type { TaxReturnFileInput } from "./tax-return.schema.ts";
import type { FiledTaxReturnsAnswer, TaxReturnAnswer, TaxReturnFiled, TaxReturnGroup, TaxReturnLinesAnswer } from "./tax-return.types.ts";

/** Tax returns (/api/accounting/orgs/:orgId, decision 112) as the browser calls them. */

const books = (orgId: number) => `/api/accounting/orgs/${encodeURIComponent(orgId)}`;
const period = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export function getTaxReturn(orgId: number, from: string, to: string): Promise<ApiResult<TaxReturnAnswer>> {
  return request<TaxReturnAnswer>(`${books(orgId)}/tax-return?${period(from, to)}`);
}

/** The figure of the return whose lines are read: a box of a group, a tax code's base, or one of its parts. */
export type TaxReturnFigure = { box: string; group: TaxReturnGroup } | { code: number; part: number | null };

export function getTaxReturnLines(
  orgId: number,
  q: { from: string; to: string; of: TaxReturnFigure; after?: string | null },
): Promise<ApiResult<TaxReturnLinesAnswer>> {
  const after = q.after ? `&after=${encodeURIComponent(q.after)}` : "";
  const of =
    "box" in q.of
      ? `box=${encodeURIComponent(q.of.box)}&group=${q.of.group}`
      : `code=${encodeURIComponent(q.of.code)}${q.of.part === null ? "" : `&part=${encodeURIComponent(q.of.part)}`}`;
  return request<TaxReturnLinesAnswer>(`${books(orgId)}/tax-return/lines?${period(q.from, q.to)}&${of}${after}`);
}

/** The return of a period as CSV and as PDF (a link's href). */
export const taxReturnCsvUrl = (orgId: number, from: string, to: string) => `${books(orgId)}/tax-return.csv?${period(from, to)}`;
export const taxReturnPdfUrl = (orgId: number, from: string, to: string) => `${books(orgId)}/tax-return.pdf?${period(from, to)}`;
export const filedTaxReturnPdfUrl = (orgId: number, id: number) => `${books(orgId)}/tax-returns/${encodeURIComponent(id)}/pdf`;

export function listTaxReturns(orgId: number, page = 1): Promise<ApiResult<FiledTaxReturnsAnswer>> {
  return request<FiledTaxReturnsAnswer>(`${books(orgId)}/tax-returns${page > 1 ? `?page=${page}` : ""}`);
}

export function fileTaxReturn(orgId: number, input: TaxReturnFileInput): Promise<ApiResult<TaxReturnFiled>> {
  return request<TaxReturnFiled>(`${books(orgId)}/tax-returns`, { json: input });
}
