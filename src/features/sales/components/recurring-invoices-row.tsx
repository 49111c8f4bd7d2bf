import type { ReactNode } from "react";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { DateList, tdClass } from "~/ui/table.tsx";
import { useMoney } from "~/features/ledger/index.ts";
import { invoiceScheduleLabel } from "../recurring-invoices.schema.ts";
import type { RecurringInvoiceStatus, RecurringInvoiceSummary } from "../recurring-invoices.types.ts";

export type RecurringInvoiceAction = "edit" | "pause" | "resume" | "delete";

/** The ids of a row's Pause or Resume button (one id: only one of them is shown) and of its Delete button. */
export const toggleButtonId = (id: number) => `recurring-invoice-${id}-toggle`;
export const deleteButtonId = (id: number) => `recurring-invoice-${id}-delete`;

const STATUS: Record<RecurringInvoiceStatus, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-green-100 text-green-900" },
  paused: { label: "Paused", className: "bg-amber-100 text-amber-900" },
  ended: { label: "Ended", className: "bg-slate-200 text-slate-800" },
};

/** A cell's column name, shown in the card a row becomes below md (the table's heads are hidden there). */
function CardLabel({ children }: { children: ReactNode }) {
  return <span className="block text-xs font-semibold uppercase tracking-wide text-muted md:hidden">{children}</span>;
}

const cell = `${tdClass} max-md:p-0`;

/**
 * A recurring invoice in the list: the customer and reference, the schedule, each invoice's amount, whether it is
 * approved or left a draft, the status (a paused one says why when a run could not be made), the next dates and the
 * invoices made; below md, a card. Writers get its actions.
 */
export function RecurringInvoiceRow({
  r,
  canWrite,
  busy,
  onAction,
}: {
  r: RecurringInvoiceSummary;
  canWrite: boolean;
  busy: boolean;
  onAction: (action: RecurringInvoiceAction) => void;
}) {
  const { money } = useMoney();
  const status = STATUS[r.status];
  const [next, ...later] = r.upcoming;
  const name = `${r.contact_name}${r.reference ? ` (${r.reference})` : ""}`;
  return (
    <tr data-testid="recurring-invoice-row" className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2 max-md:px-3 max-md:py-3">
      <td className={`${cell} min-w-44 max-md:col-span-2`}>
        <span className="font-semibold">{r.contact_name}</span>
        {r.reference ? <span className="block text-xs text-muted">{r.reference}</span> : null}
      </td>
      <td className={cell}>
        <CardLabel>Schedule</CardLabel>
        <span className="md:whitespace-nowrap">{invoiceScheduleLabel(r)}</span>
        <span className="block text-xs text-muted">
          from {r.start_date}
          {r.end_date ? ` to ${r.end_date}` : ""}
        </span>
      </td>
      <td className={`${cell} text-right tabular-nums max-md:text-left md:whitespace-nowrap`}>
        <CardLabel>Each invoice</CardLabel>
        {money(r.total)}
      </td>
      <td className={`${cell} md:whitespace-nowrap`}>
        <CardLabel>Makes</CardLabel>
        {r.approve ? "Approved invoices" : "Drafts"}
      </td>
      <td className={`${cell} md:max-w-56`}>
        <CardLabel>Status</CardLabel>
        <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-semibold", status.className)}>{status.label}</span>
        {r.status === "paused" && r.paused_reason ? <span className="mt-1 block text-xs text-red-800">{r.paused_reason}</span> : null}
      </td>
      <td className={`${cell} md:whitespace-nowrap`}>
        <CardLabel>Next</CardLabel>
        {next ? (
          <>
            <span className="font-semibold">{next}</span>
            {later.length ? (
              <span className="block text-xs text-muted">
                then <DateList dates={later} />
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-muted">{r.status === "paused" ? "None while paused" : "None"}</span>
        )}
      </td>
      <td className={`${cell} tabular-nums md:text-right`}>
        <CardLabel>Invoices made</CardLabel>
        {r.runs}
      </td>
      {canWrite ? (
        <td className={`${cell} max-md:col-span-2 max-md:pt-1`}>
          <div className="flex gap-2 max-md:flex-wrap">
            {r.status !== "ended" ? (
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => onAction("edit")} aria-label={`Edit ${name}`}>
                Edit
              </Button>
            ) : null}
            {r.status === "active" ? (
              <Button
                size="sm"
                variant="secondary"
                id={toggleButtonId(r.id)}
                disabled={busy}
                onClick={() => onAction("pause")}
                aria-label={`Pause ${name}`}
              >
                Pause
              </Button>
            ) : r.status === "paused" ? (
              <Button
                size="sm"
                variant="accent"
                id={toggleButtonId(r.id)}
                disabled={busy}
                onClick={() => onAction("resume")}
                aria-label={`Resume ${name}`}
              >
                Resume
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              id={deleteButtonId(r.id)}
              disabled={busy}
              onClick={() => onAction("delete")}
              aria-label={`Delete ${name}`}
            >
              Delete
            </Button>
          </div>
        </td>
      ) : null}
    </tr>
  );
}
