import { Suspense, lazy, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { services } from "~/features/marketing/firm.ts";
import { useAuth } from "~/features/auth/components/auth-context.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";

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

// The signed-in menu (Radix, ~30 KB) loads only for signed-in visitors, keeping public pages light.
const UserMenu = lazy(() => import("./user-menu.tsx"));

export function SiteHeader() {
  const { pathname } = useLocation();
  const { user, signOut } = useAuth();
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileRef = useRef<HTMLDetailsElement>(null);
  const servicesActive = pathname === "/services" || pathname.startsWith("/services/");

  const hydrated = useRef(false);
  useEffect(() => setMobileOpen(false), [pathname]);
  useEffect(() => {
    // Opened before hydration (the page came fast, the script later): keep it open.
    if (!hydrated.current) {
      hydrated.current = true;
      if (mobileRef.current?.open) return setMobileOpen(true);
    }
    if (mobileRef.current) mobileRef.current.open = mobileOpen;
    document.body.style.overflow = mobileOpen ? "hidden" : "";
  }, [mobileOpen]);

  const closeMobile = () => setMobileOpen(false);

  return (
    // The blur sits on a layer of its own: a backdrop-filter on the header itself would make the header the
    // containing block of the fixed phone menu, shrinking that menu to the header's height.
    <header className="sticky top-0 z-40 border-b border-slate-200">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-white/95 backdrop-blur" />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 font-bold text-brand-900" aria-label="Ledgerline Advisors, home">
          <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32">
            <rect width="32" height="32" rx="7" fill="#1e40af" />
            <path d="M9 8v16h14" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
            <path d="M14 19l4-5 3 3" stroke="#34d399" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="text-lg">Ledgerline</span>
        </Link>

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
            <Suspense
              fallback={
                <span className={buttonClass("secondary", "sm", "max-w-56")}>
                  <span className="truncate">{user.email}</span>
                </span>
              }
            >
              <UserMenu email={user.email} firm={user.role !== "client"} onSignOut={signOut} />
            </Suspense>
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

        <details
          ref={mobileRef}
          className="lg:hidden"
          onToggle={(e) => setMobileOpen((e.currentTarget as HTMLDetailsElement).open)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              closeMobile();
              (e.currentTarget.querySelector("summary") as HTMLElement | null)?.focus();
            }
          }}
        >
          <summary
            className="relative z-50 flex cursor-pointer list-none items-center rounded-md p-2 text-ink hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
            aria-label={mobileOpen ? "Close menu" : "Open menu"}
          >
            <svg
              aria-hidden="true"
              width="24"
              height="24"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              {mobileOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </summary>
          <div className="fixed inset-0 top-16 z-40 overflow-y-auto bg-white px-6 py-6" data-testid="mobile-menu">
            <nav aria-label="Mobile">
              <ul className="space-y-1" onClick={(e) => (e.target as HTMLElement).closest("a") && closeMobile()}>
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
              <div
                className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6"
                onClick={(e) => (e.target as HTMLElement).closest("a,button") && closeMobile()}
              >
                {user ? (
                  <>
                    <p className="text-sm text-muted">{user.email}</p>
                    <Link to="/calculators" className={buttonClass("secondary")}>
                      Calculators
                    </Link>
                    <Link to="/accounting" className={buttonClass("secondary")}>
                      Accounting
                    </Link>
                    {user.role !== "client" ? (
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
          </div>
        </details>
      </div>
    </header>
  );
}
