import { useMemo } from "react";
import { NavLink, Outlet } from "react-router";
import { cn } from "~/ui/cn.ts";
import type { OrganizationSummary } from "~/features/tenancy/tenancy.types.ts";
import type { BooksPermission } from "~/features/tenancy/index.ts";
import { BooksProvider, booksPath, type BooksOutlet } from "./books-context.tsx";
import { OrganizationSwitcher } from "~/features/tenancy/index.ts";

/**
 * The sections of the books, each its own URL under /accounting/:orgId, Home first (what waits on the reader). A
 * section whose work needs a permission the reader does not hold (`need`) shows its `without` label instead (what is
 * left to do there), or is left out: in books the firm keeps, its client does not see the firm's tools (tax codes,
 * opening balances, closing, import); their pages still show their state to every member.
 */
const SECTIONS: readonly { path: string; label: string; need?: BooksPermission; without?: string }[] = [
  { path: "home", label: "Home" },
  { path: "", label: "Chart of Accounts" },
  { path: "journal", label: "Journal Entries" },
  { path: "recurring", label: "Recurring entries" },
  { path: "bank", label: "Bank" },
  { path: "sales", label: "Sales" },
  { path: "recurring-invoices", label: "Recurring invoices" },
  { path: "purchases", label: "Purchases" },
  { path: "contacts", label: "Contacts" },
  { path: "aging", label: "Aging" },
  { path: "tax", label: "Tax", need: "books.tax" },
  { path: "tax-return", label: "Tax return" },
  { path: "questions", label: "Questions" },
  { path: "messages", label: "Messages" },
  { path: "requests", label: "Requests" },
  { path: "reports", label: "Reports" },
  { path: "budgets", label: "Budgets" },
  { path: "ledger", label: "General ledger" },
  { path: "opening-balances", label: "Opening balances", need: "books.opening" },
  { path: "closing", label: "Closing", need: "books.lock" },
  { path: "packs", label: "Month-end packs" },
  { path: "commentary", label: "Commentary", need: "books.commentary.write" },
  { path: "members", label: "Members" },
  { path: "billing", label: "Billing", need: "books.billing" },
  { path: "import", label: "Import and export", need: "books.import", without: "Export" },
];

const sectionClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block whitespace-nowrap border-b-2 sm:-mb-px px-2 py-2 text-sm font-semibold sm:px-4",
    isActive ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink",
  );

/**
 * The books of the organization in the URL: its name and the reader's role, the sections (with a count beside those
 * `badges` names by path, such as the requests still open), and the section shown.
 */
export function BooksLayout({
  books,
  organizations,
  badges = {},
}: {
  books: BooksOutlet;
  organizations: OrganizationSummary[];
  badges?: Partial<Record<string, number>>;
}) {
  const { organization, role, can } = books;
  const identity = useMemo(() => ({ id: organization.id, currency: organization.currency }), [organization.id, organization.currency]);
  const sections = SECTIONS.flatMap((s) => (!s.need || can[s.need] ? [s] : s.without ? [{ ...s, label: s.without }] : []));
  return (
    <BooksProvider value={identity}>
      <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold text-ink">Accounting</h1>
            <p className="mt-1 text-muted">
              Books of <span className="font-semibold text-ink">{organization.name}</span> · your role: {role}
              {can["books.write"] ? "" : " (read only)"}
            </p>
          </div>
          <OrganizationSwitcher current={organization.id} organizations={organizations} />
        </div>
        <nav aria-label="Accounting sections" className="mb-6 border-b border-slate-200">
          {/* One row on a phone, scrolled sideways, so that the section's own content starts on the first screen. */}
          <ul className="flex gap-x-1 overflow-x-auto sm:flex-wrap sm:overflow-visible">
            {sections.map((s) => (
              <li key={s.path} className="shrink-0">
                <NavLink to={booksPath(organization.id, s.path)} end className={sectionClass} preventScrollReset>
                  {s.label}
                  {badges[s.path] ? (
                    <>
                      <span aria-hidden="true" className="ml-1.5 rounded-full bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white">
                        {badges[s.path]}
                      </span>
                      <span className="sr-only"> ({badges[s.path]} open)</span>
                    </>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Outlet context={books} />
      </section>
    </BooksProvider>
  );
}
