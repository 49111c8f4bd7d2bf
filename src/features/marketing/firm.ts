/** Facts about the firm, used by the layout, pages, structured data and mail. */
export const firm = {
  name: "Ledgerline Advisors",
  legalName: "Ledgerline Advisors LLC",
  tagline: "Accounting, bookkeeping, tax and ERP advisory for growing businesses",
  description:
    "Ledgerline Advisors keeps the books, files the taxes and runs the ERP projects of growing businesses, so their owners can decide with confidence.",
  phone: "(212) 555-0148",
  phoneHref: "tel:+12125550148",
  email: "hello@ledgerline.example",
  address: {
    street: "120 Broadway, Suite 1800",
    city: "New York",
    region: "NY",
    postalCode: "10271",
    country: "US",
  },
  hours: [
    {
      days: "Monday - Friday",
      time: "9:00 - 18:00",
      spec: { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" },
    },
    { days: "Saturday", time: "10:00 - 14:00", spec: { days: ["Saturday"], opens: "10:00", closes: "14:00" } },
    { days: "Sunday", time: "Closed", spec: null },
  ],
  linkedin: "https://www.linkedin.com/company/ledgerline-advisors",
  whatsapp: "https://wa.me/12125550148",
  responseHours: 24,
} as const;

export const services = [
  { slug: "bookkeeping", name: "Bookkeeping", path: "/services/bookkeeping" },
  { slug: "tax", name: "Tax Services", path: "/services/tax" },
  { slug: "erp", name: "ERP Consulting", path: "/services/erp" },
  { slug: "advisory", name: "Financial Advisory", path: "/services/advisory" },
] as const;

export type ServiceSlug = (typeof services)[number]["slug"];
