import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/ui/button.tsx";
import { booksPath, useBooks, useMoney } from "~/features/ledger/index.ts";
import type { Side } from "../sales.schema.ts";
import type { Contact, OpenItem, Statement } from "../sales.types.ts";
import { ContactDeleteDialog } from "./contact-delete-dialog.tsx";
import { ContactDialog, type TaxCodeChoice } from "./contact-dialog.tsx";
import { ContactMergeDialog } from "./contact-merge-dialog.tsx";
import { Fact } from "./fact.tsx";
import { contactPath, linkClass, roleText, SIDE_LABELS, useFocusReturn } from "./contact-parts.tsx";
import { OpenItemsTable } from "./open-items-table.tsx";
import { StatementSection, type StatementPeriod } from "./statement-section.tsx";

const none = <span className="text-muted">None</span>;

/** The items of one side still open today, oldest due first, each linked to its document. */
function OpenItems({ side, items }: { side: Side; items: OpenItem[] }) {
  const title = `Open ${side === "receivable" ? "receivables" : "payables"}`;
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-lg font-semibold text-ink">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted">Nothing is open on this side today.</p>
      ) : (
        <OpenItemsTable side={side} items={items} caption={title} testId={`open-items-${side}`} />
      )}
    </section>
  );
}

/**
 * A contact (/accounting/:orgId/contacts/:contactId): its details and defaults, what it owes and is owed today, its
 * open items and its statement. Those who hold "books.sales.write" change, merge or delete it here.
 */
export function ContactScreen({
  contact,
  openItems,
  statement,
  period,
  errors,
  taxCodes,
  clientMaySend,
}: {
  contact: Contact;
  openItems: { side: Side; items: OpenItem[] }[];
  statement: Statement | null;
  period: StatementPeriod;
  errors: Record<string, string>;
  taxCodes: TaxCodeChoice[];
  /** The settings let the client's side send in books the firm keeps. */
  clientMaySend: boolean;
}) {
  const { organization, accounts, can } = useBooks();
  const orgId = organization.id;
  const money = useMoney();
  const navigate = useNavigate();
  const canWrite = can["books.sales.write"];
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const opening = useFocusReturn(editing || merging || deleting);
  const open = (set: (v: boolean) => void) => {
    opening();
    set(true);
  };
  const account = (id: number | null) => {
    if (id == null) return none;
    const a = accounts.find((x) => x.id === id);
    return a ? `${a.account_code} ${a.account_name}` : "An inactive account";
  };
  const code = taxCodes.find((c) => c.id === contact.default_tax_code_id);
  return (
    <div className="space-y-6">
      <div>
        <Link to={booksPath(orgId, "contacts")} className={linkClass}>
          All contacts
        </Link>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-2xl font-semibold text-ink [overflow-wrap:anywhere]">{contact.name}</h2>
            <p className="text-sm text-muted">{roleText(contact)}</p>
          </div>
          {canWrite ? (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => open(setEditing)}>
                Edit
              </Button>
              <Button size="sm" variant="ghost" onClick={() => open(setMerging)}>
                Merge into…
              </Button>
              <Button size="sm" variant="ghost" onClick={() => open(setDeleting)}>
                Delete
              </Button>
            </div>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <dl className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2" aria-label="Details">
          <Fact wraps term="Email">
            {contact.email ?? none}
          </Fact>
          <Fact wraps term="Tax id">
            {contact.tax_id ?? none}
          </Fact>
          <Fact wraps term="Address">
            {contact.address ? <span className="whitespace-pre-line">{contact.address}</span> : none}
          </Fact>
          <Fact wraps term="Payment terms">
            {contact.payment_terms_days === 0 ? "Due on receipt" : `${contact.payment_terms_days} days`}
          </Fact>
          <Fact wraps term="Default revenue account">
            {account(contact.default_revenue_account_id)}
          </Fact>
          <Fact wraps term="Default expense account">
            {account(contact.default_expense_account_id)}
          </Fact>
          <Fact wraps term="Default tax code">
            {code ? `${code.code} · ${code.name}` : none}
          </Fact>
        </dl>
        <div className="grid content-start gap-3 rounded-lg border border-slate-200 p-4">
          <dl className="grid gap-3" aria-label="Balances today" data-testid="contact-balances">
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-sm text-muted">Receivable today (owes you)</dt>
              <dd className="font-semibold tabular-nums">{money.money(contact.receivable)}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-sm text-muted">Payable today (you owe)</dt>
              <dd className="font-semibold tabular-nums">{money.money(contact.payable)}</dd>
            </div>
          </dl>
          <p className="text-sm">
            <Link to={`${booksPath(orgId, "aging")}?side=${period.side}&contact=${contact.id}`} className={linkClass}>
              {SIDE_LABELS[period.side]} aging of {contact.name}
            </Link>
          </p>
        </div>
      </div>
      {openItems.map((o) => (
        <OpenItems key={o.side} side={o.side} items={o.items} />
      ))}
      <StatementSection statement={statement} period={period} errors={errors} clientMaySend={clientMaySend} />
      <ContactDialog open={editing} onOpenChange={setEditing} contact={contact} taxCodes={taxCodes} />
      <ContactMergeDialog
        contact={merging ? contact : null}
        onOpenChange={setMerging}
        leaves
        onMerged={(kept) => void navigate(contactPath(orgId, kept.id))}
      />
      <ContactDeleteDialog
        contact={deleting ? contact : null}
        onOpenChange={setDeleting}
        leaves
        onDeleted={() => void navigate(booksPath(orgId, "contacts"))}
      />
    </div>
  );
}
