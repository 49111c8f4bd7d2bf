import type { Context } from "hono";
import type { z } from "zod";
import { AppError, invalidInput, zodFields } from "./app-error.ts";

/**
 * Reads a request's JSON body and checks it with the same zod schema its form uses.
 * Throws AppError 415 (not JSON), 400 INVALID_JSON (malformed) or 400 INVALID_INPUT naming each field.
 */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the request as application/json");
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw new AppError(400, "INVALID_JSON", "Request body must be valid JSON");
  }
  return check(schema, value);
}

/** The query string (one value per name) checked with a schema; 400 INVALID_INPUT naming each field. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return check(schema, c.req.query());
}

/** Path parameters checked with a schema; a malformed id is a 404 (it names nothing that exists), not a 400. */
export function parseParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.param());
  if (!parsed.success) throw new AppError(404, "NOT_FOUND", "Not found");
  return parsed.data;
}

/** Any value checked with a schema; 400 INVALID_INPUT naming each field. */
export function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(zodFields(parsed.error));
  return parsed.data;
}
