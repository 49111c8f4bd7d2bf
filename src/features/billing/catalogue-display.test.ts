import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import Pricing, { meta } from "~/app/routes/pricing.tsx";
import { priceAmount, priceHead, priceText, pricingMeta } from "./catalogue-display.ts";
import type { CatalogueItem, PublishedCatalogue } from "./catalogue.types.ts";

let nextId = 1;
const item = (o: Partial<CatalogueItem> & Pick<CatalogueItem, "kind" | "name" | "price">): CatalogueItem => ({
  id: nextId++,
  description: `${o.name} described.`,
  features: [],
  price_prefix: "",
  price_suffix: "",
  billing: "monthly",
  featured: false,
  position: 0,
  active: true,
  updated_at: "2026-01-01T00:00:00.000Z",
  updated_by: null,
  ...o,
});

/** The catalogue as migration 0054 seeds it (the pricing page as it read before). */
const seeded: PublishedCatalogue = {
  plans: [
    item({ kind: "plan", name: "Starter", price: "299.00", price_suffix: "/month", features: ["Monthly bookkeeping and reconciliations"] }),
    item({
      kind: "plan",
      name: "Professional",
      price: "599.00",
      price_suffix: "/month",
      featured: true,
      features: ["Quarterly tax planning meeting"],
    }),
    item({ kind: "plan", name: "Enterprise", price: null, features: ["Dedicated controller"] }),
  ],
  addOns: [
    item({ kind: "add_on", name: "Tax Preparation", price: "500.00", price_prefix: "From", billing: "on_completion" }),
    item({ kind: "add_on", name: "Payroll", price: "50.00", price_prefix: "From", price_suffix: "/month" }),
    item({ kind: "add_on", name: "ERP Implementation", price: "5000.00", price_prefix: "From", billing: "one_off" }),
    item({ kind: "add_on", name: "Financial Analysis", price: "200.00", price_prefix: "From", price_suffix: "/month" }),
  ],
};

/** The text a page's HTML shows, its tags dropped and its entities read. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

describe("a catalogue item's price as the pricing page words it", () => {
  it("whole dollars without cents, cents when there are some, Custom without a price; the words around it as written", () => {
    expect(priceAmount("5000.00")).toBe("$5,000");
    expect(priceAmount("49.50")).toBe("$49.50");
    expect(priceAmount("0.00")).toBe("$0");
    expect(priceAmount("999999999999.99")).toBe("$999,999,999,999.99");
    expect(priceAmount(null)).toBe("Custom");
    expect(seeded.plans.map(priceText)).toEqual(["$299/month", "$599/month", "Custom"]);
    expect(seeded.addOns.map(priceText)).toEqual(["From $500", "From $50/month", "From $5,000", "From $200/month"]);
    expect(priceHead(seeded.addOns[1]!)).toBe("From $50");
  });

  it("the title and description the page had, drawn from the catalogue", () => {
    expect(pricingMeta(seeded)).toEqual({
      title: "Pricing: Bookkeeping Plans from $299/month | Ledgerline Advisors",
      description:
        "Simple monthly plans: Starter $299/month, Professional $599/month, Enterprise custom. Add tax preparation, payroll, ERP implementation and financial analysis.",
    });
    const cheaper = {
      ...seeded,
      plans: [...seeded.plans, item({ kind: "plan", name: "Solo", price: "149.50", price_suffix: "/month", billing: "yearly" })],
    };
    expect(pricingMeta(cheaper).title).toBe("Pricing: Bookkeeping Plans from $149.50/month | Ledgerline Advisors");
    expect(pricingMeta(cheaper).description).toMatch(/^Simple plans: .*Solo \$149\.50\/month\./);
    expect(pricingMeta({ plans: [], addOns: [] }).title).toBe("Pricing: Bookkeeping Plans | Ledgerline Advisors");
  });

  it("the pricing page shows every plan and add-on, the featured plan marked, and its head agrees", () => {
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Pricing, { loaderData: { catalogue: seeded } })));
    const text = textOf(html);
    for (const plan of seeded.plans) {
      // The amount large, the words after it apart.
      expect(text).toContain(`${plan.name} ${priceHead(plan)}${plan.price_suffix ? ` ${plan.price_suffix}` : ""} ${plan.description}`);
      expect(text).toContain(plan.description);
      for (const feature of plan.features) expect(text).toContain(feature);
    }
    expect(text).toContain("Most popular Professional $599 /month");
    expect(text).toContain("Enterprise Custom Enterprise described. Dedicated controller Contact Sales");
    expect(html).toContain('href="/contact"');
    for (const a of seeded.addOns) expect(text).toContain(`${a.name} ${priceText(a)} ${a.description}`);
    const head = meta({ matches: [], loaderData: { catalogue: seeded } } as unknown as Parameters<typeof meta>[0]);
    expect(head).toContainEqual({ title: pricingMeta(seeded).title });
  });
});
