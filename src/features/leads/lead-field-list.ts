import { CONTACT_SERVICE_LABELS } from "./contact-options.ts";
import { CONSULTATION_SERVICE_LABELS, PREFERRED_TIME_LABELS, REVENUE_RANGE_LABELS } from "./consultation.schema.ts";
import type { LeadField } from "./leads-inbox.types.ts";

/** The order fields are shown in (jsonb keeps its own key order); others follow in stored order. */
const ORDER = [
  "calculatorType",
  "name",
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "companyName",
  "annualRevenueRange",
  "service",
  "servicesInterested",
  "preferredTime",
  "source",
  "message",
  "challenges",
  "inputs",
  "results",
];

/** The words a form showed for a stored choice. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  service: CONTACT_SERVICE_LABELS,
  servicesInterested: CONSULTATION_SERVICE_LABELS,
  annualRevenueRange: REVENUE_RANGE_LABELS,
  preferredTime: PREFERRED_TIME_LABELS,
  calculatorType: { roi: "ROI", rnd_tax_credit: "R&D tax credit" },
};

const LABELS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  name: "Name",
  email: "Email",
  phone: "Phone",
  company: "Company",
  companyName: "Company",
  service: "Service",
  message: "Message",
  servicesInterested: "Services interested in",
  annualRevenueRange: "Annual revenue",
  challenges: "Challenges",
  preferredTime: "Preferred time",
  calculatorType: "Calculator",
  source: "Signed up from",
  inputs: "Input",
  results: "Result",
};

/** "monthlyHours" → "monthly hours". */
function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
}

function text(value: unknown, labels?: Record<string, string>): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => text(v, labels)).join(", ");
  if (labels && typeof value === "string") return labels[value] ?? value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Every field the visitor sent, in the order sent, labelled for reading; nested values (a calculator's inputs and
 * results) become one line each ("Input: monthly hours").
 */
export function leadFieldList(fields: Record<string, unknown>): LeadField[] {
  const out: LeadField[] = [];
  const rank = (k: string) => (ORDER.includes(k) ? ORDER.indexOf(k) : ORDER.length);
  const keys = Object.keys(fields).sort((a, b) => rank(a) - rank(b));
  for (const key of keys) {
    const value = fields[key];
    const label = LABELS[key] ?? words(key);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value as Record<string, unknown>))
        out.push({ label: `${label}: ${words(inner)}`, value: text(v) });
    } else {
      out.push({ label, value: text(value, VALUE_LABELS[key]) });
    }
  }
  return out;
}
