import { useState } from "react";
import { formatLongDate } from "~/lib/format.ts";
import { Button } from "~/ui/button.tsx";
import { useAction } from "~/ui/use-action.ts";
import { startPaymentMethodSetup } from "../client-billing.api.ts";
import type { ClientBilling } from "../client-billing.types.ts";
import { BillingSection } from "./billing-parts.tsx";

/**
 * Her payment method: the one saved, and a button to the processor's page where she gives or changes it (when card and
 * bank debit payments are offered); otherwise she pays by bank transfer.
 */
export function BillingMethod({ orgId, method, cardPayments }: { orgId: number; method: ClientBilling["method"]; cardPayments: boolean }) {
  const { act, pending } = useAction();
  // Stays busy while the browser leaves for the processor's page.
  const [leaving, setLeaving] = useState(false);

  async function start() {
    const res = await act(() => startPaymentMethodSetup(orgId), { failure: "The payment page could not be opened", changes: false });
    if (!res.ok) return;
    setLeaving(true);
    window.location.assign(res.data.url);
  }

  return (
    <BillingSection id="billing-method-heading" title="Payment method">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-4">
        <div className="text-sm text-ink">
          {method ? (
            <p data-testid="billing-method">
              <span className="font-semibold">{method.label}</span>, saved {formatLongDate(method.updated_at)}
            </p>
          ) : (
            <p>No payment method yet.</p>
          )}
          {cardPayments ? null : <p className="mt-1 text-muted">Pay by bank transfer, quoting the invoice number.</p>}
        </div>
        {cardPayments ? (
          <Button variant="secondary" onClick={() => void start()} disabled={pending || leaving}>
            {leaving ? "Opening the payment page…" : method ? "Change payment method" : "Add a payment method"}
          </Button>
        ) : null}
      </div>
    </BillingSection>
  );
}
