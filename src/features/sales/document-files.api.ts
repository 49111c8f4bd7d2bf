import { request, type ApiResult } from "~/lib/api-client.ts";
import type { DocumentFile } from "./sales.types.ts";

/** The files kept with a bill or supplier credit (/api/sales-documents/:orgId/:documentId/files, decision 116). */

const id = (n: number) => encodeURIComponent(n);
const files = (orgId: number, documentId: number) => `/api/sales-documents/${id(orgId)}/${id(documentId)}/files`;

export function listDocumentFiles(orgId: number, documentId: number): Promise<ApiResult<{ files: DocumentFile[] }>> {
  return request<{ files: DocumentFile[] }>(files(orgId, documentId));
}

/** Keeps a PDF with the document (its name in `?name=`; the server reads its type from its bytes). */
export function addDocumentFile(orgId: number, documentId: number, file: File): Promise<ApiResult<{ file: DocumentFile }>> {
  return request<{ file: DocumentFile }>(`${files(orgId, documentId)}?name=${encodeURIComponent(file.name)}`, { file });
}

/** Removes a draft's file (an approved document keeps its files). */
export function removeDocumentFile(orgId: number, documentId: number, fileId: number): Promise<ApiResult<null>> {
  return request<null>(documentFileUrl(orgId, documentId, fileId), { method: "DELETE" });
}

/** A file's download (a link's href): always an attachment. */
export function documentFileUrl(orgId: number, documentId: number, fileId: number): string {
  return `${files(orgId, documentId)}/${id(fileId)}`;
}
