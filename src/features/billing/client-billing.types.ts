/** The client's Billing page (decision 119): the firm's invoices to her, her payments and her payment method. */
export interface BillingInvoice {
  id: number;
  number: string;
  issue_date: string;
  due_date: string;
  total: string;
  owed: string;
  /** Read, never stored: paid, partly paid, overdue (past due with something owed) or open. */
  state: "paid" | "partly_paid" | "overdue" | "open";
  /** A collection is under way at the processor (its outcome not yet known). */
  processing: boolean;
}

export interface BillingPayment {
  date: string;
  invoice_number: string;
  amount: string;
  status: "processing" | "succeeded" | "failed";
  failure_message: string | null;
  /** By card or bank debit through the processor, or a bank transfer found in the firm's statement. */
  via: "processor" | "transfer";
}

export interface ClientBilling {
  /** The firm bills this client (she accepted a proposal). */
  billed: boolean;
  currency: string;
  invoices: BillingInvoice[];
  payments: BillingPayment[];
  method: { label: string; updated_at: string } | null;
  /** Card and bank debit payments are offered (a processor is configured). */
  card_payments: boolean;
}

export interface PaymentMethodSetup {
  url: string;
}

export interface PayOutcome {
  status: "processing" | "succeeded" | "failed" | "nothing_owed";
  message: string;
}
