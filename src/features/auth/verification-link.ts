import { safeRedirectPath } from "~/lib/safe-redirect.ts";

/** Where a new client starts when they came to sign up without a page to return to: their books. */
export const PORTAL_HOME = "/accounting";

/**
 * The path the verification link sends the visitor to once the address is verified (and they are signed in):
 * the sign-in page, which passes a signed-in visitor on to `from`. `requested` is the page the sign-up form
 * was opened from; it is kept only when it is a local path (never another site, the sign-in page or the API),
 * and the home page or nothing means the portal.
 */
export function verificationCallbackPath(requested: string | null | undefined): string {
  const from = safeRedirectPath(requested, PORTAL_HOME);
  return `/login?verified=1&from=${encodeURIComponent(from === "/" ? PORTAL_HOME : from)}`;
}

/**
 * The link mailed to verify an address, built from PUBLIC_URL and a fixed local path only. `libraryUrl` is the
 * link the auth library made, whose `callbackURL` is whatever the client asked for: only its local path is used.
 */
export function verificationLink(site: string, token: string, libraryUrl: string): string {
  let requested: string | null;
  try {
    requested = new URL(libraryUrl, site).searchParams.get("callbackURL");
  } catch {
    requested = null;
  }
  return `${site}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(verificationCallbackPath(requested))}`;
}
