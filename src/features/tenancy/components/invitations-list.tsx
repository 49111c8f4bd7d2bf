import { useState } from "react";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { useAction } from "~/ui/use-action.ts";
import type { Invitation, InvitationState } from "../tenancy.types.ts";
import { resendInvitation, revokeInvitation } from "../members.api.ts";
import { useBooksOrgId } from "~/features/ledger/index.ts";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { formatDateTime } from "~/lib/format.ts";

const STATE_CLASS: Record<InvitationState, string> = {
  pending: "bg-amber-100 text-amber-900",
  accepted: "bg-green-100 text-green-900",
  expired: "bg-slate-200 text-slate-800",
  revoked: "bg-red-100 text-red-900",
};

const day = (iso: string) => iso.slice(0, 10);
const at = (iso: string) => formatDateTime(iso);

/** The organization's invitations with their state, when sent and accepted; a pending or expired one can be sent again, a pending one revoked. */
export function InvitationsList({ invitations }: { invitations: Invitation[] }) {
  const orgId = useBooksOrgId();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  /** The invitation the last "Resend" was for: its button says "Sending..." while that is under way. */
  const [resent, setResent] = useState<number | null>(null);
  // Two actions of their own: a revocation does not make a Resend button wait.
  const { act: actResend, pending: resending } = useAction();
  const { act } = useAction();

  async function resend(inv: Invitation) {
    setResent(inv.id);
    const res = await actResend(() => resendInvitation(orgId, inv.id), { failure: "Invitation not sent" });
    if (!res.ok) return;
    toast.success("Invitation sent again", { description: `${inv.email} gets a new link, valid 7 days.` });
  }

  async function revoke(): Promise<boolean> {
    if (!revoking) return false;
    const { id, email } = revoking;
    const res = await act(() => revokeInvitation(orgId, id), { failure: "Invitation not revoked" });
    if (!res.ok) return false;
    toast.success("Invitation revoked", { description: `The link sent to ${email} no longer works.` });
    return true;
  }

  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" className="text-xl font-bold text-ink">
        Invitations
      </h2>
      {invitations.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No invitations yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {invitations.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center gap-3 p-4">
              <div className="min-w-0 flex-1 basis-56">
                <p className="break-all font-semibold text-ink">{inv.email}</p>
                <p className="text-sm text-muted">
                  {inv.role} · sent {at(inv.sent_at)}
                  {inv.state === "pending" ? ` · valid until ${day(inv.expires_at)}` : ""}
                  {inv.accepted_at ? ` · accepted ${at(inv.accepted_at)}` : ""}
                </p>
              </div>
              <span className={cn("rounded-full px-2 py-0.5 text-sm font-semibold", STATE_CLASS[inv.state])}>{inv.state}</span>
              {inv.state === "pending" || inv.state === "expired" ? (
                <Button size="sm" variant="secondary" disabled={resending && resent === inv.id} onClick={() => void resend(inv)}>
                  {resending && resent === inv.id ? "Sending..." : "Resend"}
                  <span className="sr-only"> the invitation of {inv.email}</span>
                </Button>
              ) : null}
              {inv.state === "pending" ? (
                <Button size="sm" variant="ghost" onClick={() => setRevoking(inv)}>
                  Revoke<span className="sr-only"> the invitation of {inv.email}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke invitation?"
        description={`The link sent to ${revoking?.email ?? ""} will stop working.`}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        variant="danger"
        onConfirm={revoke}
      />
    </section>
  );
}
