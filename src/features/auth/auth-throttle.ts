/** A fixed-window limit: at most `limit` requests in `windowSeconds`. */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

export interface ThrottleRule {
  /** Per client IP (from the trusted proxy header, else the socket). */
  ip: Limit;
  /** Per account, keyed by the email in the request body (lower-cased). */
  email?: Limit;
}

const MINUTE = 60;

/**
 * Throttling of the auth endpoints (paths below /api/auth). Per-email limits stop guessing one
 * account's password from many addresses; per-IP limits stop one address trying many accounts.
 */
export const THROTTLE_RULES: Record<string, ThrottleRule> = {
  "POST /sign-in/email": { ip: { limit: 30, windowSeconds: 10 * MINUTE }, email: { limit: 10, windowSeconds: 15 * MINUTE } },
  "POST /sign-up/email": { ip: { limit: 20, windowSeconds: 60 * MINUTE }, email: { limit: 5, windowSeconds: 60 * MINUTE } },
  "POST /request-password-reset": { ip: { limit: 10, windowSeconds: 15 * MINUTE }, email: { limit: 3, windowSeconds: 15 * MINUTE } },
  "POST /send-verification-email": { ip: { limit: 10, windowSeconds: 15 * MINUTE }, email: { limit: 3, windowSeconds: 15 * MINUTE } },
  "POST /reset-password": { ip: { limit: 10, windowSeconds: 15 * MINUTE } },
  "GET /verify-email": { ip: { limit: 20, windowSeconds: 15 * MINUTE } },
  "POST /change-password": { ip: { limit: 10, windowSeconds: 15 * MINUTE } },
  "POST /set-password": { ip: { limit: 10, windowSeconds: 15 * MINUTE } },
  "POST /two-factor/get-totp-uri": { ip: { limit: 10, windowSeconds: 15 * MINUTE } },
  "POST /sign-in/social": { ip: { limit: 30, windowSeconds: 10 * MINUTE } },
  // Second factor: besides these, the library ends a sign-in's code step after 5 wrong codes and locks the
  // account's second factor for 15 minutes after 10 wrong codes in a row.
  "POST /two-factor/verify-totp": { ip: { limit: 10, windowSeconds: 15 * MINUTE } },
  "POST /two-factor/verify-backup-code": { ip: { limit: 10, windowSeconds: 15 * MINUTE } },
  // These check the password.
  "POST /two-factor/enable": { ip: { limit: 10, windowSeconds: 15 * MINUTE } },
  "POST /two-factor/disable": { ip: { limit: 10, windowSeconds: 15 * MINUTE } },
  "POST /two-factor/generate-backup-codes": { ip: { limit: 10, windowSeconds: 15 * MINUTE } },
  "POST /change-email": { ip: { limit: 10, windowSeconds: 15 * MINUTE } },
};

/** The rule for a request to `path` (below /api/auth), or undefined when it is not throttled. */
export function throttleRuleFor(method: string, path: string): ThrottleRule | undefined {
  return THROTTLE_RULES[`${method.toUpperCase()} ${path.replace(/\/+$/, "")}`];
}

/** The answer's message for a refused request. */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
