import commonPasswords from "./common-passwords.json" with { type: "json" };

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-limits.ts";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/**
 * The 10,000 most common passwords (lower-cased), from the public "10-million-password-list-top-10000"
 * list; see docs/decisions/030-accounts-sessions-throttling.md for where it comes from.
 */
const COMMON = new Set<string>(commonPasswords as string[]);

export const COMMON_PASSWORD_MESSAGE = "This password is one of the most common passwords. Please choose a less predictable one.";

/** True when the password, ignoring case and surrounding spaces, is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}

/** The reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}
