import { formatLongDate, moneyIn } from "~/lib/format.ts";
import { renderMail } from "~/server/mail/html.ts";
import type { OutgoingMail } from "~/server/mail/outbox.server.ts";

/*
 * The mails of the firm's billing to a client (decision 119): a payment that failed, and an unpaid invoice's reminder.
 * Each carries the client's Billing page, where she pays or changes her payment method (signed in).
 */

export interface FeeInvoiceFacts {
  number: string;
  total: string;
  owed: string;
  due_date: string;
  currency: string;
}

/** The client's Billing page. */
export const billingPageUrl = (publicUrl: string, clientOrganizationId: number) => `${publicUrl}/accounting/${clientOrganizationId}/billing`;

export function paymentFailedMail(o: { to: string; invoice: FeeInvoiceFacts; reason: string; retryOn: string | null; url: string }): OutgoingMail {
  const { money } = moneyIn(o.invoice.currency);
  const heading = `Your payment for invoice ${o.invoice.number} did not go through`;
  const { html, text } = renderMail({
    heading,
    paragraphs: [
      `We tried to collect ${money(o.invoice.owed)} for invoice ${o.invoice.number} and the payment failed: ${o.reason}`,
      o.retryOn
        ? `We will try again on ${formatLongDate(o.retryOn)}. You can pay now, or change your payment method, on your Billing page.`
        : "Please pay it, or change your payment method, on your Billing page.",
    ],
    rows: [
      ["Invoice", o.invoice.number],
      ["Amount due", money(o.invoice.owed)],
      ["Due", formatLongDate(o.invoice.due_date)],
    ],
    action: { label: "Pay or change your payment method", url: o.url },
  });
  return { kind: "fee-payment-failed", to: o.to, subject: heading, html, text };
}

export function feeReminderMail(o: { to: string; invoice: FeeInvoiceFacts; url: string }): OutgoingMail {
  const { money } = moneyIn(o.invoice.currency);
  const heading = `Reminder: invoice ${o.invoice.number} is overdue`;
  const { html, text } = renderMail({
    heading,
    paragraphs: [
      `Invoice ${o.invoice.number} was due on ${formatLongDate(o.invoice.due_date)} and ${money(o.invoice.owed)} is still unpaid.`,
      "You can pay it, or change your payment method, on your Billing page. If you have paid by bank transfer in the last days, thank you: please ignore this reminder.",
    ],
    rows: [
      ["Invoice", o.invoice.number],
      ["Total", money(o.invoice.total)],
      ["Amount due", money(o.invoice.owed)],
    ],
    action: { label: "Pay invoice", url: o.url },
  });
  return { kind: "fee-reminder", to: o.to, subject: heading, html, text };
}

/** The date `days` business days (Monday to Friday) after `from`. */
export function addBusinessDays(from: string, days: number): string {
  const d = new Date(`${from}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}
