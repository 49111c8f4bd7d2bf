import { z } from "zod";
import { isBooksCurrency } from "./format.ts";

/**
 * Field building blocks for every feature's schemas: text, ids and dates that the database can hold.
 * A value these accept never makes PostgreSQL refuse the statement (NUL in text, an invalid UTF-8 sequence,
 * an integer past the column's range, a date before year 1): bad input is a 400 naming the field, not a 500.
 * Everything here is built lazily (functions, no top-level schemas) so a bundle that uses only the
 * predicates carries none of zod.
 */

/** Largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;
/** Date range accepted: four-digit years from 1 (PostgreSQL has no year 0) to 9999. */
export const DATE_MIN = "0001-01-01";
export const DATE_MAX = "9999-12-31";

// C0 controls, DEL and C1 controls; the multi-line variant lets tab, line feed and carriage return through.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one: not encodable as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextProblem = "control" | "unicode";

/** What is wrong with a text value for storage, or null: a control character, or invalid Unicode. */
export function textProblem(value: string, opts: { multiline?: boolean } = {}): TextProblem | null {
  if ((opts.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value)) return "control";
  if (LONE_SURROGATE.test(value)) return "unicode";
  return null;
}

/** The message naming the field for a text problem. */
export function textProblemMessage(label: string, problem: TextProblem, opts: { multiline?: boolean } = {}): string {
  if (problem === "unicode") return `${label} contains characters that are not valid Unicode`;
  return opts.multiline ? `${label} must not contain control characters` : `${label} must be a single line without control characters`;
}

/** A check refusing control characters (line breaks and tabs too, unless multi-line) and invalid Unicode. */
export function safeText(label: string, opts: { multiline?: boolean } = {}) {
  return z.superRefine<string>((value, ctx) => {
    const problem = textProblem(value, opts);
    if (problem) ctx.addIssue({ code: "custom", message: textProblemMessage(label, problem, opts), input: value });
  });
}

export interface TextOptions {
  /** Most characters, after trimming. */
  max: number;
  /** Allows line feeds, carriage returns and tabs (a message, a description); other controls stay refused. */
  multiline?: boolean;
  /** Message when the value is not a string. Default: "<label> is required" when missing, else "<label> must be text". */
  typeError?: string;
  /** Message when a required value is empty. Default: "<label> is required". */
  requiredError?: string;
  /** Message when too long. Default: "<label> must be at most <max> characters". */
  maxError?: string;
}

function baseText(label: string, o: TextOptions) {
  return z
    .string({
      error: (iss) => o.typeError ?? (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be text`),
    })
    .trim()
    .max(o.max, o.maxError ?? `${label} must be at most ${o.max} characters`);
}

/** Trimmed text that may be empty, at most `max` characters, storable. Chain `.optional()`, `.nullish()` as the field needs. */
export function textField(label: string, o: TextOptions) {
  return baseText(label, o).check(safeText(label, o));
}

/** Trimmed text that must not be empty, at most `max` characters, storable. */
export function requiredTextField(label: string, o: TextOptions) {
  return baseText(label, o)
    .min(1, o.requiredError ?? `${label} is required`)
    .check(safeText(label, o));
}

/** A person's first or last name (sign-up, the profile): required, one line, at most 100 characters. */
export function personNameField(label: string) {
  return requiredTextField(label, { max: 100, typeError: `${label} is required` });
}

/** The company name a person gives (sign-up, the profile): may be empty, one line, at most 200 characters. */
export function companyNameField() {
  return textField("Company name", { max: 200, typeError: "Company name must be text" });
}

export interface IdOptions {
  /** Largest id (the column's range). Default: int4. */
  max?: number;
  /** Message for anything that is not a positive whole number. Default: "<label> is required". */
  error?: string;
  /** Message for a number past the range. Default: "<label> not found". */
  rangeError?: string;
}

/** A positive whole number id in a JSON body, within the column's range (int4 by default). */
export function idField(label: string, o: IdOptions = {}) {
  const message = o.error ?? `${label} is required`;
  return z
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(o.max ?? INT4_MAX, o.rangeError ?? `${label} not found`);
}

/**
 * A text id in a JSON body (a user id, a session id): required, one line, at most `max` characters, storable, so that
 * a NUL or a lone surrogate is a 400 naming the field rather than a database error.
 */
export function textIdField(label: string, o: { max?: number; error?: string; maxError?: string } = {}) {
  const error = o.error ?? `${label} is required`;
  return requiredTextField(label, { max: o.max ?? 100, typeError: error, requiredError: error, maxError: o.maxError });
}

/** An id from a URL path segment: digits only, positive, within the column's range. */
export function idParam(o: { max?: number } = {}) {
  const max = o.max ?? INT4_MAX;
  return z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(max));
}

/** An id chosen in a screen's filters (`?client=12`): a positive whole number within int4, else "<label> must be <what>". */
export function idQueryField(label: string, what: string) {
  const message = `${label} must be ${what}`;
  return z.coerce.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);
}

/** A text id from a URL path segment (the auth library's user ids): letters, digits, `-` and `_`, at most `max`. */
export function textIdParam(o: { max?: number } = {}) {
  return z.string().regex(new RegExp(`^[A-Za-z0-9_-]{1,${o.max ?? 100}}$`));
}

/** A page number in a query (`?page=2`): a whole number from 1, 1 when absent. */
export function pageField() {
  return z.coerce
    .number({ error: "Page must be a whole number" })
    .int("Page must be a whole number")
    .min(1, "Page must be at least 1")
    .max(100_000, "Page is too large")
    .default(1);
}

export interface DateOptions {
  /** Earliest date accepted (YYYY-MM-DD). Default 0001-01-01. */
  min?: string;
  /** Latest date accepted (YYYY-MM-DD). Default 9999-12-31. */
  max?: string;
  /** Message when missing. Default: "<label> is required". */
  requiredError?: string;
  /** Message when not a calendar date as YYYY-MM-DD. Default: "<label> must be a date as YYYY-MM-DD". */
  formatError?: string;
  /** Message when outside the range. Default: "<label> must be between <min> and <max>". */
  rangeError?: string;
}

/** A calendar date as YYYY-MM-DD (a real day: no 2026-02-30), within a range PostgreSQL's `date` holds. */
export function isoDateField(label: string, o: DateOptions = {}) {
  const min = o.min && o.min > DATE_MIN ? o.min : DATE_MIN;
  const max = o.max && o.max < DATE_MAX ? o.max : DATE_MAX;
  const formatError = o.formatError ?? `${label} must be a date as YYYY-MM-DD`;
  return z
    .string({
      error: (iss) => (iss.input === undefined || iss.input === null ? (o.requiredError ?? `${label} is required`) : formatError),
    })
    .min(1, o.requiredError ?? `${label} is required`)
    .regex(z.regexes.date, formatError)
    .refine((d) => !z.regexes.date.test(d) || (d >= min && d <= max), o.rangeError ?? `${label} must be between ${min} and ${max}`);
}

/** The books' currency: an ISO 4217 code written with two decimals ("eur" is read as "EUR"). */
export function currencyField(label = "Currency") {
  const message = `${label} is a three-letter code written with two decimals, such as USD or EUR`;
  return z
    .string({ error: `${label} is required` })
    .trim()
    .toUpperCase()
    .refine(isBooksCurrency, message);
}
