import { useEffect, useId, useState } from "react";
import { formatFileSize } from "~/lib/format.ts";
import { Button } from "~/ui/button.tsx";
import { FileUpload, RemoveFileDialog } from "~/ui/file-upload.tsx";
import { FileLink } from "~/ui/file-link.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import { useBooks } from "~/features/ledger/index.ts";
import { addDocumentFile, documentFileUrl, removeDocumentFile } from "../document-files.api.ts";
import type { DocumentDetails, DocumentFile } from "../sales.types.ts";

const MAX_BYTES = 10 * 1024 * 1024;
/** The kinds a file is kept with: what the supplier sent. */
const FILE_KINDS = new Set<DocumentDetails["kind"]>(["bill", "supplier_credit"]);

/**
 * The files kept with a document (the supplier's PDF a bill was entered from): each a download link (an attachment,
 * never shown as a page of this site). A member holding "books.sales.write" adds a PDF (up to 10 MB) to a bill or a
 * supplier credit, and removes a draft's; an approved document keeps its files. After a change the route's loaders run
 * again (and `onChange`, for a screen that reads the document itself).
 */
export function DocumentFiles({ document, onChange }: { document: DocumentDetails; onChange?: () => void }) {
  const uid = useId();
  const { organization, can } = useBooks();
  const orgId = organization.id;
  const canWrite = can["books.sales.write"];
  const takesFiles = FILE_KINDS.has(document.kind);
  const draft = document.status === "draft" || document.status === "awaiting_approval";
  // The answers of this screen's own changes, until the document read again has them.
  const [changed, setChanged] = useState<{ from: DocumentFile[]; files: DocumentFile[] } | null>(null);
  const files = changed && changed.from === document.files ? changed.files : document.files;
  const [removing, setRemoving] = useState<DocumentFile | null>(null);
  const { act: actUpload, pending: uploading } = useAction();
  const { act } = useAction();
  // A file removed takes its Remove button with it: once the question is closed the focus, lost, goes to the input that
  // adds a file (or the heading of the files).
  const [removed, setRemoved] = useState(false);
  useEffect(() => {
    if (!removed || removing) return;
    const timer = window.setTimeout(() => {
      setRemoved(false);
      const now = window.document.activeElement;
      if (now === null || now === window.document.body)
        (window.document.getElementById(`${uid}-file`) ?? window.document.getElementById(`${uid}-heading`))?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [removed, removing, uid]);

  if (!takesFiles && files.length === 0) return null;

  async function add(file: File) {
    if (file.size > MAX_BYTES) return toast.error("File not added", { description: "A file is at most 10 MB" });
    const res = await actUpload(() => addDocumentFile(orgId, document.id, file), { failure: "File not added" });
    if (!res.ok) return;
    setChanged({ from: document.files, files: [...files, res.data.file] });
    onChange?.();
    toast.success("File added", {
      description: `${res.data.file.file_name} is kept with the ${document.kind === "bill" ? "bill" : "supplier credit"}.`,
    });
  }

  async function remove(): Promise<boolean> {
    if (!removing) return false;
    const gone = removing;
    const res = await act(() => removeDocumentFile(orgId, document.id, gone.id), { failure: "File not removed", success: "File removed" });
    if (!res.ok) return false;
    setChanged({ from: document.files, files: files.filter((f) => f.id !== gone.id) });
    setRemoved(true);
    onChange?.();
    return true;
  }

  return (
    <section aria-labelledby={`${uid}-heading`} className="space-y-3">
      <h3 id={`${uid}-heading`} tabIndex={-1} className="text-base font-semibold text-ink">
        Files
      </h3>
      {files.length === 0 ? (
        <p className="text-sm text-muted">No file kept with it yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {files.map((f) => (
            <li key={f.id} data-testid="document-file" className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <FileLink href={documentFileUrl(orgId, document.id, f.id)} fileName={f.file_name} />
              <span className="text-muted">PDF · {formatFileSize(f.size_bytes)}</span>
              {canWrite && draft ? (
                <Button size="sm" variant="ghost" className="ml-auto" onClick={() => setRemoving(f)} aria-label={`Remove ${f.file_name}`}>
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite && takesFiles ? (
        <FileUpload
          id={`${uid}-file`}
          label="Add the supplier's PDF (up to 10 MB)"
          hint={
            draft
              ? "Kept with the document; removed only while it is a draft."
              : "Kept with the document: an approved document keeps its files."
          }
          accept=".pdf,application/pdf"
          uploading={uploading}
          className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2"
          onFile={(file) => void add(file)}
        />
      ) : null}
      <RemoveFileDialog file={removing} noun="file" onClose={() => setRemoving(null)} onConfirm={remove} />
    </section>
  );
}
