/** Texts of the account screens that the product specifies word for word, or that explain a server answer. */

export const UNEXPECTED = "Something went wrong. Please try again later.";

/** Sign-in refused for an account the firm disabled (Team screen). */
export const ACCOUNT_DISABLED = "This account has been disabled. Contact the firm.";

/** What to tell the visitor when Google sent them back with `?error=<code>`. */
export function googleErrorMessage(code: string | null | undefined, description?: string | null): string {
  switch (code) {
    case "account_not_linked":
    case "unable_to_link_account":
      return "An account with this email already exists. Sign in with your email and password.";
    case "email_not_found":
      return "Google did not share an email address for this account.";
    case "email_not_verified":
      return "Google has not verified the email address of this account.";
    case "access_denied":
      return "Google sign-in was cancelled.";
    case "state_mismatch":
    case "please_restart_the_process":
      return "The sign-in took too long or was started in another tab. Please try again.";
    default:
      return description?.trim() || "Google did not complete the sign-in. Please try again.";
  }
}

/** What to show when a verification link could not be used (`/login?verified=1&error=<code>`). */
export function verificationErrorMessage(code: string): string {
  return code.toLowerCase() === "token_expired"
    ? "This verification link has expired. Sign in to send a new one."
    : "This verification link is not valid any more. Sign in to send a new one.";
}
