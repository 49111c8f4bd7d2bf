/*
 * The enrolment gate: a signed-in user whom the firm's two-factor policy covers and who has no second factor yet
 * (the session reader tells, from the auth feature's policy) reaches nothing but enrolment until they have one.
 */

/** Where a user the policy covers, without a second factor, is sent after their password. */
export const ENROLMENT_PATH = "/account/two-factor-setup";
export const ENROLMENT_REQUIRED = "TWO_FACTOR_ENROLMENT_REQUIRED";
export const ENROLMENT_MESSAGE = "Your firm requires two-factor sign-in. Set it up before doing anything else.";

/** Re-authentication (password, or a Google round trip): enrolment on a session over 10 minutes old needs it. */
const REAUTH_PATHS = new Set([
  "/api/account/reauthenticate",
  "/api/account/reauthenticate/google",
  "/api/account/reauthenticate/google/done",
]);

/**
 * What a user who must enrol may still reach: the enrolment page (and its data), the router's route manifest,
 * re-authentication, and the auth library's endpoints that enrolment and signing out need (checked in the auth
 * feature's own hook).
 */
export function enrolmentAllows(path: string): boolean {
  return (
    path === ENROLMENT_PATH ||
    path === `${ENROLMENT_PATH}.data` ||
    path === "/__manifest" ||
    path === "/api/health" ||
    REAUTH_PATHS.has(path.replace(/\/+$/, ""))
  );
}
