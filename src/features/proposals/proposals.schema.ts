import { z } from "zod";
import { idField, idParam, isoDateField, requiredTextField, textField } from "~/lib/schema-fields.ts";
import { moneyField } from "~/features/sales/sales.schema.ts";

/*
 * What the proposals API accepts (decision 118): letter templates, a proposal's terms and lines, sending it, and the
 * client's answer through her link. Every refusal names its field.
 */

export const PROPOSAL_STATUSES = ["draft", "sent", "viewed", "accepted", "declined", "expired"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
};

export const BILLINGS = ["monthly", "yearly", "one_off", "on_completion"] as const;
export type Billing = (typeof BILLINGS)[number];
export const BILLING_LABELS: Record<Billing, string> = {
  monthly: "per month",
  yearly: "per year",
  one_off: "one-off",
  on_completion: "on completion",
};

/** The placeholders a letter template may use, filled in when the proposal is sent. */
export const PLACEHOLDERS = ["client_name", "company", "start_date", "fees", "minimum_term", "expires_on", "firm_name"] as const;

/** A secret as it appears in a link: 32 bytes in base64url. */
export const PROPOSAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const MAX_PROPOSAL_LINES = 50;

export const templateSchema = z.object({
  name: requiredTextField("Name", { max: 200 }),
  body: requiredTextField("Letter", { max: 50000, multiline: true }),
});
export type TemplateInput = z.output<typeof templateSchema>;

const lineSchema = z.object({
  catalogue_item_id: idField("Catalogue item").nullish(),
  name: requiredTextField("Line name", { max: 200 }),
  description: textField("Line description", { max: 2000, multiline: true }).nullish(),
  price: moneyField("Price", { allowZero: true }),
  billing: z.enum(BILLINGS, { error: `Billing must be one of ${BILLINGS.join(", ")}` }),
  quantity: z
    .number({ error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(10000, "Quantity must be at most 10,000")
    .default(1),
  optional: z.boolean({ error: "Optional must be true or false" }).default(false),
});
export type ProposalLineInput = z.output<typeof lineSchema>;

export const proposalSchema = z
  .object({
    lead_id: z.uuid({ error: "Lead must be a lead's id" }).nullish(),
    organization_id: idField("Client").nullish(),
    title: requiredTextField("Title", { max: 200 }),
    client_name: textField("Client's name", { max: 200 }).nullish(),
    client_email: z.email({ error: "Client's email must be an email address" }).max(254, "Client's email is too long").nullish(),
    company: textField("Company", { max: 200 }).nullish(),
    start_date: isoDateField("Start date", { max: "9999-01-01" }),
    minimum_term_months: z
      .number({ error: "Minimum term must be a whole number of months" })
      .int("Minimum term must be a whole number of months")
      .min(0, "Minimum term must not be negative")
      .max(120, "Minimum term must be at most 120 months"),
    expires_on: isoDateField("Valid until", { max: "9999-01-01" }),
    template_id: idField("Letter template").nullish(),
    /** Reminders until she answers: every N days (0: none), at most this many. */
    reminder_every_days: z
      .number({ error: "Remind every must be a whole number of days" })
      .int("Remind every must be a whole number of days")
      .min(0, "Remind every must be 0 to 30 days")
      .max(30, "Remind every must be 0 to 30 days")
      .default(3),
    max_reminders: z
      .number({ error: "Reminders must be a whole number" })
      .int("Reminders must be a whole number")
      .min(0, "Reminders must be 0 to 10")
      .max(10, "Reminders must be 0 to 10")
      .default(3),
    letter: textField("Letter", { max: 50000, multiline: true }).nullish(),
    lines: z
      .array(lineSchema, { error: "Lines must be a list" })
      .min(1, "Add at least one line")
      .max(MAX_PROPOSAL_LINES, `A proposal has at most ${MAX_PROPOSAL_LINES} lines`),
  })
  .refine((v) => !!v.lead_id !== !!v.organization_id, {
    path: ["lead_id"],
    message: "Choose a lead or a client (one of them)",
  })
  .refine((v) => v.lines.some((l) => !l.optional), { path: ["lines"], message: "At least one line must not be optional" });
export type ProposalInput = z.output<typeof proposalSchema>;
export type ProposalForm = z.input<typeof proposalSchema>;

export const proposalListQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(PROPOSAL_STATUSES, { error: `Status must be one of ${PROPOSAL_STATUSES.join(", ")}` }).optional(),
  ),
});

export const sendProposalSchema = z.object({
  to: z.email({ error: "To must be an email address" }).max(254, "To is too long").optional(),
  message: textField("Message", { max: 2000, multiline: true }).nullish(),
});

export const acceptSchema = z.object({
  proposal_id: idField("Proposal"),
  document_sha256: z.string({ error: "Document hash is required" }).regex(/^[0-9a-f]{64}$/, "Document hash must be a SHA-256 in hex"),
  signer_name: requiredTextField("Full name", { max: 200 }).refine((v) => /\S+\s+\S+/.test(v), "Type your full name (first and last)"),
  chosen_line_ids: z.array(idField("Option"), { error: "Options must be a list" }).max(MAX_PROPOSAL_LINES, "Too many options").default([]),
  agree: z.literal(true, { error: "Tick the box to accept the letter" }),
});
export type AcceptInput = z.output<typeof acceptSchema>;

export const declineSchema = z.object({
  proposal_id: idField("Proposal"),
  reason: textField("Reason", { max: 2000, multiline: true }).nullish(),
});

export const proposalIdParams = z.object({ id: idParam() });
export const templateIdParams = z.object({ templateId: idParam() });
