import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/accounting-invitation";
import { previewInvitation } from "~/features/tenancy/invitations.server.ts";
import { INVITATION_MESSAGES } from "~/features/tenancy/members.schema.ts";
import { InvitationSignInForm } from "~/features/tenancy/components/invitation-sign-in-form.tsx";
import { InvitationSignUpForm } from "~/features/tenancy/components/invitation-sign-up-form.tsx";
import { acceptInvitation } from "~/features/tenancy/members.api.ts";
import { Button } from "~/ui/button.tsx";
import { Notice } from "~/ui/notice.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";

export const meta: Route.MetaFunction = () => [{ title: "Invitation | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];

/**
 * /invitations/:token: the link of an invitation mail. Anyone holding it sees what it is for. A new person sets a
 * name and a password here and is in the books; someone with an account signs in here and accepts; a signed-in
 * invitee accepts.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const token = /^[A-Za-z0-9_-]{43}$/.test(params.token) ? params.token : null;
  const invitation = token ? await previewInvitation(context.app.db, token) : null;
  const message = !invitation ? INVITATION_MESSAGES.unknown : invitation.state === "pending" ? null : INVITATION_MESSAGES[invitation.state];
  return {
    token: params.token,
    invitation: invitation && invitation.state === "pending" ? invitation : null,
    message,
    signedInAs: context.user?.email ?? null,
  };
}

export default function InvitationPage({ loaderData }: Route.ComponentProps) {
  const { invitation, message, signedInAs, token } = loaderData;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const here = `/invitations/${token}`;

  // The books joined open on their home: what waits there first.
  const joined = (organizationId: number) => void navigate(`/accounting/${organizationId}/home`);
  async function accept() {
    setBusy(true);
    const res = await acceptInvitation(token);
    setBusy(false);
    if (!res.ok) return toastFailure(res, { title: "Invitation not accepted" });
    joined(res.data.organization_id);
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-ink">Invitation</h1>
      {!invitation ? (
        <>
          <Notice className="mt-6" notice={{ kind: "error", text: message ?? INVITATION_MESSAGES.unknown }} />
          <p className="mt-4">
            <Link className="font-semibold text-brand-800 underline" to="/accounting">
              Go to your books
            </Link>
          </p>
        </>
      ) : (
        <div className="mt-6 space-y-4">
          <p className="text-ink">
            You are invited to the books of <strong>{invitation.organization_name}</strong> as <strong>{invitation.role}</strong>. The
            invitation was sent to <strong className="break-all">{invitation.email}</strong>.
          </p>
          {signedInAs ? (
            <>
              <p className="text-sm text-muted">Signed in as {signedInAs}.</p>
              <Button onClick={() => void accept()} disabled={busy}>
                {busy ? "Accepting..." : "Accept invitation"}
              </Button>
            </>
          ) : invitation.has_account ? (
            <InvitationSignInForm email={invitation.email} here={here} accept={accept} />
          ) : (
            <InvitationSignUpForm token={token} email={invitation.email} onJoined={joined} />
          )}
        </div>
      )}
    </section>
  );
}
