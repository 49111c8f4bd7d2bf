import type { ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLink } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { Pager, pageHref } from "~/ui/pager.tsx";
import { formatCount } from "~/lib/format.ts";
import { useBooks } from "~/features/ledger/index.ts";
import type { Side } from "../sales.schema.ts";
import type { DocumentPage, SalesSettings } from "../sales.types.ts";
import type { CompanyDetails } from "../sharing.types.ts";
import { CompanyDetailsForm } from "./company-details-form.tsx";
import type { PickedContact } from "./document-contact-picker.tsx";
import { newDocumentPath } from "./document-paths.ts";
import { DocumentsFilterForm } from "./documents-filter-form.tsx";
import { DocumentsTable } from "./documents-table.tsx";
import { SalesSettingsForm } from "./sales-settings-form.tsx";

/** The states a list is filtered by (the API's `status`), "All" first. */
const STATES = [
  { value: undefined, label: "All" },
  { value: "draft", label: "Drafts" },
  { value: "awaiting_approval", label: "Awaiting approval" },
  { value: "unpaid", label: "Unpaid" },
  { value: "overdue", label: "Overdue" },
  { value: "paid", label: "Paid" },
  { value: "void", label: "Void" },
] as const;

const TEXTS = {
  receivable: {
    title: "Sales",
    intro: "Invoices and credit notes to customers, newest first. An invoice is numbered and posted when it is approved.",
    caption: "Invoices and credit notes",
    search: "Search sales",
    empty: "No invoices or credit notes yet.",
    first: { kind: "invoice", label: "New invoice" },
    second: { kind: "credit_note", label: "New credit note" },
    role: "customer",
  },
  payable: {
    title: "Purchases",
    intro: "Bills and supplier credits, newest first. A bill is numbered and posted when it is approved.",
    caption: "Bills and supplier credits",
    search: "Search purchases",
    empty: "No bills or supplier credits yet.",
    first: { kind: "bill", label: "New bill" },
    second: { kind: "supplier_credit", label: "New supplier credit" },
    role: "supplier",
  },
} as const;

const quickFilterClass = (active: boolean) =>
  cn(
    "whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-semibold",
    active ? "bg-brand-700 text-white" : "border border-slate-300 bg-white text-ink hover:bg-slate-100",
  );

function Empty({ children }: { children: ReactNode }) {
  return <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">{children}</div>;
}

/**
 * Sales (/accounting/:orgId/sales) or purchases (/accounting/:orgId/purchases): the side's documents for the filters in
 * the URL (state, search, contact, page), each with what is still owed; new documents for those who hold
 * "books.sales.write"; the settings and the business's details its documents print below.
 */
export function DocumentsScreen({
  side,
  page,
  filters,
  errors,
  contact,
  settings,
  company,
}: {
  side: Side;
  page: DocumentPage;
  filters: Record<string, string>;
  errors: Record<string, string>;
  contact: PickedContact | null;
  settings: SalesSettings;
  company: CompanyDetails;
}) {
  const { organization, can } = useBooks();
  const t = TEXTS[side];
  const canWrite = can["books.sales.write"];
  const filtered = Boolean(filters.q || filters.contact_id || filters.status);
  const newButtons = canWrite ? (
    <div className="flex flex-wrap gap-2">
      <ButtonLink to={newDocumentPath(organization.id, t.first.kind)}>{t.first.label}</ButtonLink>
      <ButtonLink to={newDocumentPath(organization.id, t.second.kind)} variant="secondary">
        {t.second.label}
      </ButtonLink>
    </div>
  ) : null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold text-ink">{t.title}</h2>
          <p className="mt-1 max-w-3xl text-sm text-muted">{t.intro}</p>
        </div>
        {newButtons}
      </div>
      <nav aria-label="Show" className="-mx-1 overflow-x-auto px-1 pb-1">
        <ul className="flex gap-2">
          {STATES.map((s) => {
            const active = filters.status === s.value || (!filters.status && s.value === undefined);
            return (
              <li key={s.label} className="shrink-0">
                <Link
                  to={pageHref({ ...filters, status: s.value }, 1)}
                  className={quickFilterClass(active)}
                  aria-current={active ? "page" : undefined}
                  preventScrollReset
                >
                  {s.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {errors.status ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.status}
        </p>
      ) : null}
      <DocumentsFilterForm
        key={pageHref(filters, 1)}
        orgId={organization.id}
        role={t.role}
        filters={filters}
        errors={errors}
        contact={contact}
        label={t.search}
      />
      {page.documents.length === 0 && (filtered || page.page > 1) ? (
        <Empty>
          <p className="text-muted">No document matches these filters.</p>
        </Empty>
      ) : page.documents.length === 0 ? (
        <Empty>
          <p className="text-muted">{t.empty}</p>
          {canWrite ? <div className="mt-4 flex justify-center">{newButtons}</div> : null}
        </Empty>
      ) : (
        <DocumentsTable documents={page.documents} caption={t.caption} orgId={organization.id} />
      )}
      {page.page_count > 1 ? (
        <Pager
          label={`${t.title} pages`}
          status={`Page ${page.page} of ${page.page_count} · ${formatCount(page.total)} documents`}
          previous={page.page > 1 ? { to: pageHref(filters, page.page - 1), text: "Newer" } : null}
          next={page.page < page.page_count ? { to: pageHref(filters, page.page + 1), text: "Older" } : null}
        />
      ) : null}
      <SalesSettingsForm settings={settings} />
      <CompanyDetailsForm company={company} />
    </div>
  );
}
