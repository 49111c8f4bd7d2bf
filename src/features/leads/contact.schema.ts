import { z } from "zod";
import { CONTACT_SERVICES } from "./contact-options.ts";
import { LIMITS, antiSpamFields, emailField, optionalChoice, optionalText, requiredText } from "./lead-fields.schema.ts";

export { CONTACT_SERVICES, CONTACT_SERVICE_LABELS, applicationMessage, type ContactService } from "./contact-options.ts";

/** The contact form's message, used by the form and POST /api/leads/contact. */
export const contactSchema = z.object({
  firstName: requiredText("First name", LIMITS.name),
  lastName: requiredText("Last name", LIMITS.name),
  email: emailField,
  company: optionalText("Company", LIMITS.company),
  service: optionalChoice("Service", CONTACT_SERVICES),
  message: requiredText("Message", LIMITS.message, { multiline: true }),
  ...antiSpamFields,
});

export type ContactFormValues = z.input<typeof contactSchema>;
export type ContactInput = z.output<typeof contactSchema>;
