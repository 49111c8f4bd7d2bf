import type { ServiceSlug } from "./firm.ts";

export interface Feature {
  title: string;
  text: string;
}

export interface Step {
  title: string;
  text: string;
}

export interface ServiceContent {
  slug: ServiceSlug;
  name: string;
  path: string;
  metaTitle: string;
  metaDescription: string;
  /** One line for the /services overview card. */
  summary: string;
  /** Short feature list for the /services overview card. */
  highlights: string[];
  hero: { eyebrow: string; title: string; text: string };
  features: Feature[];
  benefitsTitle: string;
  benefits: string[];
  sideCard: { title: string; text: string };
  taxSeason?: { title: string; text: string; cards: Feature[] };
  platforms?: { title: string; items: Feature[] };
  areas?: { title: string; items: Feature[] };
  process?: { title: string; steps: Step[] };
}

export const serviceContent: Record<ServiceSlug, ServiceContent> = {
  bookkeeping: {
    slug: "bookkeeping",
    name: "Bookkeeping",
    path: "/services/bookkeeping",
    metaTitle: "Bookkeeping Services for Growing Businesses | Ledgerline Advisors",
    metaDescription:
      "Monthly bookkeeping with bank reconciliations, a close by the 10th and clear financial statements. Dedicated bookkeepers on QuickBooks, Xero and more.",
    summary: "Accurate, up-to-date books with a monthly close you can rely on.",
    highlights: [
      "Bank and card reconciliations",
      "Accounts payable and receivable",
      "Monthly financial statements",
      "Payroll and sales tax support",
    ],
    hero: {
      eyebrow: "Bookkeeping",
      title: "Books You Can Trust, Closed Every Month",
      text: "A dedicated bookkeeper reconciles every account, categorizes every transaction and delivers your financial statements by the 10th of the following month.",
    },
    features: [
      { title: "Bank & Card Reconciliation", text: "Every bank, card and payment-processor account matched to the penny, every month." },
      { title: "Accounts Payable", text: "Bills captured, coded and scheduled so vendors are paid on time and never twice." },
      { title: "Accounts Receivable", text: "Invoices sent, payments applied and overdue balances chased with a weekly aging report." },
      { title: "Monthly Financial Statements", text: "Profit and loss, balance sheet and cash-flow statement with a one-page commentary." },
      { title: "Payroll Coordination", text: "Payroll journals posted and reconciled; filings checked against your provider's reports." },
      { title: "Clean-Up & Catch-Up", text: "Months or years behind? We rebuild the books from source documents, then keep them current." },
    ],
    benefitsTitle: "Why Choose Our Bookkeeping",
    benefits: [
      "A named bookkeeper who knows your business, not a ticket queue",
      "Books closed by the 10th of every month",
      "Reviewed by a CPA before statements reach you",
      "Works with QuickBooks Online, Xero, Zoho Books and Sage",
      "Fixed monthly fee based on volume, agreed up front",
      "Year-end files ready for your tax preparer on day one",
    ],
    sideCard: {
      title: "Get your books in order",
      text: "Start with a free review of your last three months of books. Plans start at $299 a month.",
    },
  },
  tax: {
    slug: "tax",
    name: "Tax Services",
    path: "/services/tax",
    metaTitle: "Business & Personal Tax Services | Ledgerline Advisors",
    metaDescription:
      "Tax preparation, year-round planning, R&D tax credits and IRS representation for businesses and their owners. Free 30-minute tax review.",
    summary: "Returns filed right and on time, with planning that lowers next year's bill.",
    highlights: [
      "Business and individual returns",
      "Quarterly estimates and planning",
      "R&D tax credit studies",
      "IRS notice and audit support",
    ],
    hero: {
      eyebrow: "Tax Services",
      title: "Tax Strategy That Works All Year, Not Just in April",
      text: "We prepare federal, state and local returns for businesses and their owners, and plan each quarter so the tax you owe is the tax you expected.",
    },
    features: [
      { title: "Business Tax Returns", text: "Forms 1120, 1120-S and 1065 with state and city filings, prepared and reviewed by CPAs." },
      {
        title: "Individual Returns",
        text: "Owner and family returns coordinated with the business, including K-1s and multi-state income.",
      },
      { title: "Tax Planning", text: "Quarterly projections, estimated payments and timing decisions made before year-end, not after." },
      { title: "R&D Tax Credits", text: "Documented studies of qualifying wages, supplies and contractors to claim the federal credit." },
      { title: "Sales & Use Tax", text: "Nexus reviews, registrations and monthly or quarterly filings in every state you sell into." },
      { title: "IRS Representation", text: "We answer notices, handle audits and negotiate payment plans on your behalf." },
    ],
    benefitsTitle: "Why Choose Our Tax Team",
    benefits: [
      "CPAs and enrolled agents on every return",
      "Planning meetings every quarter, not once a year",
      "Every credit and deduction you qualify for, documented",
      "Extensions and estimates tracked so nothing is missed",
      "Audit support included for returns we prepare",
      "Clear fixed fees, quoted before we start",
    ],
    sideCard: {
      title: "Free tax review",
      text: "Send us last year's return and we'll point out what could have been done differently, at no cost.",
    },
    taxSeason: {
      title: "Tax Season is Here",
      text: "Deadlines are coming. Get your documents to us early and we'll file accurately and on time.",
      cards: [
        { title: "March 15", text: "S corporation and partnership returns (Forms 1120-S and 1065) or extensions are due." },
        { title: "April 15", text: "Individual and C corporation returns, plus first-quarter estimated payments, are due." },
        { title: "Document Checklist", text: "W-2s, 1099s, K-1s, prior-year return and year-end statements: we send you a tailored list." },
      ],
    },
  },
  erp: {
    slug: "erp",
    name: "ERP Consulting",
    path: "/services/erp",
    metaTitle: "ERP Consulting: Selection, Implementation & Support | Ledgerline Advisors",
    metaDescription:
      "Independent ERP consulting for Odoo, Oracle NetSuite, Microsoft Dynamics 365, Sage, ERPNext and Zoho: selection, data migration, training and support.",
    summary: "The right system, configured for how your company works, and a team trained to use it.",
    highlights: [
      "Needs assessment and system selection",
      "Implementation and configuration",
      "Data migration",
      "Training and ongoing support",
    ],
    hero: {
      eyebrow: "ERP Consulting",
      title: "ERP Systems That Fit the Way You Work",
      text: "Independent advice on choosing an ERP, then a fixed-scope plan to configure it, move your data across and train your people.",
    },
    features: [
      { title: "Needs Assessment", text: "We map your processes, pain points and reporting needs before any software is discussed." },
      { title: "System Selection", text: "A vendor-neutral comparison with demos scripted around your own workflows." },
      { title: "Implementation", text: "Chart of accounts, approvals, inventory and integrations configured and tested." },
      { title: "Data Migration", text: "Customers, vendors, items and opening balances moved across and reconciled." },
      { title: "Training", text: "Role-based sessions and written guides so every user knows their part on day one." },
      { title: "Post-Launch Support", text: "A support desk for the first 90 days, then optional monthly care plans." },
    ],
    benefitsTitle: "Why Choose Our ERP Team",
    benefits: [
      "Accountants who implement systems, so the finance side is right",
      "Vendor-neutral: we are not paid commissions by software makers",
      "Fixed-scope plans with a go-live date agreed up front",
      "Parallel runs before cut-over, so nothing is lost",
      "Reports built for the decisions you actually make",
      "Implementations from $5,000",
    ],
    sideCard: {
      title: "Plan your ERP project",
      text: "Tell us about your current tools and we'll outline a realistic scope and timeline.",
    },
    platforms: {
      title: "ERP Platforms We Support",
      items: [
        { title: "Odoo", text: "Modular open-source ERP for distribution, manufacturing and services." },
        { title: "Oracle NetSuite", text: "Cloud ERP for multi-entity and fast-growing companies." },
        { title: "Microsoft Dynamics 365", text: "Business Central for companies already on Microsoft 365." },
        { title: "Sage Intacct", text: "Strong multi-dimensional accounting for services and non-profits." },
        { title: "ERPNext", text: "Open-source ERP with low licence costs and flexible hosting." },
        { title: "Zoho One", text: "An affordable suite for small teams moving off spreadsheets." },
      ],
    },
    process: {
      title: "Our ERP Process",
      steps: [
        { title: "Assessment", text: "Interviews and process maps to define requirements and success measures." },
        { title: "Planning", text: "Selection, scope, timeline and budget signed off before work starts." },
        { title: "Implementation", text: "Configuration, integrations, data migration and user testing." },
        { title: "Support", text: "Go-live support, training refreshers and continuous improvement." },
      ],
    },
  },
  advisory: {
    slug: "advisory",
    name: "Financial Advisory",
    path: "/services/advisory",
    metaTitle: "Financial Advisory, Valuation & M&A Support | Ledgerline Advisors",
    metaDescription:
      "Business valuation, mergers and acquisitions, exit and succession planning, capital structure and due diligence for owner-led companies.",
    summary: "Forecasts, valuations and deal support for the decisions that shape your company.",
    highlights: ["Business valuation", "Mergers and acquisitions", "Exit and succession planning", "Financial due diligence"],
    hero: {
      eyebrow: "Financial Advisory",
      title: "Financial Advice for the Decisions That Matter Most",
      text: "Whether you are raising capital, buying a competitor or planning your exit, we build the numbers and stand beside you at the table.",
    },
    features: [
      { title: "Forecasting & Budgeting", text: "Driver-based models that show cash, profit and headcount 18 months ahead." },
      { title: "KPI Dashboards", text: "The five to ten measures that matter, refreshed monthly from your books." },
      { title: "Cash-Flow Management", text: "13-week cash forecasts and working-capital plans to avoid surprises." },
      { title: "Fundraising Support", text: "Investor-ready financials, data rooms and lender packages." },
      { title: "Deal Support", text: "Quality-of-earnings analysis and negotiation support for buyers and sellers." },
      { title: "Board Reporting", text: "Concise monthly packs that turn numbers into decisions." },
    ],
    benefitsTitle: "Why Choose Our Advisors",
    benefits: [
      "Senior advisors with corporate-finance and deal experience",
      "Models you own and can update yourself",
      "Advice grounded in your actual books, not estimates",
      "Independent: no success fees that bias our advice",
      "Clear written recommendations after every engagement",
      "Monthly analysis packages from $200 a month",
    ],
    sideCard: { title: "Plan a strategy call", text: "Bring your biggest financial question; leave with a clear next step." },
    areas: {
      title: "Advisory Areas",
      items: [
        { title: "Business Valuation", text: "Defensible valuations for sales, buy-ins, gifting and shareholder agreements." },
        { title: "Mergers & Acquisitions", text: "Target screening, modelling, diligence and integration planning." },
        { title: "Exit Strategy Planning", text: "A three-to-five-year plan to grow value and time your exit." },
        { title: "Capital Structure Optimization", text: "The right mix of debt and equity for your stage and risk." },
        { title: "Financial Due Diligence", text: "Independent review of a target's earnings, cash and liabilities." },
        { title: "Succession Planning", text: "Ownership transfer to family, managers or employees, planned with care." },
      ],
    },
    process: {
      title: "Our Advisory Process",
      steps: [
        { title: "Discovery", text: "We learn your goals, timeline and constraints in a working session." },
        { title: "Analysis", text: "We model scenarios from your books and market data." },
        { title: "Strategy", text: "A written recommendation with numbers, risks and trade-offs." },
        { title: "Implementation", text: "We stay involved through execution, from lenders to lawyers." },
      ],
    },
  },
};

export const serviceList: ServiceContent[] = [serviceContent.bookkeeping, serviceContent.tax, serviceContent.erp, serviceContent.advisory];

export function findService(slug: string | undefined): ServiceContent | undefined {
  return serviceList.find((s) => s.slug === slug);
}
