export interface Plan {
  name: string;
  price: string;
  period: string | null;
  description: string;
  features: string[];
  cta: { to: string; label: string };
  featured?: boolean;
}

export const plans: Plan[] = [
  {
    name: "Starter",
    price: "$299",
    period: "/month",
    description: "For owner-run businesses with up to 100 transactions a month.",
    features: [
      "Monthly bookkeeping and reconciliations",
      "Monthly profit & loss and balance sheet",
      "Year-end package for your tax preparer",
      "Email support, answers within 24 hours",
    ],
    cta: { to: "/consultation", label: "Get Started" },
  },
  {
    name: "Professional",
    price: "$599",
    period: "/month",
    description: "For growing companies that want planning as well as books.",
    features: [
      "Everything in Starter, up to 400 transactions",
      "Accounts payable and receivable management",
      "Quarterly tax planning meeting",
      "KPI dashboard and monthly commentary",
      "Phone support with a named accountant",
    ],
    cta: { to: "/consultation", label: "Get Started" },
    featured: true,
  },
  {
    name: "Enterprise",
    price: "Custom",
    period: null,
    description: "For multi-entity groups and companies with complex operations.",
    features: [
      "Unlimited transactions and entities",
      "Consolidations and intercompany eliminations",
      "Dedicated controller",
      "ERP support and custom reporting",
    ],
    cta: { to: "/contact", label: "Contact Sales" },
  },
];

export const addOns = [
  { name: "Tax Preparation", price: "From $500", text: "Business or individual returns, federal and state." },
  { name: "Payroll", price: "From $50/month", text: "Payroll runs, filings and year-end W-2s and 1099s." },
  { name: "ERP Implementation", price: "From $5,000", text: "Selection, configuration, migration and training." },
  { name: "Financial Analysis", price: "From $200/month", text: "Forecasts, budgets and KPI reviews." },
];

export const pricingFaqs = [
  {
    question: "Is there a long-term contract?",
    answer: "No. Plans run month to month and you can cancel with 30 days' notice. We hand over all your files and access when you leave.",
  },
  {
    question: "What counts as a transaction?",
    answer: "Any line on a bank, card or payment-processor statement. Transfers between your own accounts count once.",
  },
  {
    question: "Can I change plans later?",
    answer:
      "Yes. You can move up or down at the start of any month; we review volumes with you each quarter and suggest the plan that fits.",
  },
  {
    question: "Do you work with my existing software?",
    answer:
      "Almost certainly. We work in QuickBooks Online, Xero, Zoho Books, Sage and the major ERPs, and can migrate you if your current tool holds you back.",
  },
];
