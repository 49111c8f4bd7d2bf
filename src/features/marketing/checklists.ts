import { firm } from "./firm.ts";

/** The free checklists on /resources, downloaded as PDF from /downloads/<slug>.pdf. */
export interface Checklist {
  slug: string;
  title: string;
  intro: string;
  sections: { heading?: string; numbered?: boolean; items: string[] }[];
  closing: string;
}

export const checklists: Checklist[] = [
  {
    slug: "monthly-close-checklist",
    title: "Monthly Close Checklist",
    intro: "Close by the 10th of the following month.",
    sections: [
      {
        numbered: true,
        items: [
          "Reconcile every bank account to its statement.",
          "Reconcile every credit card and payment-processor account (Stripe, PayPal, Square, Shopify).",
          "Reconcile loan and line-of-credit balances to lender statements.",
          "Enter and code all bills received; record unpaid bills as accounts payable.",
          "Record revenue earned but not yet invoiced.",
          "Post payroll journals and reconcile payroll liabilities to the provider's reports.",
          "Post depreciation, amortization and prepaid-expense adjustments.",
          "Review accounts receivable and payable aging; follow up on items over 60 days.",
          "Compare the profit and loss with last month and the same month last year; explain changes over 10%.",
          "Write three to five sentences of commentary and send the statements to the owners.",
        ],
      },
    ],
    closing: `Questions? ${firm.email} - ${firm.phone}`,
  },
  {
    slug: "tax-document-checklist",
    title: "Tax Document Checklist",
    intro: "Everything to gather before meeting your tax preparer.",
    sections: [
      {
        heading: "Business",
        items: [
          "Year-end profit and loss and balance sheet",
          "Bank, card and loan statements for December",
          "Fixed-asset purchases and disposals (invoices)",
          "Payroll reports: W-2s, W-3, Forms 941 and 940",
          "Forms 1099 issued and received",
          "Prior-year federal and state returns",
          "Estimated tax payments made, with dates",
        ],
      },
      {
        heading: "Individual",
        items: [
          "W-2s and 1099s (interest, dividends, brokerage, retirement)",
          "Schedules K-1 from partnerships and S corporations",
          "Mortgage interest (Form 1098) and property tax bills",
          "Charitable contribution receipts",
          "Health insurance forms (1095-A/B/C) and HSA statements",
          "Estimated tax payments made, with dates",
        ],
      },
    ],
    closing: `Send documents through your client portal or bring them to your meeting. Questions? ${firm.email} - ${firm.phone}`,
  },
];

export const checklistPath = (c: Pick<Checklist, "slug">) => `/downloads/${c.slug}.pdf`;

export function findChecklist(slug: string): Checklist | undefined {
  return checklists.find((c) => c.slug === slug);
}
