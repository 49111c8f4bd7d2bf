import { useState } from "react";
import { FileLink } from "~/ui/file-link.tsx";
import { formatFileSize } from "~/lib/format.ts";
import { Button } from "~/ui/button.tsx";
import { ITEM_STATUS_LABELS, type RequestItem } from "../requests.types.ts";
import { AttachForm } from "./attach-form.tsx";
import { ReturnForm, UnavailableForm, UploadFiles } from "./item-answer-forms.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { acceptItem, requestFileUrl } from "../requests.api.ts";
import { useAction } from "~/ui/use-action.ts";

/** The reader's side and what the books' permissions let them do with requests (decision 103). */
export interface Viewer {
  side: "firm" | "client";
  /** "books.requests.send": accept, send back, attach to an entry. */
  canSend: boolean;
  /** "books.requests.answer": upload, say an item is unavailable, snooze. */
  canAnswer: boolean;
}

/** One item of the checklist: what is asked, by when, its state, its files, and what the viewer can do with it. */
export function RequestItemCard({
  orgId,
  requestId,
  item,
  viewer,
  currency,
}: {
  orgId: number;
  requestId: number;
  item: RequestItem;
  viewer: Viewer;
  /** The books' currency, the entries' totals written in it. */
  currency: string;
}) {
  const { act } = useAction();
  const [form, setForm] = useState<"unavailable" | "return" | null>(null);
  const props = { orgId, requestId, item };
  const clientCan = viewer.canAnswer && item.status !== "accepted";
  const firmReviews = viewer.canSend && (item.status === "uploaded" || item.status === "unavailable");
  const headingId = `item-${item.id}-heading`;
  return (
    <li aria-labelledby={headingId} className="space-y-3 rounded-md border border-slate-200 bg-white p-4" data-testid="request-item">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold text-ink [overflow-wrap:anywhere]">
          {item.label}
        </h3>
        <StatusBadge status={item.status} label={ITEM_STATUS_LABELS[item.status]} />
        <span className="text-sm text-muted">due {item.due_on}</span>
      </div>
      {item.status === "returned" && item.return_reason ? (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">Sent back: {item.return_reason}</p>
      ) : null}
      {item.status === "unavailable" || (item.client_note && item.status === "accepted") ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-ink">Not available: {item.client_note}</p>
      ) : null}
      {item.files.length > 0 ? (
        <ul aria-label={`Files for ${item.label}`} className="space-y-1 text-sm">
          {item.files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <FileLink href={requestFileUrl(orgId, requestId, f.id)} fileName={f.file_name} />
              <span className="text-muted">
                {formatFileSize(f.size_bytes)} · {f.uploaded_by_name ?? "a removed user"}, {f.uploaded_at.slice(0, 10)}
              </span>
              {viewer.canSend && item.status === "accepted" ? (
                <AttachForm orgId={orgId} requestId={requestId} file={f} currency={currency} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {clientCan ? (
        <div className="space-y-3">
          <UploadFiles {...props} />
          {form === "unavailable" ? (
            <UnavailableForm {...props} onDone={() => setForm(null)} />
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setForm("unavailable")}>
              I don't have this
            </Button>
          )}
        </div>
      ) : null}
      {firmReviews ? (
        <div className="flex flex-wrap items-start gap-3">
          <Button
            size="sm"
            onClick={() => void act(() => acceptItem(orgId, requestId, item.id), { failure: "Not accepted", success: "Item accepted" })}
          >
            Accept “{item.label}”
          </Button>
          {form === "return" ? (
            <div className="w-full">
              <ReturnForm {...props} onDone={() => setForm(null)} />
            </div>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setForm("return")}>
              Send back
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}
