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
