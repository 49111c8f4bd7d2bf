import { formatLongDate, moneyIn } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import { Button } from "~/ui/button.tsx";
import { ColumnHeads } from "~/ui/table.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import { billingInvoicePdfUrl, payInvoice } from "../client-billing.api.ts";
import type { BillingInvoice } from "../client-billing.types.ts";
import { Badge, billingCardRow, Cell, type Tone } from "./billing-parts.tsx";

const STATES: Record<BillingInvoice["state"], { label: string; tone: Tone }> = {
  paid: { label: "Paid", tone: "green" },
  partly_paid: { label: "Partly paid", tone: "indigo" },
  overdue: { label: "Overdue", tone: "red" },
  open: { label: "Open", tone: "sky" },
};

/** Where the focus goes once a payment is drawn, when it was lost with its button. */
export const INVOICES_HEADING_ID = "billing-invoices-heading";

/** Something is owed on it and no payment of it is under way: it can be paid now. */
const payable = (i: BillingInvoice) => !i.processing && (toCents(i.owed) ?? 0n) > 0n;

/**
 * The firm's invoices to her, newest first: number, dates, total, what she still owes, the state (and "Payment under
 * way" while the processor has not answered), the PDF, and "Pay now" when she has a payment method to pay with. Below
 * 640 px each invoice is a card.
 */
export function BillingInvoices({
  orgId,
  invoices,
  currency,
  canPay,
}: {
  orgId: number;
  invoices: BillingInvoice[];
  currency: string;
  canPay: boolean;
}) {
  const { money } = moneyIn(currency);
  const { act, pending } = useAction();

  async function pay(invoice: BillingInvoice) {
    const res = await act(() => payInvoice(orgId, invoice.id), { failure: "Payment not sent" });
    if (!res.ok) return;
    const { status, message } = res.data;
    if (status === "failed") toast.error("Payment failed", { description: message });
    else if (status === "nothing_owed") toast.info("Nothing to pay", { description: message });
    else toast.success("Payment sent", { description: message });
    // The button is gone with the payment under way: the focus goes to the list's heading rather than the page's top.
    if (document.activeElement === null || document.activeElement === document.body) document.getElementById(INVOICES_HEADING_ID)?.focus();
  }

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 max-sm:block">
        <caption className="sr-only">Your invoices from Ledgerline Advisors, newest first</caption>
        <thead className="bg-slate-50 max-sm:hidden">
          <ColumnHeads labels={["Number", "Date", "Due", "Total", "Amount due", "State", "Actions"]} numeric={["Total", "Amount due"]} />
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {invoices.map((i) => (
            <tr key={i.id} data-testid="billing-invoice" className={billingCardRow}>
              <Cell className="whitespace-nowrap font-mono font-semibold">{i.number}</Cell>
              <Cell label="Date" className="max-sm:order-3 sm:whitespace-nowrap">
                {formatLongDate(i.issue_date)}
              </Cell>
              <Cell label="Due" className="max-sm:order-4 sm:whitespace-nowrap">
                {formatLongDate(i.due_date)}
              </Cell>
              <Cell label="Total" className="max-sm:order-5 whitespace-nowrap tabular-nums sm:text-right">
                {money(i.total)}
              </Cell>
              <Cell label="Amount due" className="max-sm:order-6 whitespace-nowrap tabular-nums font-semibold sm:text-right">
                {money(i.owed)}
              </Cell>
              <Cell className="max-sm:order-2 max-sm:text-right">
                <span className="inline-flex flex-wrap gap-1 max-sm:justify-end">
                  <Badge tone={STATES[i.state].tone}>{STATES[i.state].label}</Badge>
                  {i.processing ? <Badge tone="amber">Payment under way</Badge> : null}
                </span>
              </Cell>
              <Cell className="max-sm:order-7 max-sm:col-span-2">
                <span className="flex flex-wrap items-center gap-3">
                  <a
                    className="whitespace-nowrap text-sm font-medium text-brand-700 underline"
                    href={billingInvoicePdfUrl(orgId, i.id)}
                    download
                  >
                    Download PDF<span className="sr-only"> invoice {i.number}</span>
                  </a>
                  {canPay && payable(i) ? (
                    <Button size="sm" onClick={() => void pay(i)} disabled={pending}>
                      Pay now<span className="sr-only"> invoice {i.number}</span>
                    </Button>
                  ) : null}
                </span>
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
