import type { Route } from "./+types/reset-password";
import { pageMeta } from "../seo.ts";
import { deferredModule } from "~/ui/deferred.tsx";

/** The page's form (react-hook-form) is not part of its load: it is fetched on the visitor's first interaction (deferred.tsx). */
const ResetPasswordScreen = deferredModule(() => import("~/features/auth/components/reset-password-screen.tsx")).component(
  (m) => m.ResetPasswordScreen,
);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Set a New Password | Ledgerline Advisors",
    description: "Choose a new password for your Ledgerline Advisors account.",
    path: "/reset-password",
    publicUrl: (matches[0]?.data as { publicUrl?: string } | undefined)?.publicUrl,
    noindex: true,
  });

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token: token && /^[A-Za-z0-9_-]{8,200}$/.test(token) ? token : null };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ResetPasswordScreen token={loaderData.token} />;
}
