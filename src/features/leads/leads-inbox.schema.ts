import { currencyField, isoDateField, requiredTextField } from "~/lib/schema-fields.ts";
import { z } from "zod";

export const LEAD_KINDS = ["contact", "consultation", "calculator", "newsletter"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  contact: "Contact message",
  consultation: "Consultation request",
  calculator: "Calculator results",
  newsletter: "Newsletter sign-up",
};

export const LEAD_STATUSES = ["new", "contacted", "meeting_scheduled", "proposal_sent", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  meeting_scheduled: "Meeting scheduled",
  proposal_sent: "Proposal sent",
  won: "Won",
  lost: "Lost",
};

/** How many leads one page of the inbox shows. */
export const LEADS_PAGE_SIZE = 25;

/** A GET form sends "" for an untouched select or input: the same as leaving the parameter out. */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const day = (label: string) => optional(isoDateField(label));
/** A position in the newest-first list: the row's exact time and its id. */
const cursor = (label: string) =>
  optional(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f-]{36}$/, `${label} is not a valid page position`));

/** The inbox's filters: the GET form on /firm/leads, GET /api/firm/leads and its CSV export. */
export const leadListQuerySchema = z
  .object({
    view: z.preprocess(blank, z.enum(["inbox", "spam"], { error: "View must be inbox or spam" }).default("inbox")),
    kind: optional(z.enum(LEAD_KINDS, { error: `Kind must be one of ${LEAD_KINDS.join(", ")}` })),
    status: optional(z.enum(LEAD_STATUSES, { error: `Status must be one of ${LEAD_STATUSES.join(", ")}` })),
    /** "none" for leads without an owner, or a user id. */
    owner: optional(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Owner must be none or a user id")),
    from: day("From"),
    to: day("To"),
    q: optional(z.string().trim().max(100, "Search must be at most 100 characters")),
    before: cursor("Before"),
    after: cursor("After"),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ["to"], message: "To must be on or after From" });
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

export const leadStatusSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: `Status must be one of ${LEAD_STATUSES.join(", ")}` }),
});
export type LeadStatusInput = z.infer<typeof leadStatusSchema>;

export const leadOwnerSchema = z.object({
  ownerId: z
    .string({ error: "Owner must be a user id or null" })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "Owner must be a user id")
    .nullable(),
});
export type LeadOwnerInput = z.infer<typeof leadOwnerSchema>;

export const leadNoteSchema = z.object({
  body: requiredTextField("Note", { max: 5000, multiline: true, typeError: "Note is required" }),
});
export type LeadNoteInput = z.infer<typeof leadNoteSchema>;

export const leadConvertSchema = z.object({
  companyName: requiredTextField("Company name", { max: 200 }),
  currency: currencyField("The books' currency").default("USD"),
  chart: z.enum(["standard", "empty"], { error: "Choose the standard chart or an empty one" }).default("standard"),
});
export type LeadConvertInput = z.infer<typeof leadConvertSchema>;
export type LeadConvertForm = z.input<typeof leadConvertSchema>;

export const leadIdParamsSchema = z.object({ leadId: z.uuid() });
