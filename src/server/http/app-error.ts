import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ApiErrorCode } from "~/lib/api-error.ts";

export { zodFields } from "~/lib/zod-fields.ts";

/**
 * An answer a route gives on purpose (bad input, no session, not allowed, not found, a conflict, a rate limit).
 * Throw it anywhere under a route; the app's one error handler turns it into `{ error, code, fields? }`.
 * Errors that are not AppErrors are unexpected: logged by code only and answered 500 (503 when the database is down).
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds, sent as Retry-After (rate limits, outages). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "AppError";
  }

  toBody(): ApiErrorBody {
    return this.fields ? { error: this.message, code: this.code, fields: this.fields } : { error: this.message, code: this.code };
  }
}

export const invalidInput = (fields: Record<string, string>, message = `Invalid fields: ${Object.keys(fields).join(", ")}`) =>
  new AppError(400, "INVALID_INPUT", message, fields);

/** A file's row refused: its line, its column (the header's name, or its number with the name beside it) and why. */
export interface FileRowError {
  line: number;
  column: string | number;
  /** The column's name, written after a numbered column ("column 4 (2026-03)"). */
  name?: string;
  message: string;
}

/** Most refused rows one answer names field by field (the message counts them all). */
const MAX_ROW_ERRORS = 200;

/**
 * An import refused whole for its rows (400): each row's first problem as the field `rows.<line>.<column>`, the first
 * one in the message ("Line 2, column 4 (2026-03): … (and 3 more)").
 */
export function fileRowErrors(errors: FileRowError[]): AppError {
  const fields: Record<string, string> = {};
  for (const e of errors.slice(0, MAX_ROW_ERRORS)) fields[`rows.${e.line}.${e.column}`] ??= e.message;
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  const column = first.name === undefined ? `${first.column}` : `${first.column} (${first.name})`;
  return invalidInput(fields, `Line ${first.line}, column ${column}: ${first.message}${more}`);
}
export const notAuthenticated = () => new AppError(401, "NOT_AUTHENTICATED", "Not authenticated");
export const forbidden = (message = "Not allowed") => new AppError(403, "FORBIDDEN", message);
export const notFound = (message = "Not found") => new AppError(404, "NOT_FOUND", message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, "CONFLICT", message, fields);
export const rateLimited = (message: string, retryAfter: number) => new AppError(429, "RATE_LIMITED", message, undefined, retryAfter);

/** The JSON answer for an AppError (sets Retry-After when it has one). */
export function appErrorResponse(c: Context, err: AppError): Response {
  if (err.retryAfter !== undefined) c.header("Retry-After", String(Math.max(1, Math.ceil(err.retryAfter))));
  return c.json(err.toBody(), err.status);
}
