import { Link } from "react-router";
import type { Route } from "./+types/staff-welcome";
import { StaffWelcomeForm } from "~/features/team/components/staff-welcome-form.tsx";
import { previewStaffInvitation, STAFF_INVITATION_MESSAGES } from "~/features/team/staff-invitations.server.ts";
import { Notice } from "~/ui/notice.tsx";

export const meta: Route.MetaFunction = () => [
  { title: "Welcome to Ledgerline Advisors | Set up your account" },
  { name: "robots", content: "noindex" },
];

/** /welcome/:token: the link of a staff invitation mail. The person chooses a password and is signed in. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const token = /^[A-Za-z0-9_-]{43}$/.test(params.token) ? params.token : null;
  const invitation = token ? await previewStaffInvitation(context.app.db, token) : null;
  const message =
    !invitation || invitation.state === "pending" ? STAFF_INVITATION_MESSAGES.unknown : STAFF_INVITATION_MESSAGES[invitation.state];
  return { token: params.token, invitation: invitation?.state === "pending" ? invitation : null, message };
}

export default function StaffWelcome({ loaderData }: Route.ComponentProps) {
  const { invitation, message, token } = loaderData;
  // A full load: the firm workspace reads the new session (and the firm's two-factor policy) from the start.
  const signedIn = () => window.location.assign("/firm");
  const greeting = invitation?.firstName || invitation?.name;
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {invitation ? (
          <>
            <h1 className="text-2xl font-bold text-ink">
              Welcome to Ledgerline Advisors{greeting && greeting !== invitation.email ? `, ${greeting}` : ""}
            </h1>
            <p className="mt-2 text-sm text-muted">
              Your staff account for the firm&apos;s workspace is ready: <strong className="break-all text-ink">{invitation.email}</strong>.
              Choose a password to finish setting it up; you will be signed in.
            </p>
            <StaffWelcomeForm token={token} email={invitation.email} onSignedIn={signedIn} />
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold text-ink">Welcome to Ledgerline Advisors</h1>
            <Notice className="mt-6" notice={{ kind: "error", text: message }} />
            <p className="mt-4">
              <Link className="font-semibold text-brand-800 underline" to="/login">
                Go to sign in
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
