import { z } from "zod";
import { LIMITS, antiSpamFields, emailField, optionalChoice, optionalText, requiredText } from "./lead-fields.schema.ts";

export const CONTACT_SERVICES = ["bookkeeping", "tax", "erp", "advisory", "other"] as const;
export type ContactService = (typeof CONTACT_SERVICES)[number];

export const CONTACT_SERVICE_LABELS: Record<ContactService, string> = {
  bookkeeping: "Bookkeeping",
  tax: "Tax Services",
  erp: "ERP Consulting",
  advisory: "Financial Advisory",
  other: "Other",
};

/** The contact form (SPEC §3 contact message payload), used by the form and POST /api/leads/contact. */
export const contactSchema = z.object({
  firstName: requiredText("First name", LIMITS.name),
  lastName: requiredText("Last name", LIMITS.name),
  email: emailField,
  company: optionalText("Company", LIMITS.company),
  service: optionalChoice("Service", CONTACT_SERVICES),
  message: requiredText("Message", LIMITS.message),
  ...antiSpamFields,
});

export type ContactFormValues = z.input<typeof contactSchema>;
export type ContactInput = z.output<typeof contactSchema>;

/** The message prefilled when a visitor arrives from a job's Apply Now link. */
export function applicationMessage(position: string): string {
  return `I'd like to apply for the ${position} position.`;
}
