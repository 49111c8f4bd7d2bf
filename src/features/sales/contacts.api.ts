import { request, type ApiResult } from "~/lib/api-client.ts";
import type { AgingBucket, ContactInput, Side } from "./sales.schema.ts";
import type { AgingReport, Contact, ContactPage, OpenItem, Statement } from "./sales.types.ts";

/** Contacts, open items, the aging and statements (/api/accounting/orgs/:orgId, decision 116) as the browser calls them. */

const id = (n: number) => encodeURIComponent(n);
const books = (orgId: number) => `/api/accounting/orgs/${id(orgId)}`;
const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
};

export function listContacts(
  orgId: number,
  q: { q?: string; role?: "customer" | "supplier"; page?: number } = {},
): Promise<ApiResult<ContactPage>> {
  return request<ContactPage>(`${books(orgId)}/contacts${query(q)}`);
}

export function getContact(orgId: number, contactId: number): Promise<ApiResult<{ contact: Contact }>> {
  return request<{ contact: Contact }>(`${books(orgId)}/contacts/${id(contactId)}`);
}

export function createContact(orgId: number, input: ContactInput): Promise<ApiResult<{ contact: Contact }>> {
  return request<{ contact: Contact }>(`${books(orgId)}/contacts`, { json: input });
}

export function updateContact(orgId: number, contactId: number, input: ContactInput): Promise<ApiResult<{ contact: Contact }>> {
  return request<{ contact: Contact }>(`${books(orgId)}/contacts/${id(contactId)}`, { method: "PUT", json: input });
}

/** Deletes a contact nothing uses (409 with the reason otherwise: merge it instead). */
export function deleteContact(orgId: number, contactId: number): Promise<ApiResult<unknown>> {
  return request<unknown>(`${books(orgId)}/contacts/${id(contactId)}`, { method: "DELETE" });
}

/** Merges the contact into the one kept (`intoId`); its history is read as the kept one's. Answers the kept contact. */
export function mergeContact(orgId: number, contactId: number, intoId: number): Promise<ApiResult<{ contact: Contact }>> {
  return request<{ contact: Contact }>(`${books(orgId)}/contacts/${id(contactId)}/merge`, { json: { into_id: intoId } });
}

export function getStatement(
  orgId: number,
  contactId: number,
  q: { side: Side; from: string; to: string },
): Promise<ApiResult<{ statement: Statement }>> {
  return request<{ statement: Statement }>(`${books(orgId)}/contacts/${id(contactId)}/statement${query(q)}`);
}

/** The items of a side still open on a day (today by default), of one contact when named. */
export function listOpenItems(
  orgId: number,
  q: { side: Side; contact_id?: number; as_of?: string },
): Promise<ApiResult<{ items: OpenItem[] }>> {
  return request<{ items: OpenItem[] }>(`${books(orgId)}/open-items${query(q)}`);
}

export function getAging(orgId: number, q: { side: Side; as_of?: string }): Promise<ApiResult<{ aging: AgingReport }>> {
  return request<{ aging: AgingReport }>(`${books(orgId)}/aging${query(q)}`);
}

/** The items behind one figure of the aging: a contact's ("none": lines naming no contact), a bucket's, or all. */
export function getAgingItems(
  orgId: number,
  q: { side: Side; as_of?: string; contact_id?: number | "none"; bucket?: AgingBucket },
): Promise<ApiResult<{ items: OpenItem[] }>> {
  return request<{ items: OpenItem[] }>(`${books(orgId)}/aging/items${query(q)}`);
}
