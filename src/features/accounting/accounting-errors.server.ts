import { notFound as appNotFound, type AppError } from "~/server/http/app-error.ts";

/** 404 naming what was not found in the caller's organization (foreign and missing look the same). */
export const notFound = (what: string): AppError => appNotFound(`${what} not found`);

/** PostgreSQL's SQLSTATE of a driver error (node-postgres or PGlite), looking through drizzle's wrapper. */
export function sqlState(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}
