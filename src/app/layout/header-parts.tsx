import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/ui/button.tsx";
import { can } from "~/lib/permissions.ts";

/**
 * The pieces both headers share: the public site's (SiteHeader) and the signed-in application's (AppHeader).
 */

/** The sticky bar with the skip link; children are laid out in one row. */
export function HeaderBar({ children }: { children: ReactNode }) {
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
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">{children}</div>
    </header>
  );
}

/** The logo and name, linking to `to`; `tag` is a small word after the name (the portal's "Portal"), left out where the header is crowded (1024 to 1279 px wide). */
export function Brand({ to, label, tag }: { to: string; label: string; tag?: string }) {
  return (
    <Link to={to} className="flex shrink-0 items-center gap-2 font-bold text-brand-900" aria-label={label}>
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32">
        <rect width="32" height="32" rx="7" fill="#1e40af" />
        <path d="M9 8v16h14" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
        <path d="M14 19l4-5 3 3" stroke="#34d399" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="text-lg">Ledgerline</span>
      {tag ? (
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs lg:hidden xl:inline font-semibold uppercase tracking-wide text-slate-700">
          {tag}
        </span>
      ) : null}
    </Link>
  );
}

// The signed-in menu (Radix, ~30 KB) loads only for signed-in visitors, keeping public pages light.
const UserMenu = lazy(() => import("./user-menu.tsx"));

/** The signed-in user's dropdown (Calculators, Accounting, Firm workspace, Account, Sign out), loaded on demand. */
export function HeaderUserMenu({ user, onSignOut }: { user: { email: string; role: string }; onSignOut: () => void }) {
  return (
    <Suspense
      fallback={
        <span className={buttonClass("secondary", "sm", "max-w-56")}>
          <span className="truncate">{user.email}</span>
        </span>
      }
    >
      <UserMenu email={user.email} firm={can(user, "firm.workspace")} onSignOut={onSignOut} />
    </Suspense>
  );
}

/**
 * The phone and tablet menu (below `lg`): a toggle that opens a panel covering the screen below the header.
 * Works without script (a `<details>`); with it, the page behind stops scrolling, Escape closes the menu and gives
 * the focus back to the toggle, and choosing a link or button, or any navigation, closes it.
 */
export function PhoneMenu({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDetailsElement>(null);
  const hydrated = useRef(false);
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    // Opened before hydration (the page came fast, the script later): keep it open.
    if (!hydrated.current) {
      hydrated.current = true;
      if (ref.current?.open) return setOpen(true);
    }
    if (ref.current) ref.current.open = open;
    document.body.style.overflow = open ? "hidden" : "";
  }, [open]);
  useEffect(() => () => void (document.body.style.overflow = ""), []);

  return (
    <details
      ref={ref}
      className="lg:hidden"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          setOpen(false);
          (e.currentTarget.querySelector("summary") as HTMLElement | null)?.focus();
        }
      }}
    >
      <summary
        className="relative z-50 flex cursor-pointer list-none items-center rounded-md p-2 text-ink hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label={open ? "Close menu" : "Open menu"}
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
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </summary>
      <div
        className="fixed inset-0 top-16 z-40 overflow-y-auto bg-white px-6 py-6"
        data-testid="mobile-menu"
        onClick={(e) => (e.target as HTMLElement).closest("a,button") && setOpen(false)}
      >
        {children}
      </div>
    </details>
  );
}
