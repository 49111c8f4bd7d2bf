import type { Context } from "hono";
import { routePath } from "hono/route";
import { AppError, appErrorResponse } from "./http/app-error.ts";
import { errorChain } from "./db/db-error.ts";

/**
 * What the app may write to its log about an error, and whether it means the database cannot be reached.
 * Error messages of the database driver and of mail servers quote the values of a query or an address, so a log
 * line carries the error's name and codes only, never its message, parameters or any text the user sent.
 */

const str = (v: unknown) => (typeof v === "string" && v.length <= 64 && /^[\w.-]+$/.test(v) ? v : undefined);

export interface ErrorLogFields {
  error: string;
  /** SQLSTATE, errno or SMTP code of the first error in the chain that has one. */
  code?: string;
  constraint?: string;
  table?: string;
}

/** Safe to log: the error's class name and codes (never message, detail, query or parameters). */
export function errorLogFields(err: unknown): ErrorLogFields {
  const links = errorChain(err);
  const fields: ErrorLogFields = { error: str((links[0]?.constructor as { name?: unknown } | undefined)?.name) ?? typeof err };
  for (const link of links) {
    fields.code ??= str(link.code) ?? (typeof link.responseCode === "number" ? String(link.responseCode) : undefined);
    fields.constraint ??= str(link.constraint);
    fields.table ??= str(link.table);
  }
  if (!fields.code) delete fields.code;
  if (!fields.constraint) delete fields.constraint;
  if (!fields.table) delete fields.table;
  return fields;
}

/** Network errors of the driver and the SQLSTATEs of a server that is stopping, starting or full. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
/** Messages of node-postgres's pool and of the embedded database when their connection is gone. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
  /PGlite is closed/i,
  /database did not answer/i,
];

/** True when the error means the database cannot be reached now (a restart, an outage), not a bad query. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return errorChain(err).some((link) => {
    const code = typeof link.code === "string" ? link.code : undefined;
    if (code && UNAVAILABLE_CODES.has(code)) return true;
    const message = typeof link.message === "string" ? link.message : "";
    return UNAVAILABLE_MESSAGES.some((re) => re.test(message));
  });
}

/** Seconds a client should wait before retrying while the database is unavailable. */
export const UNAVAILABLE_RETRY_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";
/** The API's answer (503, with Retry-After) while the service cannot serve. */
export const UNAVAILABLE_BODY = { error: UNAVAILABLE_MESSAGE, code: "UNAVAILABLE" } as const;

interface ErrorLogger {
  error: (obj: object, msg: string) => void;
}

/** One log line for an unexpected error: the route pattern (no ids or tokens) and the error's codes only. */
export function logUnexpectedError(c: Context, err: unknown, logger: ErrorLogger): void {
  let route: string | undefined;
  try {
    route = routePath(c);
  } catch {
    route = undefined;
  }
  logger.error(
    { ...errorLogFields(err), method: c.req.method, route },
    isDatabaseUnavailable(err) ? "database unavailable" : "request failed",
  );
}

/** The JSON answer to an error no route expected: 503 with Retry-After when the database cannot be reached, else 500. */
export function unexpectedErrorResponse(c: Context, err: unknown, logger: ErrorLogger): Response {
  logUnexpectedError(c, err, logger);
  if (isDatabaseUnavailable(err)) {
    return appErrorResponse(c, new AppError(503, UNAVAILABLE_BODY.code, UNAVAILABLE_BODY.error, undefined, UNAVAILABLE_RETRY_SECONDS));
  }
  return appErrorResponse(c, new AppError(500, "INTERNAL", "Something went wrong. Please try again later."));
}
