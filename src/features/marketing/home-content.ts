import type { SiteContentValues } from "~/features/content/site-content.schema.ts";
import type { HeroSlide } from "./hero.ts";

export const heroSlides: HeroSlide[] = [
  {
    image: "/images/hero/slide-1.webp",
    alt: "Abstract skyline of rising bar charts at dawn",
    heading: "Transform Your Business with Expert Financial Guidance",
    subheading: "Bookkeeping, tax, ERP and advisory under one roof: a dedicated team that knows your numbers and answers within 24 hours.",
    primary: { to: "/consultation", label: "Get Free Consultation" },
    secondary: { to: "/services", label: "Our Services" },
  },
  {
    image: "/images/hero/slide-2.webp",
    alt: "Ledger pages with neatly reconciled columns",
    heading: "Precise Bookkeeping, Real-Time Insights",
    subheading: "Books closed by the 10th of every month, reconciled to the bank, with a dashboard you can read in five minutes.",
    primary: { to: "/services/bookkeeping", label: "Explore Bookkeeping" },
    secondary: { to: "/consultation", label: "Talk to an Expert" },
  },
  {
    image: "/images/hero/slide-3.webp",
    alt: "Tax calendar with quarterly deadlines marked",
    heading: "Tax Strategy That Minimizes Liability",
    subheading: "Year-round planning, entity structuring and R&D credits, so April holds no surprises for you or your business.",
    primary: { to: "/services/tax-services", label: "See Tax Services" },
    secondary: { to: "/consultation", label: "Free Tax Review" },
  },
  {
    image: "/images/hero/slide-4.webp",
    alt: "Connected system modules linked by data flows",
    heading: "ERP Consulting for Operational Excellence",
    subheading: "Selection, migration and training for Odoo, NetSuite, Dynamics 365 and more, delivered on a fixed plan.",
    primary: { to: "/services/erp", label: "ERP Consulting" },
    secondary: { to: "/services", label: "All Services" },
  },
  {
    image: "/images/hero/slide-5.webp",
    alt: "Upward growth curve over a city at night",
    heading: "Financial Advisory to Accelerate Growth",
    subheading: "Forecasts, valuations and deal support from advisors who have sat on both sides of the table.",
    primary: { to: "/services/advisory", label: "Advisory Services" },
    secondary: { to: "/consultation", label: "Plan a Strategy Call" },
  },
];

/** Software logo: name and image; src null means no logo image (a text wordmark is shown). */
export interface SoftwareLogo {
  name: string;
  src: string | null;
}

export const softwareLogos: SoftwareLogo[] = [
  { name: "QuickBooks", src: "/images/software/quickbooks.webp" },
  { name: "Xero", src: "/images/software/xero.webp" },
  { name: "Odoo", src: "/images/software/odoo.webp" },
  { name: "Sage", src: "/images/software/sage.webp" },
  { name: "Reviso", src: null },
  { name: "Microsoft Dynamics 365", src: "/images/software/microsoft-dynamics-365.webp" },
  { name: "ERPNext", src: "/images/software/erpnext.webp" },
  { name: "Oracle NetSuite", src: "/images/software/oracle-netsuite.webp" },
  { name: "Looker Studio", src: "/images/software/looker-studio.webp" },
  { name: "Tableau", src: "/images/software/tableau.webp" },
  { name: "Zoho", src: "/images/software/zoho.webp" },
  { name: "Lightyear", src: null },
];

/** Fictional clients shown in the client logo carousel (wordmarks drawn as images). */
export const clientLogos = [
  { name: "Harbor & Finch Outfitters", src: "/images/clients/harbor-finch.webp" },
  { name: "Northgate Dental Group", src: "/images/clients/northgate-dental.webp" },
  { name: "Brightwell Logistics", src: "/images/clients/brightwell.webp" },
  { name: "Cobalt Ridge Software", src: "/images/clients/cobalt-ridge.webp" },
  { name: "Maple & Main Bakery", src: "/images/clients/maple-main.webp" },
  { name: "Verity Architects", src: "/images/clients/verity.webp" },
  { name: "Summit Peak Fitness", src: "/images/clients/summit-peak.webp" },
  { name: "Lumen Biotech", src: "/images/clients/lumen.webp" },
];

export const homeServiceCards = [
  {
    title: "Bookkeeping",
    text: "Monthly reconciliations, payables and receivables, and a clean close you can hand to a lender or investor.",
    points: ["Bank and card reconciliations", "Monthly financial statements", "Payroll and sales tax filings"],
  },
  {
    title: "Tax Services",
    text: "Business and personal returns, quarterly estimates and planning that uses every credit you qualify for.",
    points: ["Federal, state and local returns", "R&D tax credit studies", "IRS notice and audit support"],
  },
  {
    title: "ERP Consulting",
    text: "We help you choose, configure and adopt the system that fits how your company actually works.",
    points: ["Needs assessment and selection", "Data migration from legacy tools", "Team training and go-live support"],
  },
] as const;

/** The home page's built-in text; each field can be replaced by its site_content key. */
export const homeFallbackCopy = {
  heroTitle: heroSlides[0]!.heading,
  heroDescription: heroSlides[0]!.subheading,
  visionTitle: "Our Vision",
  visionContent:
    "A future where every owner of a growing business understands their numbers as well as their product, and decides with the same confidence.",
  missionTitle: "Our Mission",
  missionContent:
    "To give small and mid-sized companies the finance team of a much larger one: accurate books, a tax plan that looks ahead, and systems that scale, delivered by people who answer the phone.",
  servicesTitle: "Services Built Around Your Growth",
  servicesDescription:
    "From the first reconciled bank statement to a multi-entity ERP rollout, we cover the finance work that keeps a company moving.",
  ctaTitle: "Ready to See Your Numbers Clearly?",
  ctaDescription: "Book a free 30-minute consultation. We'll review where you stand and outline the first three things we'd fix.",
} as const;

export type HomeCopy = { -readonly [K in keyof typeof homeFallbackCopy]: string };

const KEY_FOR: Record<keyof HomeCopy, keyof SiteContentValues> = {
  heroTitle: "homepage_hero_title",
  heroDescription: "homepage_hero_description",
  visionTitle: "vision_title",
  visionContent: "vision_content",
  missionTitle: "mission_title",
  missionContent: "mission_content",
  servicesTitle: "homepage_services_title",
  servicesDescription: "homepage_services_description",
  ctaTitle: "homepage_cta_title",
  ctaDescription: "homepage_cta_description",
};

/** The built-in text each site_content key replaces (shown beside the key on the firm's Site content screen). */
export function homeFallbackByKey(): Record<keyof SiteContentValues, string> {
  const out = {} as Record<keyof SiteContentValues, string>;
  for (const field of Object.keys(KEY_FOR) as (keyof HomeCopy)[]) out[KEY_FOR[field]] = homeFallbackCopy[field];
  return out;
}

/** The home page's copy: each stored, non-blank site_content value wins; anything missing falls back. */
export function homeCopy(stored: SiteContentValues): HomeCopy {
  const copy = { ...homeFallbackCopy } as HomeCopy;
  for (const field of Object.keys(KEY_FOR) as (keyof HomeCopy)[]) {
    const value = stored[KEY_FOR[field]]?.trim();
    if (value) copy[field] = value;
  }
  return copy;
}

/** The slides with the first one's heading and subheading taken from the (possibly overridden) copy. */
export function slidesWithCopy(copy: HomeCopy): HeroSlide[] {
  return heroSlides.map((s, i) => (i === 0 ? { ...s, heading: copy.heroTitle, subheading: copy.heroDescription } : s));
}
