import { z } from "zod";
import { DATE_MAX, DATE_MIN, idField, requiredTextField } from "~/lib/schema-fields.ts";
import { TAX_AMOUNTS, TAX_APPLIES_TO, TAX_BASES, TAX_KINDS, TAX_PART_ROLES, TAX_ROUNDINGS, type TaxKind } from "~/features/ledger/index.ts";

/** Tax codes and the organization's tax settings: the inputs their forms and routes share (decision 112). */

export const TAX_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/;
/** A return's box: "54", "81-tax", "STATE" (letters, digits, dot, dash, underscore; up to 10). */
export const TAX_BOX_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,9}$/;
export const MAX_TAX_BOXES = 10;
export const MAX_TAX_PARTS = 9;

/** What a code of each kind applies to unless told; null: it must be told. */
export const DEFAULT_APPLIES_TO: Record<TaxKind, "sales" | "purchases" | null> = {
  output: "sales",
  input: "purchases",
  reverse_charge: "purchases",
  exempt: null,
  zero_rated: null,
  out_of_scope: null,
};

const PERCENT = /^\d+(\.\d+)?$/;

/**
 * A percentage from 0 to 100 with at most 4 decimals, as a string or a number ("21", 5.5, "0.2500"); given back
 * written with 4 decimals ("21.0000"), exactly as typed (no floating point on the way). With `blankIsNone`, blank is none.
 */
export function percentField(label: string, o: { blankIsNone?: boolean } = {}) {
  return z.union([z.string(), z.number()], { error: `${label} must be a percentage` }).transform((value, ctx): string | undefined => {
    const text = String(value).trim();
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message, input: value });
      return z.NEVER;
    };
    if (text === "" && o.blankIsNone) return undefined;
    if (text === "") return fail(`${label} is required`);
    if (!PERCENT.test(text)) return fail(`${label} must be a percentage such as 21 or 5.5`);
    const [whole, decimals = ""] = text.split(".");
    if (decimals.length > 4) return fail(`${label} must have at most 4 decimals`);
    const written = `${BigInt(whole!)}.${decimals.padEnd(4, "0")}`;
    if (BigInt(written.replace(".", "")) > 1_000_000n) return fail(`${label} must be between 0 and 100`);
    return written;
  });
}

/** Boxes of a return: a list, or text with the boxes separated by spaces or commas ("03 54"); at most 10, no repeats. */
export function boxesField(label: string) {
  return z
    .union([z.array(z.string({ error: `${label} must be text` })), z.string()], { error: `${label} must be a list of boxes` })
    .optional()
    .transform((value, ctx) => {
      const list = (typeof value === "string" ? value.split(/[\s,;]+/) : (value ?? [])).map((b) => b.trim()).filter(Boolean);
      const bad = list.find((b) => !TAX_BOX_PATTERN.test(b));
      if (bad !== undefined) {
        ctx.addIssue({ code: "custom", message: `${label}: "${bad.slice(0, 20)}" is not a box (letters, digits, . _ -, up to 10)` });
        return z.NEVER;
      }
      if (list.length > MAX_TAX_BOXES) {
        ctx.addIssue({ code: "custom", message: `${label}: at most ${MAX_TAX_BOXES} boxes` });
        return z.NEVER;
      }
      return [...new Set(list)];
    });
}

/** An optional calendar date: blank or null is none. */
function optionalDate(label: string) {
  const message = `${label} must be a date as YYYY-MM-DD`;
  return z
    .string({ error: message })
    .trim()
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!z.regexes.date.test(value) || value < DATE_MIN || value > DATE_MAX) {
        ctx.addIssue({ code: "custom", message, input: value });
        return z.NEVER;
      }
      return value;
    });
}

export const taxPartSchema = z.object({
  name: requiredTextField("Name", { max: 120 }),
  rate: percentField("Rate").transform((rate) => rate!),
  role: z.enum(TAX_PART_ROLES, { error: "Choose due or deductible" }),
  /** Blank: all of it (100). */
  recoverable_percent: percentField("Recoverable share", { blankIsNone: true }).optional(),
  account_id: idField("Account"),
  boxes: boxesField("Boxes"),
});

const DUE_NEEDED: Partial<Record<TaxKind, string>> = {
  output: "An output tax code needs a due part",
  reverse_charge: "A reverse charge needs a due part and a deductible part",
};
const DEDUCTIBLE_NEEDED: Partial<Record<TaxKind, string>> = {
  input: "An input tax code needs a deductible part",
  reverse_charge: "A reverse charge needs a due part and a deductible part",
};

/**
 * A tax code (created, or changed in full): its code, name and kind, what it applies to (sales for output tax,
 * purchases for input tax and reverse charges; to be said for the others), the dates it is valid between, the boxes
 * its base feeds and its parts. Output tax has due parts only, input tax deductible parts only, a reverse charge
 * both; an exempt, zero-rated or out-of-scope code has no tax (its parts, if any, at 0). Only a deductible part may
 * be partly recoverable.
 */
export const taxCodeSchema = z
  .object({
    code: z
      .string({ error: "Code is required" })
      .trim()
      .min(1, "Code is required")
      .regex(TAX_CODE_PATTERN, "Code is up to 20 letters, digits, dots, dashes or underscores, starting with a letter or digit"),
    name: requiredTextField("Name", { max: 120 }),
    kind: z.enum(TAX_KINDS, { error: "Choose the kind of tax" }),
    applies_to: z.union([z.enum(TAX_APPLIES_TO), z.literal(""), z.null()], { error: "Choose sales or purchases" }).optional(),
    valid_from: optionalDate("Valid from"),
    valid_to: optionalDate("Valid to"),
    base_boxes: boxesField("Base boxes"),
    parts: z.array(taxPartSchema, { error: "Parts must be a list" }).max(MAX_TAX_PARTS, `At most ${MAX_TAX_PARTS} parts`).default([]),
  })
  .superRefine((c, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const fixed = DEFAULT_APPLIES_TO[c.kind];
    if (c.applies_to && fixed && c.applies_to !== fixed)
      issue(["applies_to"], `${c.kind === "output" ? "Output tax" : "This kind"} applies to ${fixed}`);
    if (!c.applies_to && !fixed) issue(["applies_to"], "Say whether the code applies to sales or purchases");
    if (c.valid_from && c.valid_to && c.valid_from > c.valid_to) issue(["valid_to"], "Valid to must not be before valid from");
    const due = c.parts.filter((p) => p.role === "due").length;
    const deductible = c.parts.length - due;
    if (DUE_NEEDED[c.kind] && due === 0) issue(["parts"], DUE_NEEDED[c.kind]!);
    else if (DEDUCTIBLE_NEEDED[c.kind] && deductible === 0) issue(["parts"], DEDUCTIBLE_NEEDED[c.kind]!);
    c.parts.forEach((p, i) => {
      if (c.kind === "output" && p.role === "deductible") issue(["parts", i, "role"], "Output tax has only due parts");
      if (c.kind === "input" && p.role === "due")
        issue(["parts", i, "role"], "Input tax has only deductible parts (a due part makes a reverse charge)");
      if (!DUE_NEEDED[c.kind] && !DEDUCTIBLE_NEEDED[c.kind] && p.rate !== "0.0000")
        issue(["parts", i, "rate"], "An exempt, zero-rated or out-of-scope code carries no tax: its rate is 0");
      if (p.role === "due" && p.recoverable_percent !== undefined && p.recoverable_percent !== "100.0000")
        issue(["parts", i, "recoverable_percent"], "Only a deductible part may be partly recoverable");
    });
  })
  .transform((c) => ({
    ...c,
    applies_to: c.applies_to || DEFAULT_APPLIES_TO[c.kind]!,
    parts: c.parts.map((p) => ({ ...p, recoverable_percent: p.recoverable_percent ?? "100.0000" })),
  }));
export type TaxCodeInput = z.output<typeof taxCodeSchema>;
export type TaxCodeForm = z.input<typeof taxCodeSchema>;
export type TaxPartInput = TaxCodeInput["parts"][number];

/** Archiving a code (it is no longer offered) or bringing it back. */
export const taxArchiveSchema = z.object({ archived: z.boolean({ error: "archived must be true or false" }) });

/** GET /tax-codes?include_archived=true */
export const taxCodesQuerySchema = z.object({
  include_archived: z.enum(["true", "false"], { error: "include_archived must be true or false" }).optional(),
});

/** The organization's tax settings: amounts typed with or without tax, rounding by line or document, invoice or cash basis. */
export const taxSettingsSchema = z.object({
  tax_amounts: z.enum(TAX_AMOUNTS, { error: "Choose exclusive or inclusive" }),
  tax_rounding: z.enum(TAX_ROUNDINGS, { error: "Choose line or document" }),
  tax_basis: z.enum(TAX_BASES, { error: "Choose invoice or cash" }),
});
export type TaxSettingsInput = z.output<typeof taxSettingsSchema>;
