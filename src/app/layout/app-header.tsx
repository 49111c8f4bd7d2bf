import { Link, NavLink } from "react-router";
import { useAuth } from "~/features/auth/components/auth-context.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { Brand, HeaderBar, HeaderUserMenu, PhoneMenu } from "./header-parts.tsx";

/** The sections of the signed-in portal; the firm's workspace is for staff and admins. */
export const PORTAL_SECTIONS: { to: string; label: string; firm?: boolean }[] = [
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
  const sections = PORTAL_SECTIONS.filter((s) => !s.firm || (user && user.role !== "client"));

  return (
    <HeaderBar>
      <Brand to="/accounting" label="Ledgerline portal, your books" tag="Portal" />

      <nav aria-label="Portal" className="hidden lg:block">
        <ul className="flex items-center gap-1">
          {sections.map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                className={({ isActive }) =>
                  cn(
                    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
                    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-ink",
                  )
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="hidden items-center gap-2 lg:flex">
        <Link to="/" className={buttonClass("ghost", "sm")}>
          Public site
        </Link>
        {user ? <HeaderUserMenu user={user} onSignOut={signOut} /> : null}
      </div>

      <PhoneMenu>
        <nav aria-label="Portal">
          <ul className="space-y-1">
            {sections.map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  className={({ isActive }) =>
                    cn("block rounded-md px-3 py-3 text-base font-medium", isActive ? "bg-brand-50 text-brand-800" : "text-slate-800")
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
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
