import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { ColumnHeads } from "~/ui/table.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import { booksPath, useBooks, useMoney, type TaxCode, type TaxRounding } from "~/features/ledger/index.ts";
import { changeRecurringInvoiceStatus, deleteRecurringInvoice } from "../recurring-invoices.api.ts";
import { invoiceScheduleLabel } from "../recurring-invoices.schema.ts";
import type { RecurringInvoiceDetails, RecurringInvoiceSummary } from "../recurring-invoices.types.ts";
import { RecurringInvoiceForm } from "./recurring-invoices-form.tsx";
import { deleteButtonId, RecurringInvoiceRow, toggleButtonId, type RecurringInvoiceAction } from "./recurring-invoices-row.tsx";
import type { RecurringInvoiceFormState } from "./recurring-invoices-values.ts";

const NEW_BUTTON_ID = "recurring-invoices-new";

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

  function onAction(r: RecurringInvoiceSummary, action: RecurringInvoiceAction) {
    if (action === "edit") openForm(r.id);
    else if (action === "delete") setDeleting(r);
    else void change(r, action);
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
            Invoices made on a schedule, such as a monthly retainer: each one a copy of the invoice kept here, dated its day and due
            after the customer&apos;s terms, left a draft to review or approved.
          </p>
        </div>
        {canWrite ? (
          <Button id={NEW_BUTTON_ID} onClick={() => openForm("new")}>
            New recurring invoice
          </Button>
        ) : null}
      </div>
      {recurring.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-muted">No recurring invoices yet.</p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 max-md:block">
            <caption className="sr-only">Recurring invoices, newest first</caption>
            <thead className="bg-slate-50 max-md:hidden">
              <ColumnHeads
                labels={["Customer", "Schedule", "Each invoice", "Makes", "Status", "Next", "Invoices made", canWrite && "Actions"]}
                numeric={["Each invoice", "Invoices made"]}
              />
            </thead>
            <tbody className="divide-y divide-slate-100 max-md:block">
              {recurring.map((r) => (
                <RecurringInvoiceRow
                  key={r.id}
                  r={r}
                  canWrite={canWrite}
                  busy={changing && changed === r.id}
                  onAction={(a) => onAction(r, a)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this recurring invoice?"
        description={deleting ? `${deleting.contact_name}, ${invoiceScheduleLabel(deleting).toLowerCase()}, ${money(deleting.total)} each.` : ""}
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
