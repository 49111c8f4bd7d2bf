import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import {
  booksPath,
  RecurringRow,
  RecurringTable,
  useBooks,
  useMoney,
  type RecurringAction,
  type RecurringRowView,
  type TaxCode,
  type TaxRounding,
} from "~/features/ledger/index.ts";
import { changeRecurringInvoiceStatus, deleteRecurringInvoice } from "../recurring-invoices.api.ts";
import { invoiceScheduleLabel } from "../recurring-invoices.schema.ts";
import type { RecurringInvoiceDetails, RecurringInvoiceSummary } from "../recurring-invoices.types.ts";
import { RecurringInvoiceForm } from "./recurring-invoices-form.tsx";
import type { RecurringInvoiceFormState } from "./recurring-invoices-values.ts";

const NEW_BUTTON_ID = "recurring-invoices-new";
/** The ids of a row's Pause or Resume button (one id: only one of them is shown) and of its Delete button. */
const toggleButtonId = (id: number) => `recurring-invoice-${id}-toggle`;
const deleteButtonId = (id: number) => `recurring-invoice-${id}-delete`;

const COLUMNS = { title: "Customer", amount: "Each invoice", next: "Next", runs: "Invoices made" };
const ACTIONS: RecurringAction[] = ["edit", "pause", "resume", "delete"];

const rowView = (r: RecurringInvoiceSummary): RecurringRowView => ({
  ...r,
  title: r.contact_name,
  name: `${r.contact_name}${r.reference ? ` (${r.reference})` : ""}`,
  schedule: invoiceScheduleLabel(r),
  amount: r.total,
  makes: r.approve ? "Approved invoices" : "Drafts",
  pausedReason: r.paused_reason,
});

export interface RecurringInvoicesScreenProps {
  recurring: RecurringInvoiceSummary[];
  /** The form the URL asks for (`?form=new` or `?form=<id>`), or null: the list. */
  form: { editing: RecurringInvoiceDetails | null; initial: RecurringInvoiceFormState } | null;
  taxCodes: TaxCode[];
  rounding: TaxRounding;
  controlAccounts: number[];
}

/**
 * Recurring invoices (/accounting/:orgId/recurring-invoices): each schedule, the invoice it makes and its next dates.
 * Members holding "books.sales.write" create, change, pause, resume and delete them; the form is the page's own
 * (`?form=new`, `?form=<id>`), the list again once it is saved or left.
 */
export function RecurringInvoicesScreen({ recurring, form, taxCodes, rounding, controlAccounts }: RecurringInvoicesScreenProps) {
  const { organization, can } = useBooks();
  const { money } = useMoney();
  const orgId = organization.id;
  const canWrite = can["books.sales.write"];
  const [, setParams] = useSearchParams();
  const [changed, setChanged] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<RecurringInvoiceSummary | null>(null);
  const { act: actChange, pending: changing } = useAction();
  const { act } = useAction();
  // Where the focus goes once a change is drawn, when it was lost meanwhile (its button disabled while the change ran,
  // or gone with the row): the first of these elements still on the screen.
  const [refocus, setRefocus] = useState<string[] | null>(null);
  useEffect(() => {
    if (!refocus || changing || deleting) return;
    const timer = window.setTimeout(() => {
      setRefocus(null);
      const now = document.activeElement;
      if (now !== null && now !== document.body) return;
      for (const id of refocus) {
        const el = document.getElementById(id);
        if (el) return el.focus();
      }
    }, 0);
    return () => window.clearTimeout(timer);
  }, [refocus, changing, deleting]);

  const openForm = (id: number | "new" | null) => setParams(id === null ? {} : { form: String(id) }, { preventScrollReset: false });

  async function change(r: RecurringInvoiceSummary, action: "pause" | "resume") {
    setChanged(r.id);
    const res = await actChange(() => changeRecurringInvoiceStatus(orgId, r.id, action), { failure: "Recurring invoice not changed" });
    setRefocus([toggleButtonId(r.id), deleteButtonId(r.id)]);
    if (!res.ok) return;
    const after = res.data.recurring_invoice;
    if (action === "pause") toast.success("Recurring invoice paused", { description: "No invoice is made until it is resumed." });
    else if (after.status === "paused") toast.error("Recurring invoice paused again", { description: after.paused_reason ?? undefined });
    else
      toast.success("Recurring invoice resumed", {
        description: after.next_run_on
          ? `The next invoice is made on ${after.next_run_on}; the dates passed while it was paused are skipped.`
          : "It had no date left: it has ended.",
      });
  }

  async function remove(): Promise<boolean> {
    if (!deleting) return false;
    const r = deleting;
    const res = await act(() => deleteRecurringInvoice(orgId, r.id), {
      failure: "Recurring invoice not deleted",
      success: "Recurring invoice deleted",
      description: "The invoices it made stay.",
    });
    if (res.ok) setRefocus([NEW_BUTTON_ID]);
    return res.ok;
  }

  function onAction(r: RecurringInvoiceSummary, action: RecurringAction) {
    if (action === "edit") openForm(r.id);
    else if (action === "delete") setDeleting(r);
    else if (action !== "end") void change(r, action);
  }

  if (form && canWrite)
    return (
      <RecurringInvoiceForm
        key={form.editing?.id ?? "new"}
        editing={form.editing}
        initial={form.initial}
        taxCodes={taxCodes}
        rounding={rounding}
        controlAccounts={controlAccounts}
        onDone={() => openForm(null)}
      />
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to={booksPath(orgId, "sales")} className="text-sm font-medium text-brand-700 underline">
            Back to sales
          </Link>
          <h2 className="mt-2 text-xl font-semibold text-ink">Recurring invoices</h2>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            Invoices made on a schedule, such as a monthly retainer: each one a copy of the invoice kept here, dated its day and due after
            the customer&apos;s terms, left a draft to review or approved.
          </p>
        </div>
        {canWrite ? (
          <Button id={NEW_BUTTON_ID} onClick={() => openForm("new")}>
            New recurring invoice
          </Button>
        ) : null}
      </div>
      <RecurringTable
        caption="Recurring invoices, newest first"
        columns={COLUMNS}
        canWrite={canWrite}
        empty={recurring.length === 0 ? "No recurring invoices yet." : null}
      >
        {recurring.map((r) => (
          <RecurringRow
            key={r.id}
            r={rowView(r)}
            columns={COLUMNS}
            testId="recurring-invoice-row"
            actions={ACTIONS}
            ids={{ toggle: toggleButtonId(r.id), delete: deleteButtonId(r.id) }}
            canWrite={canWrite}
            busy={changing && changed === r.id}
            onAction={(a) => onAction(r, a)}
          />
        ))}
      </RecurringTable>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this recurring invoice?"
        description={
          deleting ? `${deleting.contact_name}, ${invoiceScheduleLabel(deleting).toLowerCase()}, ${money(deleting.total)} each.` : ""
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        variant="danger"
        onConfirm={remove}
      >
        <p className="text-sm text-ink">No more invoices are made. The invoices it already made stay, drafts and approved alike.</p>
      </ConfirmDialog>
    </div>
  );
}
