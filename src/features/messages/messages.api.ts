import { request, type ApiResult } from "~/lib/api-client.ts";
import type { PreferencesInput, SendMessageInput } from "./messages.schema.ts";
import type { AttachmentUploaded, MessagePreferences, MessageSent, ReadMarked, UnreadSummary } from "./messages.types.ts";

/** The messages' API as the browser calls it. */

const conversation = (orgId: number) => `/api/messages/${encodeURIComponent(orgId)}`;

export function getUnreadSummary(): Promise<ApiResult<UnreadSummary>> {
  return request<UnreadSummary>("/api/messages/unread");
}

export function savePreferences(input: PreferencesInput): Promise<ApiResult<MessagePreferences>> {
  return request<MessagePreferences>("/api/messages/preferences", { method: "PUT", json: input });
}

export function sendMessage(orgId: number, input: SendMessageInput): Promise<ApiResult<MessageSent>> {
  return request<MessageSent>(`${conversation(orgId)}/messages`, { json: input });
}

/** Marks every message up to `seq` read. */
export function markRead(orgId: number, seq: number): Promise<ApiResult<ReadMarked>> {
  return request<ReadMarked>(`${conversation(orgId)}/read`, { json: { seq } });
}

export function uploadAttachment(orgId: number, file: File): Promise<ApiResult<AttachmentUploaded>> {
  return request<AttachmentUploaded>(`${conversation(orgId)}/attachments?name=${encodeURIComponent(file.name)}`, { file });
}

/** An attachment's download (a link's href). */
export function attachmentUrl(orgId: number, attachmentId: number): string {
  return `${conversation(orgId)}/attachments/${encodeURIComponent(attachmentId)}`;
}
