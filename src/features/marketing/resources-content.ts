export const calculatorLinks = [
  {
    to: "/calculators/roi",
    title: "ROI Calculator",
    text: "Estimate annual savings, return and payback period for a finance or systems investment.",
  },
  {
    to: "/calculators/rd-tax-credit",
    title: "R&D Tax Credit Calculator",
    text: "Get a first estimate of the federal research credit from wages, supplies and contractor costs.",
  },
];

export interface Download {
  title: string;
  text: string;
  format: string;
  /** A direct file (checklists: a PDF made from checklists.ts), or null when the guide is sent to newsletter subscribers. */
  href: string | null;
  emailRequired: boolean;
}

export const downloads: Download[] = [
  {
    title: "Monthly Close Checklist",
    text: "The ten steps we follow to close books by the 10th.",
    format: "PDF",
    href: "/downloads/monthly-close-checklist.pdf",
    emailRequired: false,
  },
  {
    title: "Tax Document Checklist",
    text: "Everything to gather before meeting your tax preparer.",
    format: "PDF",
    href: "/downloads/tax-document-checklist.pdf",
    emailRequired: false,
  },
  {
    title: "ERP Selection Workbook",
    text: "Requirements template and scoring sheet for vendor demos.",
    format: "Email",
    href: null,
    emailRequired: true,
  },
  {
    title: "13-Week Cash-Flow Template",
    text: "A weekly cash forecast with worked example.",
    format: "Email",
    href: null,
    emailRequired: true,
  },
];

/** Where visitors register for webinars and ask for recordings. */
export const WEBINAR_EMAIL = "events@ledgerline.example";
