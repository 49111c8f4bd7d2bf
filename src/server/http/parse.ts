import { filledParams } from "~/lib/search-params.ts";
import type { Context } from "hono";
import { safeParse, type z } from "zod";
import { zodFields } from "~/lib/zod-fields.ts";
import { AppError, invalidInput } from "./app-error.ts";

/** Any zod schema. */
type Schema = z.core.$ZodType;

export interface CheckOptions {
  /**
   * The 400's message from the failing fields. Default "Invalid fields: a, b"; `"first"` uses the first field's own
   * message (a form that shows one line).
   */
  message?: "first" | ((fields: Record<string, string>) => string);
}

function mediaType(c: Context): string {
  return (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Reads a JSON body; throws AppError 415 (not JSON) or 400 INVALID_JSON (malformed). */
/** The 400's message names the first failing field: "lines.0.debit_amount: must not be negative". */
export const FIRST_FIELD: CheckOptions = {
  message: (fields) => {
    const [key, message] = Object.entries(fields)[0] ?? ["body", "Invalid input"];
    return key === "body" ? message : `${key}: ${message}`;
  },
};

/**
 * A JSON answer with its Content-Length. The app compresses bodies of 1 KB and more; knowing the length
 * lets it skip the small answers (an entry, a post), which would otherwise each go through a gzip stream.
 */
export function json(c: Context, data: unknown, status: 200 | 201 = 200): Response {
  const text = JSON.stringify(data);
  return c.body(text, status, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)) });
}

export async function readJson(c: Context): Promise<unknown> {
  if (mediaType(c) !== "application/json") throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the request as application/json");
  try {
    return await c.req.json();
  } catch {
    throw new AppError(400, "INVALID_JSON", "Request body must be valid JSON");
  }
}

/** True when the body is a form posted by a browser without JavaScript (urlencoded or multipart). */
export function isFormPost(c: Context): boolean {
  const type = mediaType(c);
  return type === "application/x-www-form-urlencoded" || type === "multipart/form-data";
}

/**
 * A form posted without JavaScript, as an object: one string per name, or every value for the names in `lists`.
 * Throws AppError 400 INVALID_INPUT when the body cannot be read as a form.
 */
export async function readForm(c: Context, lists: readonly string[] = []): Promise<Record<string, unknown>> {
  let form: Awaited<ReturnType<typeof c.req.parseBody>>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw invalidInput({ body: "Request body must be a valid form" }, "Request body must be a valid form");
  }
  const value: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(form)) {
    const list = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string");
    value[key] = lists.includes(key) ? list : list[0];
  }
  return value;
}

/**
 * Reads a request's JSON body and checks it with the same zod schema its form uses.
 * Throws AppError 415 (not JSON), 400 INVALID_JSON (malformed) or 400 INVALID_INPUT naming each field.
 */
export async function parseJson<S extends Schema>(c: Context, schema: S, options?: CheckOptions): Promise<z.output<S>> {
  return check(schema, await readJson(c), options);
}

/** The query string (one value per name, blank ones left out) checked with a schema; 400 INVALID_INPUT naming each field. */
export function parseQuery<S extends Schema>(c: Context, schema: S, options?: CheckOptions): z.output<S> {
  return check(schema, filledParams(c.req.query()), options);
}

/** Path parameters checked with a schema; a malformed id is a 404 (it names nothing that exists), not a 400. */
export function parseParams<S extends Schema>(c: Context, schema: S): z.output<S> {
  const parsed = safeParse(schema, c.req.param());
  if (!parsed.success) throw new AppError(404, "NOT_FOUND", "Not found");
  return parsed.data;
}

/** Any value checked with a schema; 400 INVALID_INPUT naming each field. */
export function check<S extends Schema>(schema: S, value: unknown, options: CheckOptions = {}): z.output<S> {
  const parsed = safeParse(schema, value);
  if (!parsed.success) {
    const fields = zodFields(parsed.error);
    const { message } = options;
    throw message === undefined
      ? invalidInput(fields)
      : invalidInput(fields, message === "first" ? (Object.values(fields)[0] ?? "Invalid input") : message(fields));
  }
  return parsed.data;
}
