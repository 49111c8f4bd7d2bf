import { data, redirect } from "react-router";
import type { RequestContext, SessionUser } from "../context.ts";
import { can, type Permission } from "~/lib/permissions.ts";
import { ENROLMENT_PATH, enrolmentAllows } from "./enrolment.ts";

/** The sign-in page, returning to this request's path and query afterwards. */
export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/login?from=${encodeURIComponent(url.pathname + url.search)}`);
}

/** A user the firm's two-factor policy covers, without a second factor yet: sent to enrolment (thrown). */
function requireEnrolled(context: RequestContext, request: Request): void {
  if (context.enrolmentRequired && !enrolmentAllows(new URL(request.url).pathname)) {
    throw redirect(ENROLMENT_PATH);
  }
}

/** Page loaders: the signed-in user, or a redirect to sign-in that comes back to this page (thrown). */
export function requirePageUser(context: RequestContext, request: Request): SessionUser {
  if (!context.user) throw signInRedirect(request);
  requireEnrolled(context, request);
  return context.user;
}

/**
 * Page loaders of a part of the site that must not be known to exist (the firm's workspace): the user when they
 * hold `permission` (src/lib/permissions.ts); anyone else, signed out included, gets the 404 page.
 */
export function requirePageHiddenPermission(context: RequestContext, permission: Permission): SessionUser {
  const user = context.user;
  if (!user || !can(user, permission)) throw data("Not found", { status: 404 });
  if (context.enrolmentRequired) throw redirect(ENROLMENT_PATH);
  return user;
}
