import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { services } from "~/features/marketing/firm.ts";
import { useAuth } from "~/features/auth/components/auth-context.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { Brand, HeaderBar, HeaderUserMenu, PhoneMenu } from "./header-parts.tsx";
import { can } from "~/lib/permissions.ts";

export const SERVICES_CLOSE_DELAY_MS = 200;

const navItems = [
  { to: "/", label: "Home", end: true },
  { to: "/services", label: "Services" },
  { to: "/pricing", label: "Pricing" },
  { to: "/resources", label: "Resources" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

const itemClass = (active: boolean) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
    active ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-ink",
  );

/** Services link with a dropdown of the four service pages: opens on hover or focus, closes 200 ms after leaving. */
function ServicesMenu({ active }: { active: boolean }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const panelId = useId();
  const { pathname } = useLocation();

  const show = () => {
    clearTimeout(timer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), SERVICES_CLOSE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div
      className="relative"
      onPointerEnter={show}
      onPointerLeave={hideSoon}
      onFocus={show}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hideSoon();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          (e.currentTarget.querySelector("a") as HTMLAnchorElement | null)?.focus();
        }
      }}
    >
      <Link
        to="/services"
        className={itemClass(active)}
        aria-current={active ? "page" : undefined}
        aria-expanded={open}
        aria-controls={panelId}
      >
        Services
      </Link>
      <div
        id={panelId}
        data-testid="services-dropdown"
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-1 w-60 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
      >
        <ul>
          {services.map((s) => (
            <li key={s.slug}>
              <NavLink
                to={s.path}
                className={({ isActive }) =>
                  cn("block rounded px-3 py-2 text-sm", isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100")
                }
              >
                {s.name}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function SiteHeader() {
  const { pathname } = useLocation();
  const { user, signOut } = useAuth();
  const servicesActive = pathname === "/services" || pathname.startsWith("/services/");

  return (
    <HeaderBar>
      <Brand to="/" label="Ledgerline Advisors, home" />

      <nav aria-label="Main" className="hidden lg:block">
        <ul className="flex items-center gap-1">
          {navItems.map((item) =>
            item.to === "/services" ? (
              <li key={item.to}>
                <ServicesMenu active={servicesActive} />
              </li>
            ) : (
              <li key={item.to}>
                <NavLink to={item.to} end={"end" in item} className={({ isActive }) => itemClass(isActive)}>
                  {item.label}
                </NavLink>
              </li>
            ),
          )}
        </ul>
      </nav>

      <div className="hidden items-center gap-2 lg:flex">
        {user ? (
          <HeaderUserMenu user={user} onSignOut={signOut} />
        ) : (
          <>
            <Link to="/login" className={buttonClass("ghost", "sm")}>
              Login
            </Link>
            <Link to="/consultation" className={buttonClass("accent", "sm")}>
              Free Consultation
            </Link>
          </>
        )}
      </div>

      <PhoneMenu>
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={"end" in item}
                  className={({ isActive }) =>
                    cn(
                      "block rounded-md px-3 py-3 text-base font-medium",
                      (item.to === "/services" ? servicesActive : isActive) ? "bg-brand-50 text-brand-800" : "text-slate-800",
                    )
                  }
                >
                  {item.label}
                </NavLink>
                {item.to === "/services" ? (
                  <ul className="ml-4 border-l border-slate-200 pl-2">
                    {services.map((s) => (
                      <li key={s.slug}>
                        <NavLink
                          to={s.path}
                          className={({ isActive }) =>
                            cn("block rounded-md px-3 py-2 text-sm", isActive ? "text-brand-800 font-semibold" : "text-slate-700")
                          }
                        >
                          {s.name}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6">
            {user ? (
              <>
                <p className="text-sm text-muted">{user.email}</p>
                <Link to="/calculators" className={buttonClass("secondary")}>
                  Calculators
                </Link>
                <Link to="/accounting" className={buttonClass("secondary")}>
                  Accounting
                </Link>
                {can(user, "firm.workspace") ? (
                  <Link to="/firm" className={buttonClass("secondary")}>
                    Firm workspace
                  </Link>
                ) : null}
                <Link to="/account" className={buttonClass("secondary")}>
                  Account
                </Link>
                <button type="button" onClick={signOut} className={buttonClass("ghost")}>
                  Sign out
                </button>
              </>
            ) : (
              <>
                <Link to="/login" className={buttonClass("secondary")}>
                  Login
                </Link>
                <Link to="/consultation" className={buttonClass("accent")}>
                  Free Consultation
                </Link>
              </>
            )}
          </div>
        </nav>
      </PhoneMenu>
    </HeaderBar>
  );
}
