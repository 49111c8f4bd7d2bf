export const calculatorLinks = [
  { to: "/calculators/roi", title: "ROI Calculator", text: "Estimate annual savings, return and payback period for a finance or systems investment." },
  { to: "/calculators/rd-tax-credit", title: "R&D Tax Credit Calculator", text: "Get a first estimate of the federal research credit from wages, supplies and contractor costs." },
];

export interface Download {
  title: string;
  text: string;
  format: string;
  /** A direct file, or null when the guide is sent to newsletter subscribers. */
  href: string | null;
  emailRequired: boolean;
}

export const downloads: Download[] = [
  { title: "Monthly Close Checklist", text: "The ten steps we follow to close books by the 10th.", format: "TXT", href: "/downloads/monthly-close-checklist.txt", emailRequired: false },
  { title: "Tax Document Checklist", text: "Everything to gather before meeting your tax preparer.", format: "TXT", href: "/downloads/tax-document-checklist.txt", emailRequired: false },
  { title: "ERP Selection Workbook", text: "Requirements template and scoring sheet for vendor demos.", format: "Email", href: null, emailRequired: true },
  { title: "13-Week Cash-Flow Template", text: "A weekly cash forecast with worked example.", format: "Email", href: null, emailRequired: true },
];

export const webinars = [
  { title: "Year-End Tax Planning for Business Owners", date: "Thursday, November 14, 2024", time: "12:00 - 13:00 ET", host: "Margaret Okafor, CPA" },
  { title: "Is It Time for an ERP? Signs You've Outgrown Your Books", date: "Wednesday, December 4, 2024", time: "12:00 - 12:45 ET", host: "Daniel Reyes" },
  { title: "Reading Your Financial Statements in 15 Minutes", date: "Tuesday, January 21, 2025", time: "17:30 - 18:15 ET", host: "Laura Chen" },
];

export const WEBINAR_EMAIL = "events@ledgerline.example";
