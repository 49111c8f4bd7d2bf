import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/ui/button.tsx";
import { Modal } from "~/ui/modal.tsx";
import { REQUEST_STATUS_LABELS, type RequestSummary } from "../requests.types.ts";
import { NewRequestForm } from "./new-request-form.tsx";
import { StatusBadge } from "./status-badge.tsx";

/**
 * The Requests section of a client's books: every request, those waiting on the client first, each with what is left
 * to do; the firm's staff send new ones from here.
 */
export function RequestsScreen({ orgId, requests, canSend }: { orgId: number; requests: RequestSummary[]; canSend: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-ink">Requests for documents</h2>
        {canSend ? (
          <Modal
            open={open}
            onOpenChange={setOpen}
            title="New request"
            description="The client is mailed a link to it and reminded while items are to do."
            wide
            dismissOnOutsideClick={false}
            trigger={<Button>New request</Button>}
          >
            <NewRequestForm orgId={orgId} onSent={() => setOpen(false)} />
          </Modal>
        ) : null}
      </div>
      {requests.length === 0 ? (
        <p className="text-muted">No requests yet.</p>
      ) : (
        <ul aria-label="Requests" className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {requests.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <Link
                to={`/accounting/${orgId}/requests/${r.id}`}
                className="font-semibold text-brand-700 underline [overflow-wrap:anywhere]"
              >
                {r.title}
              </Link>
              <StatusBadge status={r.status} label={REQUEST_STATUS_LABELS[r.status]} />
              <span className="text-sm text-muted">
                {r.open_items > 0 ? `${r.open_items} of ${r.items} to do` : `${r.items} item${r.items === 1 ? "" : "s"}`}
                {r.next_due_on ? ` · next due ${r.next_due_on}` : ""}
                {r.snoozed_until ? ` · reminders snoozed until ${r.snoozed_until}` : ""}
              </span>
              <span className="ml-auto text-sm text-muted">
                sent by {r.created_by_name ?? "a removed user"}, {r.created_at.slice(0, 10)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
