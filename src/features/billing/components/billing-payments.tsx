import { formatLongDate, moneyIn } from "~/lib/format.ts";
import { ColumnHeads } from "~/ui/table.tsx";
import type { BillingPayment } from "../client-billing.types.ts";
import { Badge, billingCardRow, Cell } from "./billing-parts.tsx";

const VIA: Record<BillingPayment["via"], string> = { processor: "Card or bank debit", transfer: "Bank transfer" };

function PaymentStatus({ payment: p }: { payment: BillingPayment }) {
  if (p.status === "processing") return <Badge tone="amber">Processing</Badge>;
  if (p.status === "succeeded") return <Badge tone="green">Paid</Badge>;
  return <span className="text-sm font-medium text-red-800">Failed{p.failure_message ? `: ${p.failure_message}` : ""}</span>;
}

/**
 * Her payments of the firm's invoices, newest first: by card or bank debit through the processor (processing, paid or
 * failed, with why) and the bank transfers the firm found in its statement. Below 640 px each payment is a card.
 */
export function BillingPayments({ payments, currency }: { payments: BillingPayment[]; currency: string }) {
  const { money } = moneyIn(currency);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 max-sm:block">
        <caption className="sr-only">Your payments, newest first</caption>
        <thead className="bg-slate-50 max-sm:hidden">
          <ColumnHeads labels={["Date", "Invoice", "Amount", "How", "Status"]} numeric={["Amount"]} />
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {payments.map((p, n) => (
            <tr key={`${p.date}-${p.invoice_number}-${n}`} data-testid="billing-payment" className={billingCardRow}>
              <Cell label="Date" className="sm:whitespace-nowrap">
                {formatLongDate(p.date)}
              </Cell>
              <Cell label="Invoice" className="whitespace-nowrap max-sm:text-right">
                <span className="font-mono">{p.invoice_number}</span>
              </Cell>
              <Cell label="Amount" className="whitespace-nowrap tabular-nums sm:text-right">
                {money(p.amount)}
              </Cell>
              <Cell label="How" className="max-sm:text-right">
                {VIA[p.via]}
              </Cell>
              <Cell label="Status" className="max-sm:col-span-2">
                <PaymentStatus payment={p} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
