import { z } from "zod";
import { requiredTextField, textField } from "~/lib/schema-fields.ts";

/** Length bounds shared by both lead forms and the database checks in 0003_leads.sql. */
export const LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  phone: 40,
  message: 5000,
  honeypot: 500,
  formToken: 200,
} as const;

/**
 * A required text field: trimmed, not empty, at most `max` characters, no control characters (line breaks
 * only when `multiline`).
 */
export function requiredText(label: string, max: number, opts: { multiline?: boolean } = {}) {
  return requiredTextField(label, { max, multiline: opts.multiline, typeError: `${label} must be text` });
}

/** An optional single-line text field: trimmed; empty means absent (stored as null). */
export function optionalText(label: string, max: number) {
  return textField(label, { max, typeError: `${label} must be text` })
    .optional()
    .transform((v) => (v ? v : undefined));
}

export const emailField = z
  .string({ error: "Email must be text" })
  .trim()
  .min(1, "Email is required")
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
  .pipe(z.email("Email must be a valid email address"));

/** An optional choice from `values`; "" (an untouched select) means absent. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z
    .union([z.literal(""), z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` })], {
      error: `${label} must be one of: ${values.join(", ")}`,
    })
    .optional()
    .transform((v) => (v ? v : undefined) as T[number] | undefined);
}

/**
 * Anti-spam fields every lead form sends: a honeypot people never see (bots fill it) and the signed
 * token of when the server rendered the form (too fast a submission is a bot).
 */
export const antiSpamFields = {
  website: z.string().max(LIMITS.honeypot).optional(),
  formToken: z.string().max(LIMITS.formToken).optional(),
};
