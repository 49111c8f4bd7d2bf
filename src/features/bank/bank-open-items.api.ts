import { request, type ApiResult } from "~/lib/api-client.ts";
import type { OpenItemSide, BankLineOpenItems, BankLineSettled } from "./bank-open-items.types.ts";
import type { SettleForm } from "./bank-open-items.schema.ts";

/** A statement line settled against open items (issue 42), as the browser calls it. */

const line = (orgId: number, bankId: number, lineId: number) =>
  `/api/bank/${encodeURIComponent(orgId)}/accounts/${encodeURIComponent(bankId)}/lines/${encodeURIComponent(lineId)}`;

/** The line's suggestions and the items to choose from: a contact's, those a search finds, else the suggestions' contacts'. */
export function getLineOpenItems(
  orgId: number,
  bankId: number,
  lineId: number,
  q: { side?: OpenItemSide; contact_id?: number; q?: string } = {},
): Promise<ApiResult<BankLineOpenItems>> {
  const query = new URLSearchParams(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]) => [k, String(v)]),
  );
  return request<BankLineOpenItems>(`${line(orgId, bankId, lineId)}/open-items${query.size ? `?${query}` : ""}`);
}

/** One payment settling the items chosen, the line matched to it. */
export function settleLine(orgId: number, bankId: number, lineId: number, input: SettleForm): Promise<ApiResult<BankLineSettled>> {
  return request<BankLineSettled>(`${line(orgId, bankId, lineId)}/settle`, { json: input });
}
