import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CatalogueItem } from "~/features/billing/catalogue.types.ts";
import { cataloguePicks } from "./catalogue-picks.server.ts";
import { CataloguePicker } from "./components/catalogue-picker.tsx";
import { lineOfItem, proposalBody, proposalFormSchema, proposalFormValues } from "./proposal-form.ts";

const item = (o: Partial<CatalogueItem>): CatalogueItem =>
  ({
    id: 1,
    kind: "plan",
    name: "Professional",
    description: "Monthly books",
    features: [],
    price: "599.00",
    price_prefix: "",
    price_suffix: "/month",
    billing: "monthly",
    ...o,
  }) as CatalogueItem;

describe("lines from the catalogue", () => {
  const picks = cataloguePicks({
    plans: [item({}), item({ id: 2, name: "Enterprise", price: null })],
    addOns: [item({ id: 3, kind: "add_on", name: "Payroll", description: "Up to 10 people", price: "50.00" })],
  });

  it("offers the priced plans and add-ons; a plan priced case by case is typed instead", () => {
    expect(picks.map((p) => p.name)).toEqual(["Professional", "Payroll"]);
    const html = renderToStaticMarkup(<CataloguePicker items={picks} currency="USD" disabled={false} onPick={() => {}} />);
    expect(html).toContain('<optgroup label="Plans"><option value="1">Professional: $599.00 per month</option></optgroup>');
    expect(html).toContain('<optgroup label="Add-ons"><option value="3">Payroll: $50.00 per month</option></optgroup>');
    expect(html).toContain("From the catalogue");
  });

  it("copies an item into a line (an add-on as an option) that the API receives with where it came from", () => {
    const values = proposalFormValues(null, "org:7");
    values.title = "Books";
    values.lines = [lineOfItem(picks[0]!), lineOfItem(picks[1]!)];
    const body = proposalBody(proposalFormSchema.parse(values));
    expect(body.lines).toEqual([
      {
        name: "Professional",
        description: "Monthly books",
        price: "599.00",
        billing: "monthly",
        quantity: 1,
        optional: false,
        catalogue_item_id: 1,
      },
      {
        name: "Payroll",
        description: "Up to 10 people",
        price: "50.00",
        billing: "monthly",
        quantity: 1,
        optional: true,
        catalogue_item_id: 3,
      },
    ]);
  });
});
