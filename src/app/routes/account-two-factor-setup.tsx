import { requirePageUser } from "~/server/http/page-guards.ts";
import type { Route } from "./+types/account-two-factor-setup";
import { TwoFactorSetupPage } from "~/features/account/components/two-factor-setup-page.tsx";
import { PORTAL_HOME } from "~/features/auth/verification-link.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Set Up Two-Factor Sign-In | Ledgerline Advisors" },
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  return { email: user.email, required: context.enrolmentRequired, next: user.role === "client" ? PORTAL_HOME : "/firm" };
}

export default function TwoFactorSetup({ loaderData }: Route.ComponentProps) {
  return <TwoFactorSetupPage email={loaderData.email} required={loaderData.required} next={loaderData.next} />;
}
