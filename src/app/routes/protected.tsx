import { Outlet, useNavigation } from "react-router";
import { requirePageUser } from "~/server/http/page-guards.ts";
import { AppFooter } from "../layout/app-footer.tsx";
import { AppHeader } from "../layout/app-header.tsx";
import type { AppShellHandle } from "../layout/app-shell.ts";
import type { Route } from "./+types/protected";

/** Every route below needs a signed-in user; the server redirects before any private HTML is sent. */
/** Application screens: the root layout shows the portal's header and the slim footer, not the marketing ones. */
export const handle: AppShellHandle = { appShell: { Header: AppHeader, Footer: AppFooter } };

export function loader({ context, request }: Route.LoaderArgs) {
  requirePageUser(context, request);
  return null;
}

export default function Protected() {
  const navigation = useNavigation();
  const entering = navigation.state === "loading" && navigation.location && !navigation.formMethod;
  return entering ? (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-muted">
      <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700" />
      Loading...
    </div>
  ) : (
    <Outlet />
  );
}
