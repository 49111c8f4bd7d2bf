/**
 * The contact form's choices and prefill, without the validator: the contact page imports these up front,
 * while the schema (zod) in contact.schema.ts loads only when the visitor starts on the form.
 */
export const CONTACT_SERVICES = ["bookkeeping", "tax", "erp", "advisory", "other"] as const;
export type ContactService = (typeof CONTACT_SERVICES)[number];

export const CONTACT_SERVICE_LABELS: Record<ContactService, string> = {
  bookkeeping: "Bookkeeping",
  tax: "Tax Services",
  erp: "ERP Consulting",
  advisory: "Financial Advisory",
  other: "Other",
};

/** The message prefilled when a visitor arrives from a job's Apply Now link. */
export function applicationMessage(position: string): string {
  return `I'd like to apply for the ${position} position.`;
}
