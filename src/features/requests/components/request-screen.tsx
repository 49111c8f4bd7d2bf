import { Link } from "react-router";
import { REQUEST_STATUS_LABELS, type DocumentRequest } from "../requests.types.ts";
import { RemindersPanel } from "./reminders-panel.tsx";
import { RequestItemCard, type Viewer } from "./request-item-card.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** One request: its message, its checklist of items and its reminders. */
export function RequestScreen({
  orgId,
  request,
  viewer,
  currency,
}: {
  orgId: number;
  request: DocumentRequest;
  viewer: Viewer;
  /** The books' currency. */
  currency: string;
}) {
  const done = request.items - request.open_items;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link to={`/accounting/${orgId}/requests`} className="text-sm text-brand-700 underline">
          All requests
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-2xl font-semibold text-ink [overflow-wrap:anywhere]">{request.title}</h2>
          <StatusBadge status={request.status} label={REQUEST_STATUS_LABELS[request.status]} />
        </div>
        <p className="text-sm text-muted">
          From {request.created_by_name ?? "a removed user"}, {request.created_at.slice(0, 10)} · {done} of {request.items} answered
        </p>
        {request.message ? <p className="whitespace-pre-wrap text-ink">{request.message}</p> : null}
        {!viewer.canSend && !viewer.canAnswer ? (
          <p className="text-sm text-muted">
            {viewer.side === "client"
              ? "You can read this request; an owner or accountant answers it."
              : "You can read this request; as a viewer of these books you do not review it."}
          </p>
        ) : null}
      </div>
      <ol aria-label="Checklist" className="space-y-3">
        {request.list.map((item) => (
          <RequestItemCard key={item.id} orgId={orgId} requestId={request.id} item={item} viewer={viewer} currency={currency} />
        ))}
      </ol>
      <RemindersPanel orgId={orgId} request={request} canSnooze={viewer.canAnswer} />
    </div>
  );
}
