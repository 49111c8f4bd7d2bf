import { request, type ApiResult } from "~/lib/api-client.ts";
import type { AllocationInput, DocumentFormValues, PaymentInput, SalesSettingsInput } from "./sales.schema.ts";
import type { AllocationResult, DocumentDetails, PaymentResult, SalesSettings } from "./sales.types.ts";

/**
 * Sales and purchases documents as the browser calls them (/api/accounting/orgs/:orgId, decision 116): invoices, credit
 * notes, bills and supplier credits; the payments and allocations that settle them; the settings. Amounts travel as
 * decimal strings. Contacts and the open items: contacts.api.ts.
 */

const id = (n: number) => encodeURIComponent(n);
const books = (orgId: number) => `/api/accounting/orgs/${id(orgId)}`;

export type DocumentAnswer = { document: DocumentDetails };

/** What a document form sends: the API's own input (amounts and quantities as typed text). */
export type DocumentPayload = DocumentFormValues;

/** The payment as sent: the schema's input, amounts as decimal text. */
export type PaymentPayload = Omit<PaymentInput, "amount" | "allocations" | "write_offs"> & {
  amount: string;
  allocations: { item_id: number; amount: string }[];
  write_offs: { account_id: number; amount: string; description: string | null }[];
};

export type AllocationPayload = Omit<AllocationInput, "amount"> & { amount: string };

/** A new draft (or a bill waiting for approval once submitted). */
export function createDocument(orgId: number, input: DocumentPayload): Promise<ApiResult<DocumentAnswer>> {
  return request<DocumentAnswer>(`${books(orgId)}/documents`, { json: input });
}

/** A draft changed: all its lines replaced. */
export function updateDocument(orgId: number, docId: number, input: DocumentPayload): Promise<ApiResult<DocumentAnswer>> {
  return request<DocumentAnswer>(`${books(orgId)}/documents/${id(docId)}`, { method: "PUT", json: input });
}

export function deleteDocument(orgId: number, docId: number): Promise<ApiResult<null>> {
  return request<null>(`${books(orgId)}/documents/${id(docId)}`, { method: "DELETE" });
}

/** A draft bill sent for approval (where the settings ask for it). */
export function submitDocument(orgId: number, docId: number): Promise<ApiResult<DocumentAnswer>> {
  return request<DocumentAnswer>(`${books(orgId)}/documents/${id(docId)}/submit`, { method: "POST" });
}

/** Numbered and posted. */
export function approveDocument(orgId: number, docId: number): Promise<ApiResult<DocumentAnswer>> {
  return request<DocumentAnswer>(`${books(orgId)}/documents/${id(docId)}/approve`, { method: "POST" });
}

/** Its entry reversed on `date` (the document's own date keeps the void in its period). */
export function voidDocument(orgId: number, docId: number, date: string): Promise<ApiResult<DocumentAnswer>> {
  return request<DocumentAnswer>(`${books(orgId)}/documents/${id(docId)}/void`, { json: { date } });
}

/** Money received or paid, allocated to open items; what is not allocated stays as the contact's credit. */
export function recordPayment(orgId: number, input: PaymentPayload): Promise<ApiResult<{ payment: PaymentResult }>> {
  return request<{ payment: PaymentResult }>(`${books(orgId)}/payments`, { json: input });
}

/** A credit (a credit note, an unallocated payment) applied to what is owed. */
export function allocate(orgId: number, input: AllocationPayload): Promise<ApiResult<AllocationResult>> {
  return request<AllocationResult>(`${books(orgId)}/allocations`, { json: input });
}

export function undoAllocation(orgId: number, allocationId: number): Promise<ApiResult<null>> {
  return request<null>(`${books(orgId)}/allocations/${id(allocationId)}/undo`, { method: "POST" });
}

export function saveSalesSettings(orgId: number, input: SalesSettingsInput): Promise<ApiResult<{ settings: SalesSettings }>> {
  return request<{ settings: SalesSettings }>(`${books(orgId)}/sales/settings`, { method: "PUT", json: input });
}
