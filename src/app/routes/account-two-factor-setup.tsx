import { requirePageUser } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/account-two-factor-setup";
import { TwoFactorSetupScreen } from "~/features/account/components/two-factor-setup-screen.tsx";
import { PORTAL_HOME } from "~/features/auth/verification-link.ts";
import { signInMethods } from "~/features/account/account.server.ts";
import { can } from "~/lib/permissions.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Set Up Two-Factor Sign-In | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  const { password } = await signInMethods(context.app.db, user.id);
  return {
    email: user.email,
    required: context.enrolmentRequired,
    next: can(user, "firm.workspace") ? "/firm" : PORTAL_HOME,
    hasPassword: password,
  };
}

export default function TwoFactorSetup({ loaderData }: Route.ComponentProps) {
  return (
    <TwoFactorSetupScreen
      email={loaderData.email}
      required={loaderData.required}
      next={loaderData.next}
      hasPassword={loaderData.hasPassword}
    />
  );
}
