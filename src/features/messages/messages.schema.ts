import { z } from "zod";
import { idField, idParam, pageField, textField } from "~/lib/schema-fields.ts";

/** Longest message, in characters after trimming. */
export const MESSAGE_MAX = 5000;
/** Most files sent with one message. */
export const ATTACHMENTS_MAX = 5;

/**
 * POST /api/messages/:orgId/messages, and the message form: text up to 5,000 characters, and up to five files uploaded
 * before (their ids); a message says something or carries a file.
 */
export const sendMessageSchema = z
  .object({
    body: textField("Message", { max: MESSAGE_MAX, multiline: true, typeError: "Message must be text" }).default(""),
    attachment_ids: z
      .array(idField("Attachment"), { error: "Attachments must be a list" })
      .max(ATTACHMENTS_MAX, `At most ${ATTACHMENTS_MAX} files with one message`)
      .default([]),
  })
  .superRefine((m, ctx) => {
    if (!m.body && m.attachment_ids.length === 0)
      ctx.addIssue({ code: "custom", path: ["body"], message: "Write a message or attach a file" });
  });
export type SendMessageInput = z.output<typeof sendMessageSchema>;
export type SendMessageValues = z.input<typeof sendMessageSchema>;

/** POST /api/messages/:orgId/read: every message up to `seq` is read. */
export const markReadSchema = z.object({
  seq: z.number({ error: "seq is required" }).int("seq is required").min(0, "seq is required").max(2_147_483_647, "seq not found"),
});

/** How a person hears of new messages. */
export const NOTIFY_CHOICES = ["immediate", "daily", "none"] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];
export const NOTIFY_LABELS: Record<NotifyChoice, string> = {
  immediate: "At once (at most every 15 minutes)",
  daily: "Once a day",
  none: "Never",
};

/** PUT /api/messages/preferences, and its form. */
export const preferencesSchema = z.object({
  notify: z.enum(NOTIFY_CHOICES, { error: "Choose how you hear of new messages" }),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/** GET /api/messages/inbox and /firm/messages: the filters in the URL. */
export const inboxQuerySchema = z.object({
  client: idParam().optional(),
  unread: z.enum(["1"], { error: "unread is 1 or absent" }).optional(),
  mine: z.enum(["1"], { error: "mine is 1 or absent" }).optional(),
  page: pageField(),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

/** GET /api/messages/:orgId/messages: the page of messages before `before` (a seq), newest page first. */
export const messagesQuerySchema = z.object({ before: idParam().optional() });
