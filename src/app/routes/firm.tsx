import { Outlet, type ShouldRevalidateFunction } from "react-router";
import { unreadActivity } from "~/features/activity/index.server.ts";
import { FirmNav } from "~/features/firm/components/firm-nav.tsx";
import { requirePageHiddenPermission } from "~/server/http/page-guards.ts";
import { AppFooter } from "../layout/app-footer.tsx";
import { AppHeader } from "../layout/app-header.tsx";
import type { AppShellHandle } from "../layout/app-shell.ts";
import type { Route } from "./+types/firm";

export const meta: Route.MetaFunction = () => [{ title: "Firm workspace | Ledgerline Advisors" }, { name: "robots", content: "noindex" }];

/** The firm's workspace: staff and admins only; to anyone else it does not exist (404). */
/** Application screens: the root layout shows the portal's header and the slim footer, not the marketing ones. */
export const handle: AppShellHandle = { appShell: { Header: AppHeader, Footer: AppFooter } };

export async function loader({ context }: Route.LoaderArgs) {
  const user = requirePageHiddenPermission(context, "firm.workspace");
  return { role: user.role, activity: await unreadActivity(context.app.db, user.id) };
}

/** The navigation's count of client activity is read again on every page of the workspace, not only after a change. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export default function FirmLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[12rem_1fr] lg:gap-8 lg:px-8 lg:py-10">
      <aside className="mb-6 lg:mb-0">
        <p className="mb-3 hidden text-xs font-semibold uppercase tracking-wide text-slate-600 lg:block">Firm workspace</p>
        <FirmNav role={loaderData.role} activity={loaderData.activity} />
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
