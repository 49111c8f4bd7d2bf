import { redirect } from "react-router";
import type { Route } from "./+types/account";
import { accountProfile, listAccountSessions } from "~/features/account/account.server.ts";
import { AccountPage } from "~/features/account/components/account-page.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Your Account | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) throw redirect(`/login?from=${encodeURIComponent(new URL(request.url).pathname)}`);
  const [profile, sessions] = await Promise.all([
    accountProfile(context.app.db, context.user.id),
    listAccountSessions(context.app.db, context.user.id, context.sessionId),
  ]);
  if (!profile) throw redirect("/login?from=%2Faccount");
  return { profile, sessions };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return <AccountPage profile={loaderData.profile} sessions={loaderData.sessions} />;
}
