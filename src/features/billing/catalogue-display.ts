import { formatMoney } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import type { CatalogueItem, PublishedCatalogue } from "./catalogue.types.ts";

/** How the pricing page words a catalogue item's price (decision 117). */

type Priced = Pick<CatalogueItem, "price" | "price_prefix" | "price_suffix">;

/** Shown when the price is agreed case by case. */
export const CUSTOM_PRICE = "Custom";

/** "$5,000" for whole dollars, "$49.50" otherwise; "Custom" without a price. */
export function priceAmount(price: string | null): string {
  if (price === null) return CUSTOM_PRICE;
  // The firm's one money format, whole dollars without their cents.
  return formatMoney(price).replace(/\.00$/, "");
}

/** The amount with the words before it ("From $500"), without those after it. */
export function priceHead(item: Priced): string {
  const amount = priceAmount(item.price);
  return item.price !== null && item.price_prefix ? `${item.price_prefix} ${amount}` : amount;
}

/** The whole price as one text: "$299/month", "From $50/month", "Custom". */
export function priceText(item: Priced): string {
  return item.price === null ? CUSTOM_PRICE : `${priceHead(item)}${item.price_suffix}`;
}

/** An add-on's name inside a sentence: "tax preparation", "ERP implementation" (acronyms kept). */
function inSentence(name: string): string {
  return name
    .split(" ")
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(" ");
}

function listed(names: string[]): string {
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The pricing page's title and description, from what it shows. */
export function pricingMeta(catalogue: PublishedCatalogue): { title: string; description: string } {
  const priced = catalogue.plans.filter((p) => p.price !== null);
  const cheapest = priced.reduce<CatalogueItem | null>(
    (low, p) => (low === null || toCents(p.price!)! < toCents(low.price!)! ? p : low),
    null,
  );
  const from = cheapest ? ` from ${priceAmount(cheapest.price)}${cheapest.price_suffix}` : "";
  const monthly = catalogue.plans.length > 0 && catalogue.plans.every((p) => p.billing === "monthly");
  const plans = catalogue.plans.map((p) => `${p.name} ${p.price === null ? CUSTOM_PRICE.toLowerCase() : priceText(p)}`);
  const addOns = catalogue.addOns.map((a) => inSentence(a.name));
  return {
    title: `Pricing: Bookkeeping Plans${from} | Ledgerline Advisors`,
    description: [
      plans.length ? `Simple ${monthly ? "monthly " : ""}plans: ${plans.join(", ")}.` : "Bookkeeping, tax and advisory services.",
      addOns.length ? `Add ${listed(addOns)}.` : "Ask us for a plan that fits.",
    ].join(" "),
  };
}
