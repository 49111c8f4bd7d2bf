import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { Notice } from "~/ui/notice.tsx";
import { Pager, pageHref } from "~/ui/pager.tsx";
import { useBooks } from "~/features/ledger/index.ts";
import type { ClientBilling } from "../client-billing.types.ts";
import { BillingInvoices, INVOICES_HEADING_ID } from "./billing-invoices.tsx";
import { BillingMethod } from "./billing-method.tsx";
import { BillingSection, Empty } from "./billing-parts.tsx";
import { BillingPayments } from "./billing-payments.tsx";

/** Invoices on a page of the list (the API's page size): a full page may have older ones after it. */
const INVOICES_PER_PAGE = 50;

/** How often, and how many times, the page asks again for a payment method just saved at the processor. */
const METHOD_RECHECK_MS = 2000;
const METHOD_RECHECKS = 5;

/**
 * Back from the processor's page, the method it saved arrives with its event, maybe a moment later: until it shows,
 * the page's data is read again a few times.
 */
function useMethodArrival(waiting: boolean, loaded: ClientBilling) {
  const { revalidate } = useRevalidator();
  const latest = useRef(revalidate);
  latest.current = revalidate;
  const tries = useRef(0);
  useEffect(() => {
    if (!waiting || tries.current >= METHOD_RECHECKS) return;
    const timer = window.setTimeout(() => {
      tries.current += 1;
      void latest.current();
    }, METHOD_RECHECK_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, loaded]);
}

export interface BillingScreenProps {
  billing: ClientBilling;
  page: number;
  /** Back from the processor's page (`?method=saved`). */
  methodSaved: boolean;
}

/**
 * Billing (/accounting/:orgId/billing), for the organization's owner: how she pays the firm (her saved payment method,
 * given or changed on the processor's page), the firm's invoices to her (each one's PDF, paying it now) and her payments.
 */
export function BillingScreen({ billing, page, methodSaved }: BillingScreenProps) {
  const { organization } = useBooks();
  useMethodArrival(methodSaved && billing.method === null, billing);
  const canPay = billing.card_payments && billing.method !== null;
  const more = billing.invoices.length >= INVOICES_PER_PAGE;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold text-ink">Billing</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">Your invoices from Ledgerline Advisors, your payments and how you pay.</p>
      </div>
      {methodSaved ? (
        <Notice notice={{ kind: "success", text: "Your payment method is saved. It may take a moment to show here." }} className="" />
      ) : null}
      {billing.billed ? (
        <BillingMethod orgId={organization.id} method={billing.method} cardPayments={billing.card_payments} />
      ) : null}
      {billing.billed ? (
        <>
          <BillingSection id={INVOICES_HEADING_ID} title="Invoices">
            {billing.invoices.length === 0 ? (
              <Empty>{page > 1 ? "No older invoices." : "No invoices yet."}</Empty>
            ) : (
              <BillingInvoices orgId={organization.id} invoices={billing.invoices} currency={billing.currency} canPay={canPay} />
            )}
            {page > 1 || more ? (
              <Pager
                label="Invoice pages"
                status={`Page ${page}`}
                previous={page > 1 ? { to: pageHref({}, page - 1), text: "Newer" } : null}
                next={more ? { to: pageHref({}, page + 1), text: "Older" } : null}
              />
            ) : null}
          </BillingSection>
          <BillingSection id="billing-payments-heading" title="Payments">
            {billing.payments.length === 0 ? (
              <Empty>No payments yet.</Empty>
            ) : (
              <BillingPayments payments={billing.payments} currency={billing.currency} />
            )}
          </BillingSection>
        </>
      ) : (
        <Empty>Ledgerline Advisors has not invoiced you yet.</Empty>
      )}
    </div>
  );
}
