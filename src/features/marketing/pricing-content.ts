/** The pricing page's questions and answers. Its plans and add-ons are the firm's catalogue (decision 117). */
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
