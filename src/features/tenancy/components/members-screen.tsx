import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { useAction } from "~/ui/use-action.ts";
import { ORGANIZATION_ROLES, type Invitation, type Member, type OrganizationRole } from "../tenancy.types.ts";
import { changeMemberRole, removeMember, transferOwnership } from "../members.api.ts";
import { useBooks, useBooksOrgId } from "~/features/ledger/index.ts";
import { InvitationsList } from "./invitations-list.tsx";
import { InviteForm } from "./invite-form.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";

type Pending = { kind: "remove" | "transfer"; member: Member } | null;

/**
 * Members (/accounting/:orgId/members): everyone sees who has access; those who hold "books.members.manage" (an owner)
 * invite, change roles, remove (the firm's people too) and hand over ownership. After each change the route's loaders run again (the reader's own role included).
 */
export function MembersScreen({ members, invitations }: { members: Member[]; invitations: Invitation[] }) {
  const { userId, can } = useBooks();
  const manages = can["books.members.manage"];
  const orgId = useBooksOrgId();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const { act } = useAction();

  async function changeRole(member: Member, role: OrganizationRole) {
    const res = await act(() => changeMemberRole(orgId, member.user_id, role), { failure: "Role not changed" });
    if (!res.ok) return;
    toast.success("Role changed", { description: `${member.name} is now ${role}.` });
  }

  async function confirmPending(): Promise<boolean> {
    if (!pending) return false;
    const { kind, member } = pending;
    const res = await act(
      async () => {
        if (kind === "transfer") return transferOwnership(orgId, member.user_id);
        const res = await removeMember(orgId, member.user_id);
        // Leaving the books ends one's access to them: back to the list of one's organizations (read again there).
        if (res.ok && member.user_id === userId) await navigate("/accounting");
        return res;
      },
      { failure: kind === "remove" ? "Member not removed" : "Ownership not transferred" },
    );
    if (!res.ok) return false;
    toast.success(kind === "remove" ? "Member removed" : "Ownership transferred", {
      description: kind === "remove" ? `${member.name} no longer has access to these books.` : `${member.name} is now the owner.`,
    });
    return true;
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="text-xl font-bold text-ink">
          Members
        </h2>
        <p className="mt-1 text-sm text-muted">
          {manages ? "Owners invite people, change their roles and remove them." : "Only an owner can change who has access."}
        </p>
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {members.map((m) => (
            <li key={m.user_id} className="flex flex-wrap items-center gap-3 p-4">
              <div className="min-w-0 flex-1 basis-56">
                <p className="font-semibold text-ink">
                  {m.name}
                  {m.user_id === userId ? <span className="font-normal text-muted"> (you)</span> : null}
                </p>
                <p className="break-all text-sm text-muted">{m.email}</p>
              </div>
              {manages ? (
                <div className="flex flex-wrap items-center gap-2">
                  <label className="sr-only" htmlFor={`role-${m.user_id}`}>
                    Role of {m.name}
                  </label>
                  {/* eslint-disable-next-line no-restricted-syntax -- raw control: named by a visually hidden label, a compact select in the member's row */}
                  <select
                    id={`role-${m.user_id}`}
                    value={m.role}
                    onChange={(e) => void changeRole(m, e.target.value as OrganizationRole)}
                    className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-ink"
                  >
                    {ORGANIZATION_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                  {m.role !== "owner" ? (
                    <Button size="sm" variant="secondary" onClick={() => setPending({ kind: "transfer", member: m })}>
                      Make owner<span className="sr-only"> {m.name}</span>
                    </Button>
                  ) : null}
                  <Button size="sm" variant="ghost" onClick={() => setPending({ kind: "remove", member: m })}>
                    Remove<span className="sr-only"> {m.name}</span>
                  </Button>
                </div>
              ) : (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800">{m.role}</span>
              )}
            </li>
          ))}
        </ul>
      </section>
      {manages ? (
        <>
          <InviteForm />
          <InvitationsList invitations={invitations} />
        </>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title={pending?.kind === "transfer" ? "Transfer ownership?" : "Remove member?"}
        description={
          pending?.kind === "transfer"
            ? `${pending.member.name} becomes the owner; you stay on as accountant.`
            : `${pending?.member.name ?? ""} loses access to these books.`
        }
        confirmLabel={pending?.kind === "transfer" ? "Transfer ownership" : "Remove"}
        busyLabel={pending?.kind === "transfer" ? "Transferring..." : "Removing..."}
        variant={pending?.kind === "transfer" ? "primary" : "danger"}
        onConfirm={confirmPending}
      />
    </div>
  );
}
