import { request, type ApiResult } from "~/lib/api-client.ts";
import type { RecurringInvoiceFormInput } from "./recurring-invoices.schema.ts";
import type { RecurringInvoiceAnswer, RecurringInvoicesAnswer } from "./recurring-invoices.types.ts";

/** Recurring invoices (/api/accounting/orgs/:orgId/recurring-invoices, decision 116) as the browser calls them. */

const id = (n: number) => encodeURIComponent(n);
const base = (orgId: number) => `/api/accounting/orgs/${id(orgId)}/recurring-invoices`;

export function listRecurringInvoices(orgId: number): Promise<ApiResult<RecurringInvoicesAnswer>> {
  return request<RecurringInvoicesAnswer>(base(orgId));
}

export function getRecurringInvoice(orgId: number, recurringId: number): Promise<ApiResult<RecurringInvoiceAnswer>> {
  return request<RecurringInvoiceAnswer>(`${base(orgId)}/${id(recurringId)}`);
}

/** Creates (recurringId null) or changes a recurring invoice; the runs already due are made before the answer. */
export function saveRecurringInvoice(orgId: number, recurringId: number | null, input: RecurringInvoiceFormInput): Promise<ApiResult<RecurringInvoiceAnswer>> {
  return recurringId === null
    ? request<RecurringInvoiceAnswer>(base(orgId), { json: input })
    : request<RecurringInvoiceAnswer>(`${base(orgId)}/${id(recurringId)}`, { method: "PUT", json: input });
}

/** Pauses or resumes a recurring invoice. */
export function changeRecurringInvoiceStatus(orgId: number, recurringId: number, action: "pause" | "resume"): Promise<ApiResult<RecurringInvoiceAnswer>> {
  return request<RecurringInvoiceAnswer>(`${base(orgId)}/${id(recurringId)}/${action}`, { method: "POST" });
}

/** Deletes the schedule and its template; the invoices it made stay. */
export function deleteRecurringInvoice(orgId: number, recurringId: number): Promise<ApiResult<null>> {
  return request<null>(`${base(orgId)}/${id(recurringId)}`, { method: "DELETE" });
}
