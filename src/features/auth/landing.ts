import { can } from "~/lib/permissions.ts";
import { PORTAL_HOME } from "./verification-link.ts";

/** The firm's people's start page: their work this week. */
export const FIRM_START = "/firm/my-week";

/**
 * Where a person starts after signing in when no page was asked for (decision 114): a client her books' home (through
 * /accounting, which opens the home of her first organization's books), the firm's people ("books.keepClients") their week.
 */
export function landingPath(user: { role: string }): string {
  return can(user, "books.keepClients") ? FIRM_START : PORTAL_HOME;
}

/**
 * Where the sign-in page's forms (and Google's way back) go when no page was asked for: the sign-in page itself, whose
 * loader sends a signed-in visitor on to their `landingPath`; the browser does not know who has just signed in.
 */
export const LANDING_VIA_SIGN_IN = "/login";
