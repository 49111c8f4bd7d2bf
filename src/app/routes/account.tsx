import { requirePageUser, signInRedirect } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/account";
import { accountProfile, listAccountSessions } from "~/features/account/account.server.ts";
import { AccountScreen } from "~/features/account/components/account-screen.tsx";
import { MailChoiceSection } from "~/features/messages/components/mail-choice-section.tsx";
import { getPreferences } from "~/features/messages/message-mails.server.ts";
import { can } from "~/lib/permissions.ts";

export const meta: Route.MetaFunction = () => [{ title: "Your Account | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  const [profile, sessions, preferences] = await Promise.all([
    accountProfile(context.app.db, user.id),
    listAccountSessions(context.app.db, user.id, context.sessionId),
    getPreferences(context.app.db, user.id),
  ]);
  if (!profile) throw signInRedirect(request);
  // Back from the email-change link (see EMAIL_CHANGED_PATH).
  const url = new URL(request.url);
  const notice =
    url.searchParams.get("email") === "changed"
      ? url.searchParams.get("error")
        ? { kind: "error" as const, text: "This email change link is not valid any more. Ask for a new one below." }
        : { kind: "success" as const, text: `Your email address is now ${profile.email}.` }
      : null;
  return { profile, sessions, notice, preferences, firm: can(user, "books.keepClients") };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return (
    <AccountScreen profile={loaderData.profile} sessions={loaderData.sessions} notice={loaderData.notice}>
      <MailChoiceSection initial={loaderData.preferences} firm={loaderData.firm} />
    </AccountScreen>
  );
}
