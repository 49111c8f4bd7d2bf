import { z } from "zod";
import { idQueryField, isoDateField, requiredTextField, textField } from "~/lib/schema-fields.ts";

/** Document requests: the inputs their forms and routes share. */

/** Most items in one request. */
export const MAX_REQUEST_ITEMS = 50;

/** A number of days typed or chosen ("3", 3) or none ("", null). */
const daysField = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${label} must be a whole number of days` })
      .int(`${label} must be a whole number of days`)
      .min(min, `${label} must be between ${min} and ${max} days`)
      .max(max, `${label} must be between ${min} and ${max} days`)
      .nullable(),
  );

export const requestItemSchema = z.object({
  label: requiredTextField("What is needed", { max: 200 }),
  due_on: isoDateField("Due date", { min: "2000-01-01", max: "2999-12-31" }),
});

/** The reminders of a request: days before the due date, on it, every N days after it. */
export const reminderScheduleSchema = z.object({
  remind_days_before: daysField("Days before", 1, 30),
  remind_on_due: z.boolean({ error: "On the due date must be true or false" }),
  remind_every_days: daysField("Every", 1, 30),
});
export type ReminderScheduleInput = z.infer<typeof reminderScheduleSchema>;

/** POST /api/requests/:orgId: a new request sent to the client. */
export const newRequestSchema = z
  .object({
    title: requiredTextField("Title", { max: 200 }),
    message: textField("Message", { max: 2000, multiline: true }).optional(),
    items: z
      .array(requestItemSchema, { error: "Items must be a list" })
      .min(1, "Add at least one item")
      .max(MAX_REQUEST_ITEMS, `At most ${MAX_REQUEST_ITEMS} items`),
  })
  .extend(reminderScheduleSchema.shape);
export type NewRequestInput = z.infer<typeof newRequestSchema>;
export type NewRequestForm = z.input<typeof newRequestSchema>;

/** "I don't have this", with a note. */
export const unavailableSchema = z.object({ note: requiredTextField("Note", { max: 1000, multiline: true }) });
export type UnavailableInput = z.infer<typeof unavailableSchema>;

/** An item sent back to the client, with the reason. */
export const returnItemSchema = z.object({ reason: requiredTextField("Reason", { max: 1000, multiline: true }) });
export type ReturnItemInput = z.infer<typeof returnItemSchema>;

/** The client's snooze of a request's reminders: until a date, or null to end it. */
export const snoozeSchema = z.object({
  until: isoDateField("Snooze until", { min: "2000-01-01", max: "2999-12-31" }).nullable(),
});
export type SnoozeInput = z.infer<typeof snoozeSchema>;

/** An accepted file attached to a journal entry of the same books. */
export const attachSchema = z.object({
  entry_id: z
    .number({ error: "Journal entry is required" })
    .int("Journal entry is required")
    .positive("Journal entry is required")
    .max(2_147_483_647, "Journal entry not found"),
});
export type AttachInput = z.infer<typeof attachSchema>;

export const REQUEST_FILTERS = ["open", "complete", "all"] as const;
export const requestListQuerySchema = z.object({
  show: z.enum(REQUEST_FILTERS, { error: `Show must be one of: ${REQUEST_FILTERS.join(", ")}` }).optional(),
});

export const WAITING_FILTERS = ["client", "firm", "all"] as const;
/** GET /api/firm/requests and /firm/requests: the firm's queue, filtered by client and by whom it waits on. */
export const firmQueueQuerySchema = z.object({
  client: idQueryField("Client", "a client's id").optional(),
  waiting: z.enum(WAITING_FILTERS, { error: `Waiting must be one of: ${WAITING_FILTERS.join(", ")}` }).optional(),
});
export type FirmQueueQuery = z.infer<typeof firmQueueQuerySchema>;
