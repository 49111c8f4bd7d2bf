import { request, type ApiResult } from "~/lib/api-client.ts";
import type { BudgetCopyInput, BudgetGridInput } from "./budgets.schema.ts";
import type { BudgetAnswer, BudgetImported } from "./budgets.types.ts";

/** Budgets (decision 123) as the browser calls them. */

const id = (n: number) => encodeURIComponent(n);
const budget = (orgId: number, year: number) => `/api/accounting/orgs/${id(orgId)}/budgets/${id(year)}`;

export function saveBudget(orgId: number, year: number, input: BudgetGridInput): Promise<ApiResult<BudgetAnswer>> {
  return request<BudgetAnswer>(budget(orgId, year), { method: "PUT", json: input });
}

/** The budget made from last year's actuals, changed by a percentage; it replaces the year's budget. */
export function copyBudget(orgId: number, year: number, input: BudgetCopyInput): Promise<ApiResult<BudgetAnswer>> {
  return request<BudgetAnswer>(`${budget(orgId, year)}/copy`, { json: input });
}

/** Imports a CSV budget for the year: all rows or none; it replaces the year's budget. */
export function importBudget(orgId: number, year: number, file: File): Promise<ApiResult<BudgetImported>> {
  return request<BudgetImported>(`/api/budgets-csv/${id(orgId)}/${id(year)}`, { file: new Blob([file], { type: "text/csv" }) });
}

/** The year's budget as CSV (a link's href). */
export function budgetCsvUrl(orgId: number, year: number): string {
  return `/api/budgets-csv/${id(orgId)}/${id(year)}`;
}
