import type { PublishedCatalogue } from "~/features/billing/catalogue.types.ts";
import type { CataloguePick } from "./proposal-form.ts";

/** The published plans and add-ons the composer offers: those with a price (a "Custom" plan is typed). */
export function cataloguePicks(c: PublishedCatalogue): CataloguePick[] {
  return [...c.plans, ...c.addOns].flatMap((i) =>
    i.price === null ? [] : [{ id: i.id, kind: i.kind, name: i.name, description: i.description, price: i.price, billing: i.billing }],
  );
}
