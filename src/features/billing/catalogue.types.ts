/** The firm's catalogue (decision 117): the plans and add-ons it sells, as the API and the pages carry them. */

export const CATALOGUE_KINDS = ["plan", "add_on"] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

export const CATALOGUE_BILLINGS = ["monthly", "yearly", "one_off", "on_completion"] as const;
export type CatalogueBilling = (typeof CATALOGUE_BILLINGS)[number];

export const CATALOGUE_KIND_LABELS: Record<CatalogueKind, string> = { plan: "Plan", add_on: "Add-on" };
export const CATALOGUE_BILLING_LABELS: Record<CatalogueBilling, string> = {
  monthly: "Monthly",
  yearly: "Yearly",
  one_off: "One-off",
  on_completion: "On completion",
};

export interface CatalogueItem {
  id: number;
  kind: CatalogueKind;
  name: string;
  description: string;
  /** What a plan includes, in order; an add-on has none. */
  features: string[];
  /** Exact, as a decimal ("599.00"); null: a price agreed case by case ("Custom"). */
  price: string | null;
  /** Shown before the amount ("From"). */
  price_prefix: string;
  /** Shown after it ("/month"). */
  price_suffix: string;
  billing: CatalogueBilling;
  /** The plan marked "Most popular". */
  featured: boolean;
  position: number;
  /** False once archived: off the pricing page, kept. */
  active: boolean;
  updated_at: string;
  updated_by: string | null;
}

/** GET /api/firm/catalogue. */
export interface CatalogueListResponse {
  items: CatalogueItem[];
}

/** What the pricing page shows: the active items of each kind, in order. */
export interface PublishedCatalogue {
  plans: CatalogueItem[];
  addOns: CatalogueItem[];
}
