import { request, type ApiResult } from "~/lib/api-client.ts";
import type { ClientBilling, PaymentMethodSetup, PayOutcome } from "./client-billing.types.ts";

/** The client's Billing page (/api/accounting/orgs/:orgId/billing, decision 119) as the browser calls it. */

const id = (n: number) => encodeURIComponent(n);
const base = (orgId: number) => `/api/accounting/orgs/${id(orgId)}/billing`;

export function getClientBilling(orgId: number, page = 1): Promise<ApiResult<ClientBilling>> {
  return request<ClientBilling>(page > 1 ? `${base(orgId)}?page=${id(page)}` : base(orgId));
}

/** An invoice's PDF (a link's href: an attachment). */
export const billingInvoicePdfUrl = (orgId: number, invoiceId: number) => `${base(orgId)}/invoices/${id(invoiceId)}/pdf`;

/** The processor's page where she gives or changes her payment method (it brings her back with `?method=saved`). */
export function startPaymentMethodSetup(orgId: number): Promise<ApiResult<PaymentMethodSetup>> {
  return request<PaymentMethodSetup>(`${base(orgId)}/payment-method`, { method: "POST" });
}

/** Pays the invoice now with the saved payment method. */
export function payInvoice(orgId: number, invoiceId: number): Promise<ApiResult<PayOutcome>> {
  return request<PayOutcome>(`${base(orgId)}/invoices/${id(invoiceId)}/pay`, { method: "POST" });
}
