import { useId, useState } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { InputField } from "~/ui/field.tsx";
import { Pager, pageHref } from "~/ui/pager.tsx";
import { CardCell, CardTable } from "~/ui/card-table.tsx";
import { Amount, cardRow } from "~/ui/table.tsx";
import { formatCount } from "~/lib/format.ts";
import { useBooks, useMoney } from "~/features/ledger/index.ts";
import type { Contact, ContactPage } from "../sales.types.ts";
import { ContactDeleteDialog } from "./contact-delete-dialog.tsx";
import { ContactDialog, type TaxCodeChoice } from "./contact-dialog.tsx";
import { ContactMergeDialog } from "./contact-merge-dialog.tsx";
import { ContactsCsv } from "./contacts-csv.tsx";
import { contactPath, roleText, useFocusReturn } from "./contact-parts.tsx";

const ROLES = [
  { role: undefined, label: "All contacts" },
  { role: "customer", label: "Customers" },
  { role: "supplier", label: "Suppliers" },
] as const;

const quickFilterClass = (active: boolean) =>
  cn(
    "rounded-md px-3 py-1.5 text-sm font-semibold",
    active ? "bg-brand-700 text-white" : "border border-slate-300 bg-white text-ink hover:bg-slate-100",
  );

const HEADS = ["Name", "Email", "Role", "Receivable", "Payable"];

/** The contacts shown (all, customers, suppliers) and the search by name or email, each keeping the other. */
function ContactsFilters({
  filters,
  role,
  errors,
}: {
  filters: Record<string, string>;
  role: "customer" | "supplier" | undefined;
  errors: Record<string, string>;
}) {
  const uid = useId();
  return (
    <>
      <nav className="flex flex-wrap items-center gap-2" aria-label="Show">
        {ROLES.map((r) => (
          <Link
            key={r.label}
            to={pageHref({ q: filters.q, role: r.role }, 1)}
            className={quickFilterClass(role === r.role)}
            aria-current={role === r.role ? "page" : undefined}
          >
            {r.label}
          </Link>
        ))}
      </nav>
      <Form
        method="get"
        role="search"
        aria-label="Search the contacts"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        {role ? <input type="hidden" name="role" value={role} /> : null}
        <InputField
          key={filters.q ?? ""}
          id={`${uid}-q`}
          label="Search by name or email"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          maxLength={100}
          error={errors.q}
          fieldClassName="min-w-0 grow sm:max-w-md"
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            Search
          </Button>
          {filters.q ? (
            <Link to={pageHref({ role }, 1)} className={buttonClass("ghost", "sm")}>
              Clear search
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}

/**
 * Contacts (/accounting/:orgId/contacts?q=&role=&page=): the books' customers and suppliers, found by name or email,
 * with what each owes and is owed today. Those who hold "books.sales.write" add, change, merge and delete them.
 */
export function ContactsScreen({
  page,
  filters,
  errors,
  taxCodes,
}: {
  page: ContactPage;
  /** The URL's query as given, to fill the search again and keep it in the pages' links. */
  filters: Record<string, string>;
  errors: Record<string, string>;
  taxCodes: TaxCodeChoice[];
}) {
  const { organization, can } = useBooks();
  const orgId = organization.id;
  const money = useMoney();
  const canWrite = can["books.sales.write"];
  const [editing, setEditing] = useState<{ contact: Contact | null } | null>(null);
  const [merging, setMerging] = useState<Contact | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const opening = useFocusReturn(editing !== null || merging !== null || deleting !== null);
  const open = <T,>(set: (v: T) => void, value: T) => {
    opening();
    set(value);
  };
  const role = filters.role === "customer" || filters.role === "supplier" ? filters.role : undefined;
  const searched = Boolean(filters.q || role);
  const heads = canWrite ? [...HEADS, "Actions"] : HEADS;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-ink">Contacts</h2>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            Customers you invoice and suppliers whose bills you pay. Receivable is what a contact owes you today, payable what you owe it; a
            negative amount is a credit.
          </p>
        </div>
        {canWrite ? <Button onClick={() => open(setEditing, { contact: null })}>New contact</Button> : null}
      </div>
      <ContactsFilters filters={filters} role={role} errors={errors} />
      {page.contacts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-muted">
          {searched || page.page > 1 ? "No contact matches this search." : "No contacts yet."}
        </p>
      ) : (
        <CardTable
          caption={`Contacts, page ${page.page} of ${page.page_count}`}
          heads={heads}
          numeric={["Receivable", "Payable"]}
          cards="md"
          strongRules
        >
          {page.contacts.map((c) => (
            <tr key={c.id} className={cardRow} data-testid="contact-row">
              <CardCell className="max-md:col-span-3">
                <Link to={contactPath(orgId, c.id)} className="font-semibold text-brand-700 underline [overflow-wrap:anywhere]">
                  {c.name}
                </Link>
              </CardCell>
              <CardCell label="Email" className="max-md:col-span-2 [overflow-wrap:anywhere]">
                {c.email ?? <span className="text-muted">None</span>}
              </CardCell>
              <CardCell label="Role">{roleText(c)}</CardCell>
              <Amount label="Receivable">{money.money(c.receivable)}</Amount>
              <Amount label="Payable">{money.money(c.payable)}</Amount>
              {canWrite ? (
                <CardCell className="max-md:col-span-3">
                  <span className="flex flex-wrap gap-1 md:flex-nowrap">
                    <Button size="sm" variant="secondary" onClick={() => open(setEditing, { contact: c })}>
                      <span>
                        Edit<span className="sr-only"> {c.name}</span>
                      </span>
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => open(setMerging, c)}>
                      <span>
                        Merge<span className="sr-only"> {c.name}</span> into…
                      </span>
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => open(setDeleting, c)}>
                      <span>
                        Delete<span className="sr-only"> {c.name}</span>
                      </span>
                    </Button>
                  </span>
                </CardCell>
              ) : null}
            </tr>
          ))}
        </CardTable>
      )}
      {page.page_count > 1 ? (
        <Pager
          label="Contacts pages"
          status={`Page ${page.page} of ${page.page_count} · ${formatCount(page.total)} contacts`}
          previous={page.page > 1 ? { to: pageHref(filters, page.page - 1), text: "Previous page" } : null}
          next={page.page < page.page_count ? { to: pageHref(filters, page.page + 1), text: "Next page" } : null}
        />
      ) : null}
      <ContactsCsv />
      <ContactDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        contact={editing?.contact ?? null}
        taxCodes={taxCodes}
      />
      <ContactMergeDialog contact={merging} onOpenChange={(open) => (open ? null : setMerging(null))} />
      <ContactDeleteDialog contact={deleting} onOpenChange={(open) => (open ? null : setDeleting(null))} />
    </div>
  );
}
