import type { LeadField } from "./leads-inbox.types.ts";

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

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(text).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Every field the visitor sent, in the order sent, labelled for reading; nested values (a calculator's inputs and
 * results) become one line each ("Input: monthly hours").
 */
export function leadFieldList(fields: Record<string, unknown>): LeadField[] {
  const out: LeadField[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const label = LABELS[key] ?? words(key);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value as Record<string, unknown>))
        out.push({ label: `${label}: ${words(inner)}`, value: text(v) });
    } else {
      out.push({ label, value: text(value) });
    }
  }
  return out;
}
