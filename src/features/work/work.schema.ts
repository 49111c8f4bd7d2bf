import { z } from "zod";
import { idField, idQueryField, isoDateField, requiredTextField, textField, textIdField } from "~/lib/schema-fields.ts";
import { DUE_KINDS, WORK_FREQUENCIES } from "./work-periods.ts";
import { BINDINGS, DEFAULT_ASSIGNEES, WORK_STATUSES } from "./work.types.ts";

/** Recurring work: the inputs its forms and routes share (decision 113). */

/** Most items in one checklist. */
export const MAX_CHECKLIST_ITEMS = 100;

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

const choice = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` });

export const templateItemSchema = z.object({
  section: requiredTextField("Section", { max: 80 }),
  label: requiredTextField("Item", { max: 200 }),
  binding: choice("Ticked by", BINDINGS).nullable().default(null),
});

/** POST /api/firm/work/templates, PUT /api/firm/work/templates/:id. */
export const templateSchema = z.object({
  title: requiredTextField("Title", { max: 80 }),
  service: requiredTextField("Service", { max: 80 }),
  description: textField("Description", { max: 1000, multiline: true }).nullish(),
  frequency: choice("Repeats", WORK_FREQUENCIES),
  due_kind: choice("Due", DUE_KINDS),
  due_day: wholeNumber("Due day", 1, 31),
  due_months: wholeNumber("Months after", 0, 12),
  due_shift: choice("On a weekend or holiday", ["before", "after"] as const),
  default_assignee: choice("Assignee", DEFAULT_ASSIGNEES),
  items: z
    .array(templateItemSchema, { error: "Items must be a list" })
    .min(1, "A checklist needs at least one item")
    .max(MAX_CHECKLIST_ITEMS, `A checklist has at most ${MAX_CHECKLIST_ITEMS} items`),
});
export type TemplateInput = z.infer<typeof templateSchema>;
/** The template form's values as typed (numbers as text until checked). */
export type TemplateForm = z.input<typeof templateSchema>;

/** POST /api/firm/work/templates/:id/apply: the template applied to clients from a period on. */
export const applySchema = z.object({
  organization_ids: z
    .array(idField("Client"), { error: "Clients must be a list" })
    .min(1, "Choose at least one client")
    .max(1000, "At most 1,000 clients at once"),
  first_period: isoDateField("Starting", { min: "2000-01-01", max: "2999-12-31" }),
  /** A staff member for every client, or null for the template's default assignee. */
  assignee_id: textIdField("Assignee").nullish(),
});
export type ApplyInput = z.infer<typeof applySchema>;

/** GET /api/firm/work and the work views' URL. */
export const workQuerySchema = z.object({
  view: choice("View", ["list", "board"] as const).optional(),
  assignee: z.union([z.literal("me"), z.literal("none"), textIdField("Assignee")]).optional(),
  client: idQueryField("Client", "a client's id").optional(),
  template: idQueryField("Template", "a template's id").optional(),
  status: choice("Status", WORK_STATUSES).optional(),
  overdue: z.enum(["1"], { error: "Overdue must be 1" }).optional(),
  /** Due on or before this date (the week view: the end of this week). */
  due_by: isoDateField("Due by").optional(),
});
export type WorkQuery = z.infer<typeof workQuerySchema>;

/** PUT /api/firm/work/:id/items/:position. */
export const tickSchema = z.object({ ticked: z.boolean({ error: "Ticked must be true or false" }) });

/** PUT /api/firm/work/:id/status: done with a bound item unticked needs a reviewer's reason. */
export const statusSchema = z.object({
  status: choice("Status", WORK_STATUSES),
  override_reason: textField("Reason", { max: 500 }).nullish(),
});

/** POST /api/firm/work/reassign: one or many instances to a staff member (or nobody). */
export const reassignSchema = z.object({
  instance_ids: z.array(idField("Work"), { error: "Work must be a list" }).min(1, "Choose some work").max(500, "At most 500 at once"),
  assignee_id: textIdField("Assignee").nullable(),
});

/** PUT /api/firm/work/:id/snooze: out of the views until a date (null: back now). */
export const snoozeSchema = z.object({ until: isoDateField("Snooze until", { min: "2000-01-01", max: "2999-12-31" }).nullable() });

/** PUT /api/firm/work/settings. */
export const settingsSchema = z.object({
  horizon_days: wholeNumber("Made ahead", 0, 400),
  holidays: z
    .array(z.object({ day: isoDateField("Holiday"), name: requiredTextField("Holiday name", { max: 120 }) }), {
      error: "Holidays must be a list",
    })
    .max(500, "At most 500 holidays"),
});
export type SettingsInput = z.infer<typeof settingsSchema>;
