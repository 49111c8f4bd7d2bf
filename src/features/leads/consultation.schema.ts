import { z } from "zod";
import { LIMITS, antiSpamFields, emailField, optionalChoice, optionalText, requiredText } from "./lead-fields.schema.ts";

export const CONSULTATION_SERVICES = ["bookkeeping", "tax", "erp", "advisory"] as const;
export type ConsultationService = (typeof CONSULTATION_SERVICES)[number];
export const CONSULTATION_SERVICE_LABELS: Record<ConsultationService, string> = {
  bookkeeping: "Bookkeeping",
  tax: "Tax Services",
  erp: "ERP Consulting",
  advisory: "Financial Advisory",
};

export const REVENUE_RANGES = ["under-500k", "500k-1m", "1m-5m", "5m-10m", "over-10m"] as const;
export type RevenueRange = (typeof REVENUE_RANGES)[number];
export const REVENUE_RANGE_LABELS: Record<RevenueRange, string> = {
  "under-500k": "Under $500K",
  "500k-1m": "$500K - $1M",
  "1m-5m": "$1M - $5M",
  "5m-10m": "$5M - $10M",
  "over-10m": "Over $10M",
};

export const PREFERRED_TIMES = ["morning", "afternoon", "evening"] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];
export const PREFERRED_TIME_LABELS: Record<PreferredTime, string> = {
  morning: "Morning (9AM-12PM)",
  afternoon: "Afternoon (12PM-5PM)",
  evening: "Evening (5PM-7PM)",
};

/** Each wizard step's fields; the wizard's Next button is enabled when its step parses. */
export const personalInfoSchema = z.object({
  firstName: requiredText("First name", LIMITS.name),
  lastName: requiredText("Last name", LIMITS.name),
  email: emailField,
  phone: optionalText("Phone", LIMITS.phone),
});

export const companyDetailsSchema = z.object({
  companyName: requiredText("Company name", LIMITS.company),
  annualRevenueRange: optionalChoice("Annual revenue range", REVENUE_RANGES),
});

export const servicesNeedsSchema = z.object({
  servicesInterested: z
    .array(z.enum(CONSULTATION_SERVICES, { error: `Services must be among: ${CONSULTATION_SERVICES.join(", ")}` }), {
      error: "Services must be a list",
    })
    .min(1, "Choose at least one service")
    .max(CONSULTATION_SERVICES.length, "Services must not repeat")
    .refine((list) => new Set(list).size === list.length, "Services must not repeat"),
  challenges: requiredText("Challenges", LIMITS.message, { multiline: true }),
});

export const schedulingSchema = z.object({
  preferredTime: optionalChoice("Preferred time", PREFERRED_TIMES),
});

/** The whole request (as stored in consultation_requests), used by the wizard and POST /api/leads/consultation. */
export const consultationSchema = z.object({
  ...personalInfoSchema.shape,
  ...companyDetailsSchema.shape,
  ...servicesNeedsSchema.shape,
  ...schedulingSchema.shape,
  ...antiSpamFields,
});

export type ConsultationFormValues = z.input<typeof consultationSchema>;
export type ConsultationInput = z.output<typeof consultationSchema>;

export const WIZARD_STEPS = [
  { title: "Personal Info", schema: personalInfoSchema },
  { title: "Company Details", schema: companyDetailsSchema },
  { title: "Services & Needs", schema: servicesNeedsSchema },
  { title: "Scheduling", schema: schedulingSchema },
] as const;
