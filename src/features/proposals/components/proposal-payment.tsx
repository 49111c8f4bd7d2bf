import { useId, useState } from "react";
import { retryAfterText } from "~/lib/api-client.ts";
import { Button } from "~/ui/button.tsx";
import { Notice } from "~/ui/notice.tsx";
import { startProposalPaymentSetup } from "../proposals.api.ts";
import type { PublicProposal } from "../proposals.types.ts";

/**
 * The signing page once the proposal is accepted and billing has started: how she will pay. With card and bank debit
 * payments offered, a button to the processor's page where she gives (or changes) her card or bank account; otherwise
 * she pays each invoice by bank transfer. Back from that page (`methodSaved`), a notice says it is saved.
 */
export function ProposalPayment({
  token,
  payment,
  methodSaved,
}: {
  token: string;
  payment: NonNullable<PublicProposal["payment"]>;
  methodSaved: boolean;
}) {
  const uid = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function start() {
    setProblem(null);
    setBusy(true);
    const res = await startProposalPaymentSetup(token);
    // Stays busy while the browser leaves for the processor's page.
    if (res.ok) return window.location.assign(res.data.url);
    setBusy(false);
    setProblem(res.retryAfter ? `${res.message} ${retryAfterText(res.retryAfter)}` : res.message);
  }

  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby={`${uid}-pay`}>
      <h2 id={`${uid}-pay`} className="text-lg font-semibold">
        How you will pay
      </h2>
      {methodSaved ? <Notice notice={{ kind: "success", text: "Your payment method is saved." }} className="mt-3" /> : null}
      {payment.card_payments ? (
        <div className="mt-3 space-y-3">
          {payment.method_label ? <p data-testid="proposal-payment-method">Saved: {payment.method_label}</p> : null}
          {problem ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          <Button type="button" variant={payment.method_label ? "secondary" : "primary"} disabled={busy} onClick={() => void start()}>
            {busy ? "Opening the payment page…" : payment.method_label ? "Change payment method" : "Add a card or bank account"}
          </Button>
        </div>
      ) : (
        <p className="mt-3 text-slate-700">You will receive each invoice by mail; pay by bank transfer, quoting the invoice number.</p>
      )}
    </section>
  );
}
