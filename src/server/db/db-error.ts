/**
 * Reading a database error: drizzle wraps the driver's error (node-postgres or PGlite) as `cause`, so what the
 * database said (its SQLSTATE, the constraint, the message of a trigger's refusal) sits somewhere down the chain.
 */

/** The error and the causes it wraps, outermost first (at most five: a chain is never deeper in practice). */
export function errorChain(err: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let current: unknown = err;
  for (let i = 0; i < 5 && current && typeof current === "object"; i++) {
    out.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  return out;
}

/** PostgreSQL's SQLSTATE of the error (`23505` a unique violation, `57014` a cancelled statement…), if it has one. */
export function sqlState(err: unknown): string | undefined {
  for (const link of errorChain(err)) if (typeof link.code === "string" && /^[0-9A-Z]{5}$/.test(link.code)) return link.code;
  return undefined;
}

/** The messages along the chain (a trigger's `raise exception` text is in one of them). */
export function errorMessages(err: unknown): string[] {
  return errorChain(err).flatMap((link) => (typeof link.message === "string" ? [link.message] : []));
}
