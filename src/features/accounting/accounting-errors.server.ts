/**
 * A failure the API answers with its status and message (404 foreign or missing, 409 state, 400 input, 403 role,
 * 422 an idempotency key reused for another request).
 */
export class AccountingError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "AccountingError";
  }
}

export const notFound = (what: string) => new AccountingError(404, `${what} not found`);

/** PostgreSQL's SQLSTATE of a driver error (node-postgres or PGlite), looking through drizzle's wrapper. */
export function sqlState(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}
