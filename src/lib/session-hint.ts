/**
 * A cookie readable by script that says "this browser may be signed in" (never who): public pages, the same HTML for
 * everyone, ask the server who is signed in only when it is there (decision 015). The session itself stays HttpOnly.
 */
export const SESSION_HINT_COOKIE = "signed_in";

/** Whether a Cookie header (or document.cookie) carries the hint. */
export function hasSessionHint(cookies: string | undefined | null): boolean {
  return new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=1(?:;|$)`).test(cookies ?? "");
}
