import { request, type ApiResult } from "~/lib/api-client.ts";
import type { CommentaryInput } from "./commentary.schema.ts";
import type { CommentarySaved } from "./commentary.types.ts";

/** The monthly commentary (/api/accounting/orgs/:orgId/commentary, decision 122) as the browser calls it. */

const at = (orgId: number, month: string) => `/api/accounting/orgs/${encodeURIComponent(orgId)}/commentary/${encodeURIComponent(month)}`;

/** Saves the month's commentary as a draft (a reviewed one returns to draft). */
export function saveCommentary(orgId: number, month: string, input: CommentaryInput): Promise<ApiResult<CommentarySaved>> {
  return request<CommentarySaved>(at(orgId, month), { method: "PUT", json: input });
}

/** Reviews, publishes or withdraws the month's commentary. */
export function commentaryStep(orgId: number, month: string, step: "review" | "publish" | "withdraw"): Promise<ApiResult<CommentarySaved>> {
  return request<CommentarySaved>(`${at(orgId, month)}/${step}`, { method: "POST" });
}
