import { z } from "zod";
import { idField, requiredTextField, textField } from "~/lib/schema-fields.ts";
import { moneyField } from "~/features/sales/sales.schema.ts";
import { CATALOGUE_BILLINGS, CATALOGUE_KINDS } from "./catalogue.types.ts";

/** What the catalogue's API accepts (decision 117); every refusal names its field. */

export const MAX_FEATURES = 20;
export const MAX_CATALOGUE_ITEMS = 200;

const choice = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` });

const money = moneyField("Price", { allowZero: true });

/** A price: exact cents, or null (also empty text) for a price agreed case by case, shown "Custom". */
const priceField = z
  .union([z.string(), z.number(), z.null()], { error: "Price must be a number, or empty for a custom price" })
  .transform((value, ctx) => {
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const parsed = money.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, input: value });
    return z.NEVER;
  });

const features = z
  .array(requiredTextField("Feature", { max: 200, requiredError: "A feature must not be empty" }), { error: "Features must be a list" })
  .max(MAX_FEATURES, `At most ${MAX_FEATURES} features`);

/** PUT /api/firm/catalogue/:id: an item as the firm edits it (its kind stays). */
export const catalogueItemSchema = z
  .object({
    name: requiredTextField("Name", { max: 80 }),
    description: textField("Description", { max: 500 }),
    features: features.default([]),
    price: priceField,
    price_prefix: textField("Before the price", { max: 40 }).default(""),
    price_suffix: textField("After the price", { max: 40 }).default(""),
    billing: choice("Billing", CATALOGUE_BILLINGS),
    featured: z.boolean({ error: "Most popular must be true or false" }).default(false),
  })
  .superRefine((item, ctx) => {
    if (item.price !== null) return;
    for (const key of ["price_prefix", "price_suffix"] as const)
      if (item[key]) ctx.addIssue({ code: "custom", path: [key], message: "Leave this empty when the price is custom" });
  });
export type CatalogueItemInput = z.infer<typeof catalogueItemSchema>;

/** POST /api/firm/catalogue: a new item, a plan or an add-on. */
export const newCatalogueItemSchema = z
  .object({ kind: choice("Kind", CATALOGUE_KINDS) })
  .and(catalogueItemSchema)
  .superRefine((item, ctx) => {
    if (item.kind === "plan") return;
    if (item.features.length) ctx.addIssue({ code: "custom", path: ["features"], message: "An add-on has no features" });
    if (item.featured) ctx.addIssue({ code: "custom", path: ["featured"], message: "Only a plan is marked most popular" });
  });
export type NewCatalogueItemInput = z.infer<typeof newCatalogueItemSchema>;

/** PUT /api/firm/catalogue/order: every item of a kind, in its new order. */
export const catalogueOrderSchema = z.object({
  kind: choice("Kind", CATALOGUE_KINDS),
  ids: z
    .array(idField("Item"), { error: "Items must be a list" })
    .min(1, "List the items in their order")
    .max(MAX_CATALOGUE_ITEMS, `At most ${MAX_CATALOGUE_ITEMS} items`)
    .refine((ids) => new Set(ids).size === ids.length, "Each item is listed once"),
});
export type CatalogueOrderInput = z.infer<typeof catalogueOrderSchema>;

/** The item form's values as typed: the features one a line, the price as text (empty: custom). */
export const catalogueFormSchema = z
  .object({
    kind: choice("Kind", CATALOGUE_KINDS),
    name: requiredTextField("Name", { max: 80 }),
    description: textField("Description", { max: 500 }),
    features: textField("Features", { max: MAX_FEATURES * 201, multiline: true }).transform((text, ctx) => {
      const lines = text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean);
      if (lines.length > MAX_FEATURES) ctx.addIssue({ code: "custom", message: `At most ${MAX_FEATURES} features` });
      const long = lines.find((l) => l.length > 200);
      if (long) ctx.addIssue({ code: "custom", message: "A feature must be at most 200 characters" });
      return lines;
    }),
    price: priceField,
    price_prefix: textField("Before the price", { max: 40 }),
    price_suffix: textField("After the price", { max: 40 }),
    billing: choice("Billing", CATALOGUE_BILLINGS),
    featured: z.boolean(),
  })
  .superRefine((item, ctx) => {
    if (item.price === null)
      for (const key of ["price_prefix", "price_suffix"] as const)
        if (item[key]) ctx.addIssue({ code: "custom", path: [key], message: "Leave this empty when the price is custom" });
    if (item.kind === "add_on" && item.features.length)
      ctx.addIssue({ code: "custom", path: ["features"], message: "An add-on has no features" });
  });
export type CatalogueForm = z.input<typeof catalogueFormSchema>;
export type CatalogueFormOutput = z.output<typeof catalogueFormSchema>;
