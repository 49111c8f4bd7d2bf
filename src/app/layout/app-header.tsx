import { Link } from "react-router";
import { useAuth } from "~/features/auth/components/auth-context.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { NavList, type NavItem } from "~/ui/nav-list.tsx";
import { MessagesLink } from "~/features/messages/components/messages-link.tsx";
import { Brand, HeaderBar, HeaderUserMenu, PhoneMenu } from "./header-parts.tsx";
import { can } from "~/lib/permissions.ts";

/** The sections of the signed-in portal; the firm's workspace is for staff and admins. */
export const PORTAL_SECTIONS: (NavItem & { firm?: boolean })[] = [
  { to: "/accounting", label: "Books" },
  { to: "/calculators", label: "Calculators" },
  { to: "/account", label: "Account" },
  { to: "/firm", label: "Firm workspace", firm: true },
];

/**
 * The header of the application screens (the portal and the firm's workspace, routes with handle.appShell): the
 * portal's sections instead of the marketing navigation, the user menu, and a way back to the public site. Below
 * `lg` one menu button opens the sections.
 */
export function AppHeader() {
  const { user, signOut } = useAuth();
  const sections = PORTAL_SECTIONS.filter((s) => !s.firm || can(user, "firm.workspace"));

  return (
    <HeaderBar>
      <Brand to="/accounting" label="Ledgerline portal, your books" tag="Portal" />

      <nav aria-label="Portal" className="hidden lg:block">
        <NavList
          items={sections}
          className="flex items-center gap-1"
          linkClass="rounded-md px-3 py-2 text-sm font-medium transition-colors"
          idleClass="text-slate-700 hover:bg-slate-100 hover:text-ink"
        />
      </nav>

      <div className="ml-auto flex items-center lg:ml-0">
        {user ? <MessagesLink fallbackHref={can(user, "firm.workspace") ? "/firm/messages" : "/accounting"} /> : null}
      </div>

      <div className="hidden items-center gap-2 lg:flex">
        <Link to="/" className={buttonClass("ghost", "sm")}>
          Public site
        </Link>
        {user ? <HeaderUserMenu user={user} onSignOut={signOut} /> : null}
      </div>

      <PhoneMenu>
        <nav aria-label="Portal">
          <NavList
            items={sections}
            className="space-y-1"
            linkClass="block rounded-md px-3 py-3 text-base font-medium"
            idleClass="text-slate-800"
          />
          <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6">
            {user ? <p className="text-sm text-muted">{user.email}</p> : null}
            <Link to="/" className={buttonClass("secondary")}>
              Public site
            </Link>
            {user ? (
              <button type="button" onClick={signOut} className={buttonClass("ghost")}>
                Sign out
              </button>
            ) : null}
          </div>
        </nav>
      </PhoneMenu>
    </HeaderBar>
  );
}
