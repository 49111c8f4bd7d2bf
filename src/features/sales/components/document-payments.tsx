import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { cn } from "~/ui/cn.ts";
import { CardCell, CardTable } from "~/ui/card-table.tsx";
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
    <CardTable caption={`Payments and credits allocated to ${label}`} heads={heads} numeric={["Amount"]} cards="lg">
      {document.payments.map((p) => (
        <tr
          key={p.allocation_id}
          data-testid="document-payment"
          className={cn("max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-3 max-lg:gap-y-1 max-lg:px-3 max-lg:py-3", p.undone && "text-muted")}
        >
          <CardCell cards="lg" className="whitespace-nowrap">
            {formatLongDate(p.date)}
          </CardCell>
          <CardCell cards="lg" className="whitespace-nowrap font-mono max-lg:text-right">
            {p.entry_number}
          </CardCell>
          <CardCell cards="lg" className="max-lg:col-span-2">
            {p.description}
            {p.undone ? (
              <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Undone</span>
            ) : null}
          </CardCell>
          <CardCell cards="lg" className={cn("whitespace-nowrap tabular-nums lg:text-right", p.undone && "line-through")}>
            {money(p.amount)}
          </CardCell>
          {canUndo ? (
            <CardCell cards="lg" className="max-lg:text-right">
              {!p.undone && document.status !== "void" ? <UndoButton payment={p} label={label} /> : null}
            </CardCell>
          ) : null}
        </tr>
      ))}
    </CardTable>
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
