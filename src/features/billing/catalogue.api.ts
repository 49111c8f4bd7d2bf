import { request, type ApiResult } from "~/lib/api-client.ts";
import type { CatalogueKind, CatalogueItem } from "./catalogue.types.ts";

/** The firm's catalogue as the browser calls it (/firm/catalogue). */

/** An item as the form sends it: the item's own fields, as the API answers them (the price as a decimal, null for custom). */
export type CatalogueItemBody = Pick<
  CatalogueItem,
  "name" | "description" | "features" | "price" | "price_prefix" | "price_suffix" | "billing" | "featured"
>;

const BASE = "/api/firm/catalogue";

export function createCatalogueItem(body: CatalogueItemBody & { kind: CatalogueKind }): Promise<ApiResult<{ item: CatalogueItem }>> {
  return request<{ item: CatalogueItem }>(BASE, { json: body });
}

export function updateCatalogueItem(id: number, body: CatalogueItemBody): Promise<ApiResult<{ item: CatalogueItem }>> {
  return request<{ item: CatalogueItem }>(`${BASE}/${encodeURIComponent(id)}`, { method: "PUT", json: body });
}

/** Every item of the kind, in the new order. */
export function reorderCatalogue(kind: CatalogueKind, ids: number[]): Promise<ApiResult<{ items: CatalogueItem[] }>> {
  return request<{ items: CatalogueItem[] }>(`${BASE}/order`, { method: "PUT", json: { kind, ids } });
}

export function archiveCatalogueItem(id: number): Promise<ApiResult<{ item: CatalogueItem }>> {
  return request<{ item: CatalogueItem }>(`${BASE}/${encodeURIComponent(id)}/archive`, { method: "POST" });
}

export function restoreCatalogueItem(id: number): Promise<ApiResult<{ item: CatalogueItem }>> {
  return request<{ item: CatalogueItem }>(`${BASE}/${encodeURIComponent(id)}/restore`, { method: "POST" });
}
