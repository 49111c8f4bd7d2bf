import { formatDateTime, formatFileSize } from "~/lib/format.ts";
import { FileLink } from "~/ui/file-link.tsx";
import { useEffect, useId, useState } from "react";
import { Button } from "~/ui/button.tsx";
import { toast } from "~/ui/toast.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { FileUpload, RemoveFileDialog } from "~/ui/file-upload.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useLoad } from "~/ui/use-load.ts";
import type { ApiResult } from "~/lib/api-client.ts";
import type { EntryDocumentAdded } from "../ledger-answers.types.ts";
import type { EntryDocument } from "../ledger.types.ts";
import { addEntryDocument, entryDocumentUrl, fetchEntryDocument, listEntryDocuments, removeEntryDocument } from "../ledger.api.ts";

const MAX_BYTES = 10 * 1024 * 1024;
const TYPE_LABELS: Record<EntryDocument["content_type"], string> = {
  "application/pdf": "PDF",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/heic": "HEIC",
};
/** What the browser can show: PNG and JPEG as an image, PDF in its viewer (HEIC is downloaded only). */
const PREVIEWABLE = new Set(["image/png", "image/jpeg", "application/pdf"]);

/**
 * An entry's documents (receipts, invoices): listed with a download link each and a preview of images and PDFs;
 * owners and accountants add them, and remove a draft's. The files are the API's: downloaded as attachments, shown
 * only from a Blob the page fetched (never as a page of this site).
 */
export function EntryDocuments({
  orgId,
  entryId,
  canWrite,
  draft,
  upload = (file) => addEntryDocument(orgId, entryId, file),
}: {
  orgId: number;
  entryId: number;
  canWrite: boolean;
  draft: boolean;
  /** How a document is added: to the entry itself unless said (a statement line's receipt goes through the line). */
  upload?: (file: File) => Promise<ApiResult<EntryDocumentAdded>>;
}) {
  const uid = useId();
  const [version, setVersion] = useState(0);
  const [preview, setPreview] = useState<{ document: EntryDocument; url: string } | null>(null);
  const [removing, setRemoving] = useState<EntryDocument | null>(null);
  // Two actions of their own: "Uploading..." says an upload is under way, not a removal.
  const { act: actUpload, pending: uploading } = useAction();
  const { act } = useAction();
  const documents =
    useLoad(`${orgId}:${entryId}:${version}`, () => listEntryDocuments(orgId, entryId), "Documents not loaded")?.documents ?? null;
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  async function add(file: File) {
    if (file.size > MAX_BYTES) return toast.error("Document not added", { description: "A document is at most 10 MB" });
    const res = await actUpload(() => upload(file), { failure: "Document not added" });
    if (!res.ok) return;
    setVersion((v) => v + 1);
    toast.success("Document added", { description: `${res.data.document.file_name} is kept with the entry.` });
  }

  async function show(document: EntryDocument) {
    const res = await fetchEntryDocument(orgId, entryId, document.id);
    if (!res.ok) return toastFailure(res, { title: "Preview not available" });
    setPreview({ document, url: URL.createObjectURL(new Blob([res.data], { type: document.content_type })) });
  }

  async function remove(): Promise<boolean> {
    if (!removing) return false;
    const gone = removing;
    const res = await act(() => removeEntryDocument(orgId, entryId, gone.id), { failure: "Document not removed" });
    if (!res.ok) return false;
    if (preview?.document.id === gone.id) setPreview(null);
    setVersion((v) => v + 1);
    toast.success("Document removed");
    return true;
  }

  return (
    <section aria-labelledby={`${uid}-heading`} className="space-y-3">
      <h3 id={`${uid}-heading`} className="text-base font-semibold">
        Documents
      </h3>
      {documents === null ? (
        <p role="status" className="text-sm text-muted">
          Loading...
        </p>
      ) : documents.length === 0 ? (
        <p className="text-sm text-muted">No documents yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm" data-testid="entry-document">
              <FileLink href={entryDocumentUrl(orgId, entryId, d.id)} fileName={d.file_name} />
              <span className="text-muted">
                {TYPE_LABELS[d.content_type]} · {formatFileSize(d.size_bytes)} · {d.uploaded_by_name ?? "a removed user"},{" "}
                {formatDateTime(d.uploaded_at)}
              </span>
              <span className="ml-auto flex gap-2">
                {PREVIEWABLE.has(d.content_type) ? (
                  <Button size="sm" variant="secondary" onClick={() => void show(d)} aria-label={`Preview ${d.file_name}`}>
                    Preview
                  </Button>
                ) : null}
                {canWrite && draft ? (
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(d)} aria-label={`Remove ${d.file_name}`}>
                    Remove
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {preview ? (
        <figure className="space-y-2">
          {preview.document.content_type === "application/pdf" ? (
            <iframe
              title={`Preview of ${preview.document.file_name}`}
              src={preview.url}
              sandbox=""
              className="h-96 w-full rounded-md border border-slate-200"
            />
          ) : (
            <img
              src={preview.url}
              alt={`Preview of ${preview.document.file_name}`}
              className="max-h-96 rounded-md border border-slate-200"
            />
          )}
          <figcaption className="flex items-center justify-between text-sm text-muted">
            {preview.document.file_name}
            <Button size="sm" variant="ghost" onClick={() => setPreview(null)}>
              Close preview
            </Button>
          </figcaption>
        </figure>
      ) : null}
      {canWrite ? (
        <FileUpload
          id={`${uid}-file`}
          label="Add a document (PDF, PNG, JPEG or HEIC, up to 10 MB)"
          accept=".pdf,.png,.jpg,.jpeg,.heic,application/pdf,image/png,image/jpeg,image/heic"
          uploading={uploading}
          onFile={(file) => void add(file)}
        />
      ) : null}
      <RemoveFileDialog file={removing} noun="document" onClose={() => setRemoving(null)} onConfirm={remove} />
    </section>
  );
}
