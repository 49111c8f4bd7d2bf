import { z } from "zod";
import { addDays, todayIso } from "~/lib/format.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { isoDateField, requiredTextField, textField } from "~/lib/schema-fields.ts";
import { moneyField } from "~/features/sales/sales.schema.ts";
import type { ProposalBody } from "./proposals.api.ts";
import { BILLINGS, MAX_PROPOSAL_LINES, type Billing } from "./proposals.schema.ts";
import type { ProposalDetails, ProposalSummary } from "./proposals.types.ts";

/*
 * The proposal composer's form (browser-safe): whom it is for (a lead or a client, in one choice), the terms, the letter
 * and the lines as typed; checked with the API's own messages, then sent as the API's body.
 */

/** A lead a proposal may be for. */
export interface LeadChoice {
  id: string;
  name: string | null;
  email: string;
  company: string | null;
}

export interface ClientChoice {
  id: number;
  name: string;
}

const whole = (label: string, min: number, max: number, unit = "") =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${label} must be a whole number${unit}`)
    .transform(Number)
    .refine((n) => n >= min, `${label} must be at least ${min}`)
    .refine((n) => n <= max, `${label} must be at most ${max.toLocaleString("en-US")}`);

const lineForm = z.object({
  name: requiredTextField("Line name", { max: 200 }),
  description: textField("Line description", { max: 2000, multiline: true }),
  price: moneyField("Price", { allowZero: true }),
  billing: z.enum(BILLINGS, { error: "Choose how it is billed" }),
  quantity: whole("Quantity", 1, 10000),
  optional: z.boolean(),
  /** The catalogue item the line was copied from ("" when typed). */
  catalogue_item_id: z.string(),
});

export const proposalFormSchema = z
  .object({
    party: z.string().regex(/^(lead:[0-9a-f-]{36}|org:\d+)$/, "Choose a lead or a client"),
    title: requiredTextField("Title", { max: 200 }),
    client_name: textField("Client's name", { max: 200 }),
    client_email: z.union([z.literal(""), z.email({ error: "Client's email must be an email address" }).max(254)]),
    company: textField("Company", { max: 200 }),
    start_date: isoDateField("Start date", { max: "9999-01-01" }),
    minimum_term_months: whole("Minimum term", 0, 120, " of months"),
    expires_on: isoDateField("Valid until", { max: "9999-01-01" }),
    reminder_every_days: whole("Remind every", 0, 30, " of days"),
    max_reminders: whole("Reminders", 0, 10),
    template_id: z.string(),
    letter: textField("Letter", { max: 50000, multiline: true }),
    lines: z.array(lineForm).min(1, "Add at least one line").max(MAX_PROPOSAL_LINES, `At most ${MAX_PROPOSAL_LINES} lines`),
  })
  .refine((v) => v.lines.some((l) => !l.optional), { path: ["lines"], message: "At least one line must not be optional" });

export type ProposalFormValues = z.input<typeof proposalFormSchema>;
export type ProposalFormOutput = z.output<typeof proposalFormSchema>;

export const emptyLine = (billing: Billing = "monthly"): ProposalFormValues["lines"][number] => ({
  name: "",
  description: "",
  price: "",
  billing,
  quantity: "1",
  optional: false,
  catalogue_item_id: "",
});

/** The form's values: a proposal's as saved, or a new one's (starting in a week, valid for two). */
export function proposalFormValues(p: ProposalDetails | null, party = ""): ProposalFormValues {
  if (!p)
    return {
      party,
      title: "",
      client_name: "",
      client_email: "",
      company: "",
      start_date: addDays(todayIso(), 7),
      minimum_term_months: "12",
      expires_on: addDays(todayIso(), 14),
      reminder_every_days: "3",
      max_reminders: "3",
      template_id: "",
      letter: "",
      lines: [emptyLine()],
    };
  return {
    party: p.lead_id ? `lead:${p.lead_id}` : p.organization_id !== null ? `org:${p.organization_id}` : "",
    title: p.title,
    client_name: p.client_name,
    client_email: p.client_email,
    company: p.company,
    start_date: p.start_date,
    minimum_term_months: String(p.minimum_term_months),
    expires_on: p.expires_on,
    reminder_every_days: String(p.reminders.every_days),
    max_reminders: String(p.reminders.max),
    template_id: p.template_id === null ? "" : String(p.template_id),
    letter: p.letter,
    lines: p.lines.map((l) => ({
      name: l.name,
      description: l.description ?? "",
      price: l.price,
      billing: l.billing,
      quantity: String(l.quantity),
      optional: l.optional,
      catalogue_item_id: l.catalogue_item_id === null ? "" : String(l.catalogue_item_id),
    })),
  };
}

/** The API's body from the checked form. */
export function proposalBody(v: ProposalFormOutput): ProposalBody {
  const [kind, ref] = v.party.split(/:(.*)/s) as [string, string];
  return {
    lead_id: kind === "lead" ? ref : null,
    organization_id: kind === "org" ? Number(ref) : null,
    title: v.title,
    client_name: v.client_name || null,
    client_email: v.client_email || null,
    company: v.company || null,
    start_date: v.start_date,
    minimum_term_months: v.minimum_term_months,
    expires_on: v.expires_on,
    reminder_every_days: v.reminder_every_days,
    max_reminders: v.max_reminders,
    template_id: v.template_id ? Number(v.template_id) : null,
    letter: v.letter || null,
    lines: v.lines.map((l) => ({
      name: l.name,
      description: l.description || null,
      price: centsToDecimal(l.price),
      billing: l.billing,
      quantity: l.quantity,
      optional: l.optional,
      catalogue_item_id: l.catalogue_item_id ? Number(l.catalogue_item_id) : null,
    })),
  };
}

/** A field the API names, as the form names it. */
export const formFieldOf = (apiField: string): string =>
  apiField === "lead_id" || apiField === "organization_id" ? "party" : apiField === "template_id" ? "template_id" : apiField;

/** A proposal as the firm's list shows it. */
export interface ProposalListRow extends ProposalSummary {
  viewed_at: string | null;
  declined_at: string | null;
}

/** A plan or add-on of the firm's catalogue, as the composer offers it (decision 117): copied into a line when chosen. */
export interface CataloguePick {
  id: number;
  kind: "plan" | "add_on";
  name: string;
  description: string;
  /** A decimal ("599.00"); items priced case by case are not offered. */
  price: string;
  billing: Billing;
}

/** The line a catalogue item makes: a copy (a later change of the catalogue never changes the proposal), an add-on optional. */
export const lineOfItem = (item: CataloguePick): ProposalFormValues["lines"][number] => ({
  name: item.name,
  description: item.description,
  price: item.price,
  billing: item.billing,
  quantity: "1",
  optional: item.kind === "add_on",
  catalogue_item_id: String(item.id),
});
