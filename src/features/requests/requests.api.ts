import { request, type ApiResult } from "~/lib/api-client.ts";
import type { AttachInput, NewRequestInput, ReturnItemInput, SnoozeInput, UnavailableInput } from "./requests.schema.ts";
import type { RequestDetail, RequestFileAttached, RequestFileUploaded } from "./requests.types.ts";

/** The document requests' API (/api/requests/:orgId, decision 099) as the browser calls it. */

const requests = (orgId: number) => `/api/requests/${encodeURIComponent(orgId)}`;
const one = (orgId: number, requestId: number) => `${requests(orgId)}/${encodeURIComponent(requestId)}`;
const item = (orgId: number, requestId: number, itemId: number) => `${one(orgId, requestId)}/items/${encodeURIComponent(itemId)}`;

export function sendRequest(orgId: number, input: NewRequestInput): Promise<ApiResult<RequestDetail>> {
  return request<RequestDetail>(requests(orgId), { json: input });
}

export function uploadItemFile(orgId: number, requestId: number, itemId: number, file: File): Promise<ApiResult<RequestFileUploaded>> {
  return request<RequestFileUploaded>(`${item(orgId, requestId, itemId)}/files?name=${encodeURIComponent(file.name)}`, { file });
}

export function markItemUnavailable(
  orgId: number,
  requestId: number,
  itemId: number,
  input: UnavailableInput,
): Promise<ApiResult<RequestDetail>> {
  return request<RequestDetail>(`${item(orgId, requestId, itemId)}/unavailable`, { json: input });
}

export function acceptItem(orgId: number, requestId: number, itemId: number): Promise<ApiResult<RequestDetail>> {
  return request<RequestDetail>(`${item(orgId, requestId, itemId)}/accept`, { method: "POST" });
}

export function returnItem(orgId: number, requestId: number, itemId: number, input: ReturnItemInput): Promise<ApiResult<RequestDetail>> {
  return request<RequestDetail>(`${item(orgId, requestId, itemId)}/return`, { json: input });
}

/** Reminders paused until a day, or on again (`until: null`). */
export function snoozeReminders(orgId: number, requestId: number, input: SnoozeInput): Promise<ApiResult<RequestDetail>> {
  return request<RequestDetail>(`${one(orgId, requestId)}/snooze`, { method: "PUT", json: input });
}

export function attachFileToEntry(
  orgId: number,
  requestId: number,
  fileId: number,
  input: AttachInput,
): Promise<ApiResult<RequestFileAttached>> {
  return request<RequestFileAttached>(`${one(orgId, requestId)}/files/${encodeURIComponent(fileId)}/attach`, { json: input });
}

/** A file's download (a link's href). */
export function requestFileUrl(orgId: number, requestId: number, fileId: number): string {
  return `${one(orgId, requestId)}/files/${encodeURIComponent(fileId)}`;
}
