import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { pageMeta } from "../seo.ts";
import { useRootData } from "../root.tsx";
import { verificationErrorMessage } from "~/features/auth/auth-messages.ts";
import { landingPath, LANDING_VIA_SIGN_IN } from "~/features/auth/landing.ts";
import { safeRedirectPath } from "~/lib/safe-redirect.ts";
import { LoginScreen } from "~/features/auth/components/login-screen.tsx";
import { ENROLMENT_PATH } from "~/server/http/enrolment.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sign In | Ledgerline Advisors",
    description: "Sign in to your Ledgerline Advisors account, create one, or reset your password.",
    path: "/login",
    publicUrl: (matches[0]?.data as { publicUrl?: string } | undefined)?.publicUrl,
    noindex: true,
  });

/**
 * A signed-in visitor goes on, before any HTML, to `from` (a local path only) or, when none was asked for, to where they
 * start (`landingPath`: a client her books' home, the firm's people their week); or to enrolment when the firm requires
 * it. The forms are handed `from`, or this page when none was asked for: signed in, it sends them on.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("from");
  if (context.user) throw redirect(context.enrolmentRequired ? ENROLMENT_PATH : safeRedirectPath(asked, landingPath(context.user)));
  const from = safeRedirectPath(asked, LANDING_VIA_SIGN_IN);
  const error = url.searchParams.get("error");
  const google = url.searchParams.get("google") === "failed";
  const verified = url.searchParams.get("verified") === "1";
  return {
    from,
    // After a Google sign-in of an account with two-factor sign-in on: the code form (see two-factor-oauth.server.ts).
    codeStep: url.searchParams.get("twoFactor") === "1",
    googleError: google ? { code: error, description: url.searchParams.get("error_description") } : null,
    notice: verified
      ? error
        ? { kind: "error" as const, text: verificationErrorMessage(error) }
        : { kind: "success" as const, text: "Your email address is verified. You can sign in now." }
      : null,
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <LoginScreen
      from={loaderData.from}
      codeStep={loaderData.codeStep}
      googleEnabled={Boolean(root?.googleEnabled)}
      notice={loaderData.notice}
      googleError={loaderData.googleError}
    />
  );
}
