import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { cn } from "~/ui/cn.ts";
import { ColumnHeads, tdClass } from "~/ui/table.tsx";
import { useAction } from "~/ui/use-action.ts";
import { formatLongDate } from "~/lib/format.ts";
import { useBooksOrgId, useMoney } from "~/features/ledger/index.ts";
import { undoAllocation } from "../documents.api.ts";
import type { DocumentDetails, DocumentPayment } from "../sales.types.ts";

/**
 * The payments and credits allocated to a document: date, the entry that settled it (a payment, a credit note, the
 * void), its amount; an allocation undone stays listed as undone. Those who hold "books.sales.pay" undo one, after
 * the question (the amount is then owed again); a void's settlement stays.
 */
export function DocumentPayments({ document, canUndo }: { document: DocumentDetails; canUndo: boolean }) {
  const { money } = useMoney();
  const label = document.number ?? "this document";
  const heads = canUndo ? ["Date", "Entry", "Description", "Amount", "Action"] : ["Date", "Entry", "Description", "Amount"];
  if (document.payments.length === 0)
    return (
      <p className="text-sm text-muted">{document.status === "approved" ? "No payment or credit allocated yet." : "Nothing allocated."}</p>
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 max-lg:block">
        <caption className="sr-only">Payments and credits allocated to {label}</caption>
        <thead className="bg-slate-50 max-lg:hidden">
          <ColumnHeads labels={heads} numeric={["Amount"]} />
        </thead>
        <tbody className="divide-y divide-slate-100 max-lg:block">
          {document.payments.map((p) => (
            <tr
              key={p.allocation_id}
              data-testid="document-payment"
              className={cn(
                "max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-3 max-lg:gap-y-1 max-lg:px-3 max-lg:py-3",
                p.undone && "text-muted",
              )}
            >
              <td className={cn(tdClass, "whitespace-nowrap max-lg:p-0")}>{formatLongDate(p.date)}</td>
              <td className={cn(tdClass, "whitespace-nowrap font-mono max-lg:p-0 max-lg:text-right")}>{p.entry_number}</td>
              <td className={cn(tdClass, "max-lg:col-span-2 max-lg:p-0")}>
                {p.description}
                {p.undone ? (
                  <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Undone</span>
                ) : null}
              </td>
              <td className={cn(tdClass, "whitespace-nowrap tabular-nums max-lg:p-0 lg:text-right", p.undone && "line-through")}>
                {money(p.amount)}
              </td>
              {canUndo ? (
                <td className={cn(tdClass, "max-lg:p-0 max-lg:text-right")}>
                  {!p.undone && document.status !== "void" ? <UndoButton payment={p} label={label} /> : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Undoes one allocation after the question, in a dialog opened from its own button (the focus goes back to it). */
function UndoButton({ payment: p, label }: { payment: DocumentPayment; label: string }) {
  const orgId = useBooksOrgId();
  const { money } = useMoney();
  const { act } = useAction();
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Undo ${money(p.amount)} from ${p.entry_number}`}>
          Undo
        </Button>
      }
      title="Undo this allocation?"
      description={`${money(p.amount)} from ${p.entry_number} no longer settles ${label}: it is owed again, and the payment or credit is free to apply elsewhere.`}
      confirmLabel="Undo allocation"
      busyLabel="Undoing…"
      onConfirm={async () =>
        (await act(() => undoAllocation(orgId, p.allocation_id), { failure: "Not undone", success: "Allocation undone" })).ok
      }
    />
  );
}
