import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useRecentSignIn } from "~/features/account/index.ts";
import { Button } from "~/ui/button.tsx";
import { inputClass } from "~/ui/field.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { cn } from "~/ui/cn.ts";
import { useAction } from "~/ui/use-action.ts";
import { ROLE_LABELS, SITE_ROLES, roleChangeSchema, type TeamRole } from "../team.schema.ts";
import type { MemberState, TeamMember } from "../team.types.ts";
import { changeMemberRole, resendStaffInvitation, setMemberEnabled } from "../team.api.ts";
import { can } from "~/lib/permissions.ts";
import { formatDateTime } from "~/lib/format.ts";

const STATE_LABELS: Record<MemberState, { text: string; className: string }> = {
  active: { text: "Active", className: "bg-emerald-50 text-emerald-900" },
  disabled: { text: "Disabled", className: "bg-red-50 text-red-800" },
  invited: { text: "Invited", className: "bg-amber-50 text-amber-900" },
};

/** One user of the Team list: role (changed at once), state, last sign-in, disable or enable. */
export function MemberRow({ member, isSelf, hydrated }: { member: TeamMember; isSelf: boolean; hydrated: boolean }) {
  const uid = useId();
  const navigate = useNavigate();
  const { act, pending } = useAction();
  const [confirming, setConfirming] = useState(false);
  const state = STATE_LABELS[member.state];
  const reauth = useRecentSignIn();

  async function changeRole(role: TeamRole) {
    const parsed = roleChangeSchema.safeParse({ role });
    if (!parsed.success) return;
    // An admin who stepped down no longer sees this page: the home of the firm's workspace is read instead.
    const stepsDown = isSelf && !can({ role }, "firm.team.manage");
    await act(
      async () => {
        const res = await reauth.run(() => changeMemberRole(member.id, parsed.data));
        if (res.ok && stepsDown) await navigate("/firm");
        return res;
      },
      { failure: "Role not changed", success: "Role changed", description: `${member.email} is now ${ROLE_LABELS[role].toLowerCase()}.` },
    );
  }

  const resendInvitation = () =>
    act(() => resendStaffInvitation(member.id), {
      failure: "Invitation not sent",
      success: "Invitation sent again",
      description: `${member.email} gets a new link, valid 7 days.`,
    });

  async function setEnabled(enable: boolean): Promise<boolean> {
    const res = await act(() => reauth.run(() => setMemberEnabled(member.id, enable)), {
      failure: enable ? "Not enabled" : "Not disabled",
      success: enable ? "Account enabled" : "Account disabled",
      description: enable ? `${member.email} can sign in again.` : `${member.email} was signed out everywhere.`,
    });
    setConfirming(false);
    return res.ok;
  }

  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[minmax(0,1fr)_9rem_7rem_6.5rem] sm:items-center">
      <div className="min-w-0">
        <p className="truncate font-medium text-ink">
          {member.name}
          {isSelf ? <span className="text-slate-600"> (you)</span> : null}
        </p>
        <p className="truncate text-sm text-slate-700">{member.email}</p>
        <p className="text-sm text-slate-600">Last sign-in: {member.lastSignedInAt ? formatDateTime(member.lastSignedInAt) : "never"}</p>
        {member.invitationSentAt ? (
          <p className="text-sm text-slate-600">
            Invitation sent {formatDateTime(member.invitationSentAt)}
            {member.invitationAcceptedAt ? `, accepted ${formatDateTime(member.invitationAcceptedAt)}` : ", not accepted yet"}
          </p>
        ) : null}
        {member.state === "invited" ? (
          <Button size="sm" variant="ghost" className="mt-1" disabled={!hydrated || pending} onClick={() => void resendInvitation()}>
            Resend invitation<span className="sr-only"> to {member.email}</span>
          </Button>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${uid}-role`} className="sr-only">
          Role of {member.email}
        </label>
        {/* eslint-disable-next-line no-restricted-syntax -- raw control: a row's role, changed at once, named by its hidden label (the row shows the member) */}
        <select
          id={`${uid}-role`}
          className={cn(inputClass, "mt-0")}
          value={member.role}
          disabled={!hydrated || pending}
          onChange={(e) => void changeRole(e.target.value as TeamRole)}
        >
          <RoleOptions />
        </select>
      </div>
      <p>
        <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-sm font-medium", state.className)}>{state.text}</span>
      </p>
      <div>
        {member.state === "disabled" ? (
          <Button size="sm" variant="secondary" disabled={!hydrated || pending} onClick={() => void setEnabled(true)}>
            Enable<span className="sr-only"> {member.email}</span>
          </Button>
        ) : isSelf ? null : (
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Disable ${member.email}?`}
            description="Every session of this account ends at once, and signing in is refused until an admin enables it again."
            trigger={
              <Button size="sm" variant="secondary" disabled={!hydrated || pending}>
                Disable<span className="sr-only"> {member.email}</span>
              </Button>
            }
            confirmLabel="Disable account"
            busyLabel="Disabling..."
            variant="danger"
            onConfirm={() => setEnabled(false)}
          />
        )}
      </div>
      {reauth.dialog}
    </li>
  );
}

/** The site roles as a select's options, by their labels. */
export function RoleOptions() {
  return SITE_ROLES.map((r) => (
    <option key={r} value={r}>
      {ROLE_LABELS[r]}
    </option>
  ));
}
