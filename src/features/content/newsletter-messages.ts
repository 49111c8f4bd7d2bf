/** What the newsletter box tells the visitor (API responses and the script-less form's redirect). */
export const NEWSLETTER_MESSAGES = {
  subscribed: "You're on the list. Our monthly insights will arrive in your inbox.",
  already: "You're already subscribed with this email. No need to sign up again.",
  invalid: "Please enter a valid email address.",
  limited: "Too many sign-ups from this address. Please try again later.",
  /** The box's script could not be loaded (offline, or a new release replaced it). */
  unavailable: "Something went wrong. Please try again later.",
} as const;
