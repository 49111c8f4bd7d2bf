import { z } from "zod";
import { isoDateField, pageField, textField } from "~/lib/schema-fields.ts";

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/firm/audit-log and the Audit log screen's filters (every one optional). */
export const auditLogQuerySchema = z
  .object({
    actor: textField("Actor", { max: 254 }).optional(),
    action: z
      .string()
      .trim()
      .max(100, "Action must be at most 100 characters")
      .regex(/^[a-z_.]*$/, "Action must be lower-case letters, dots and underscores")
      .optional(),
    targetType: textField("Target type", { max: 100 }).optional(),
    targetId: textField("Target id", { max: 200 }).optional(),
    from: isoDateField("From")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    to: isoDateField("To")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    page: pageField(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "To must be on or after From", path: ["to"] });

export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export type AuditLogFilters = z.input<typeof auditLogQuerySchema>;
