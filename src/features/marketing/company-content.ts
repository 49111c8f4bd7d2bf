/** About, careers, press and case-study content. */

export const aboutStats = [
  { value: "500+", label: "Clients served" },
  { value: "15+ years", label: "In practice" },
  { value: "98%", label: "Client retention" },
  { value: "$2.5M+", label: "Tax savings found for clients" },
];

export const aboutMission =
  "We started Ledgerline in 2009 with one belief: owners of growing companies deserve the same quality of financial advice as large corporations, from people who know their business by name. Today a team of 28 accountants, tax specialists and systems consultants serves more than 500 companies from our New York office and remotely across the United States.";

export const aboutValues = [
  { title: "Accuracy First", text: "Every reconciliation, return and model is reviewed by a second professional before it reaches you." },
  { title: "Plain Language", text: "We explain what the numbers mean and what to do next, without jargon." },
  { title: "Responsiveness", text: "A named contact for every client and an answer within one business day." },
];

export const leaders = [
  {
    name: "Margaret Okafor, CPA",
    role: "Founder & Managing Partner",
    bio: "Twenty years in public accounting, including eight at a Big Four firm's private-company practice. Leads tax strategy for owner-managed businesses.",
    initials: "MO",
  },
  {
    name: "Daniel Reyes",
    role: "Partner, ERP & Systems",
    bio: "Has led more than 60 ERP implementations on NetSuite, Odoo and Dynamics 365 for distributors, manufacturers and agencies.",
    initials: "DR",
  },
  {
    name: "Priya Natarajan, CFA",
    role: "Partner, Financial Advisory",
    bio: "Former corporate-development director; advises on valuations, acquisitions and exit planning for companies with $2M to $50M in revenue.",
    initials: "PN",
  },
];

export interface Job {
  title: string;
  department: string;
  location: string;
  type: string;
  summary: string;
}

export const jobs: Job[] = [
  {
    title: "Senior Tax Accountant",
    department: "Tax",
    location: "New York, NY (hybrid)",
    type: "Full-time",
    summary:
      "Prepare and review business and individual returns, lead quarterly planning meetings and mentor two associates. CPA required.",
  },
  {
    title: "Staff Bookkeeper",
    department: "Bookkeeping",
    location: "Remote (US)",
    type: "Full-time",
    summary: "Own the monthly close for a portfolio of 15 to 20 small-business clients on QuickBooks Online and Xero.",
  },
  {
    title: "ERP Implementation Consultant",
    department: "ERP Consulting",
    location: "New York, NY (hybrid)",
    type: "Full-time",
    summary: "Configure NetSuite and Odoo, migrate data and train client teams. Two years of ERP project experience required.",
  },
  {
    title: "Financial Analyst",
    department: "Advisory",
    location: "New York, NY",
    type: "Full-time",
    summary: "Build forecasts, valuation models and board packs for advisory clients. Strong Excel and accounting fundamentals.",
  },
];

export const careerBenefits = [
  { title: "Health, Dental & Vision", text: "Fully paid premiums for you and 75% for your dependants." },
  { title: "401(k) with 4% Match", text: "Vested from your first day." },
  { title: "Paid Exam Support", text: "CPA, EA and CFA exam fees and 10 paid study days a year." },
  { title: "Flexible Hours", text: "Core hours 10:00 to 16:00; hybrid or remote by role." },
  { title: "25 Days Off", text: "Plus the week between Christmas and New Year's Day." },
  { title: "Learning Budget", text: "$2,000 a year for courses, books and conferences." },
];

export const careerValues = [
  { title: "Own the Outcome", text: "We treat each client's books as if they were our own." },
  { title: "Teach and Learn", text: "Seniors review, explain and share; everyone improves." },
  { title: "Sustainable Pace", text: "No all-nighters: we plan busy season so people can have lives." },
];

/** Link target of a job's 'Apply Now' button: the contact form with the position filled in. */
export function applyHref(job: Pick<Job, "title">): string {
  return `/contact?position=${encodeURIComponent(job.title)}`;
}

export const caseStudyStats = [
  { value: "500+", label: "Businesses served" },
  { value: "$2.5M+", label: "Tax savings identified" },
  { value: "60+", label: "ERP go-lives" },
  { value: "98%", label: "Client retention" },
];

export const caseStudies = [
  {
    client: "Harbor & Finch Outfitters",
    industry: "Retail & e-commerce",
    service: "Bookkeeping",
    challenge: "Three sales channels and two years of uncategorized transactions left the owners unable to tell which products made money.",
    solution:
      "We rebuilt 24 months of books, connected Shopify and Amazon settlements, and introduced a monthly close with product-line margins.",
    results: [
      "Close time cut from 25 days to 8",
      "Two unprofitable product lines identified and dropped",
      "Line of credit approved on clean statements",
    ],
  },
  {
    client: "Cobalt Ridge Software",
    industry: "Technology",
    service: "Tax Services",
    challenge: "A 40-person software company had never claimed the R&D tax credit and was paying full federal tax.",
    solution: "A documented R&D credit study across three open tax years, with payroll-tax offset elections for the start-up years.",
    results: [
      "$412,000 in credits claimed across three years",
      "Study documentation ready for audit",
      "Quarterly estimates reduced going forward",
    ],
  },
  {
    client: "Brightwell Logistics",
    industry: "Distribution",
    service: "ERP Consulting",
    challenge: "Inventory lived in spreadsheets and a 15-year-old accounting package that could not handle two warehouses.",
    solution: "Selection and implementation of Odoo with warehouse, purchasing and accounting modules, and a four-week parallel run.",
    results: ["Go-live in 14 weeks, on budget", "Stock accuracy from 91% to 99.4%", "Month-end close down to 5 days"],
  },
  {
    client: "Northgate Dental Group",
    industry: "Healthcare",
    service: "Financial Advisory",
    challenge: "The founding dentist wanted to bring in two associates as partners without losing control or overpaying tax.",
    solution: "An independent practice valuation, a staged buy-in structure and a five-year succession plan.",
    results: ["Buy-in agreed by all parties in 10 weeks", "Financing arranged at a fixed rate", "Founder's exit timeline fixed for 2029"],
  },
];

export const pressReleases = [
  {
    date: "2024-02-12",
    title: "Ledgerline Advisors Opens Remote Bookkeeping Practice for Clients Nationwide",
    summary: "Clients in all 50 states can now work with a dedicated Ledgerline bookkeeper and a monthly close delivered by the 10th.",
  },
  {
    date: "2023-10-03",
    title: "Ledgerline Advisors Named an Odoo Ready Partner",
    summary: "The recognition follows more than 20 successful Odoo implementations for distributors and manufacturers in the Northeast.",
  },
  {
    date: "2023-05-18",
    title: "Priya Natarajan Joins Ledgerline Advisors as Partner, Financial Advisory",
    summary: "Natarajan brings 14 years of corporate-development experience to lead the firm's valuation and M&A practice.",
  },
  {
    date: "2022-11-08",
    title: "Ledgerline Advisors Passes 500 Active Clients",
    summary: "Founded in 2009 in Manhattan, the firm now serves more than 500 small and mid-sized companies.",
  },
];

export const mediaKit = [
  { title: "Logo pack (SVG)", href: "/press/ledgerline-logo.svg", size: "2 KB" },
  { title: "Fact sheet", href: "/press/ledgerline-fact-sheet.txt", size: "1 KB" },
  { title: "Leadership biographies", href: "/press/ledgerline-leadership.txt", size: "2 KB" },
];

export const mediaContact = {
  name: "Elena Brooks",
  role: "Communications Manager",
  email: "press@ledgerline.example",
  phone: "(212) 555-0163",
  phoneHref: "tel:+12125550163",
};
