import { renderMail } from "~/server/mail/html.ts";
import type { OutgoingMail } from "~/server/mail/outbox.server.ts";

/** The mails of the account journeys. Links are built by the caller from PUBLIC_URL only. */

export function verificationMail(to: string, url: string): OutgoingMail {
  const { html, text } = renderMail({
    heading: "Verify your email address",
    paragraphs: [
      "Thank you for creating an account with Ledgerline Advisors. Please confirm that this is your email address; the link works for 24 hours.",
      "If you did not create an account, you can ignore this message.",
    ],
    action: { label: "Verify my email address", url },
  });
  return { kind: "verification", to, subject: "Verify your email address", html, text };
}

export function resetPasswordMail(to: string, url: string): OutgoingMail {
  const { html, text } = renderMail({
    heading: "Reset your password",
    paragraphs: [
      "Someone asked to reset the password of your Ledgerline Advisors account. The link works once, for one hour.",
      "If it was not you, ignore this message: your password stays as it is.",
    ],
    action: { label: "Choose a new password", url },
  });
  return { kind: "password-reset", to, subject: "Reset your password", html, text };
}

export function passwordChangedMail(to: string, signInUrl: string): OutgoingMail {
  const { html, text } = renderMail({
    heading: "Your password was changed",
    paragraphs: [
      "The password of your Ledgerline Advisors account was just reset, and every other signed-in session was ended.",
      "If you did not do this, reset your password again at once and contact us.",
    ],
    action: { label: "Sign in", url: signInUrl },
  });
  return { kind: "password-changed", to, subject: "Your password was changed", html, text };
}

export function existingAccountMail(to: string, signInUrl: string): OutgoingMail {
  const { html, text } = renderMail({
    heading: "You already have an account",
    paragraphs: [
      "Someone tried to create a Ledgerline Advisors account with this email address, which already has one.",
      "If it was you, sign in, or use 'Forgot your password?' on the sign-in page. Otherwise you can ignore this message.",
    ],
    action: { label: "Sign in", url: signInUrl },
  });
  return { kind: "existing-account", to, subject: "You already have an account", html, text };
}

/** Sent when the signed-in user changes their password on /account. */
export function passwordChangedInAccountMail(to: string, accountUrl: string): OutgoingMail {
  const { html, text } = renderMail({
    heading: "Your password was changed",
    paragraphs: [
      "The password of your Ledgerline Advisors account was just changed from your account page, and every other signed-in session was ended.",
      "If you did not do this, reset your password at once with 'Forgot your password?' on the sign-in page, and contact us.",
    ],
    action: { label: "Review your account", url: accountUrl },
  });
  return { kind: "password-changed", to, subject: "Your password was changed", html, text };
}

/** Sent when a user who signed in only with Google sets a password on /account. */
export function passwordSetMail(to: string, accountUrl: string): OutgoingMail {
  const { html, text } = renderMail({
    heading: "A password was set for your account",
    paragraphs: [
      "A password was just set for your Ledgerline Advisors account from your account page. You can now sign in with your email address and this password, as well as with Google.",
      "If you did not do this, reset your password at once with 'Forgot your password?' on the sign-in page, and contact us.",
    ],
    action: { label: "Review your account", url: accountUrl },
  });
  return { kind: "password-set", to, subject: "A password was set for your account", html, text };
}

/** Sent when two-factor sign-in is turned on or off for the account. */
export function twoFactorChangedMail(to: string, enabled: boolean, accountUrl: string): OutgoingMail {
  const { html, text } = renderMail({
    heading: enabled ? "Two-factor sign-in is on" : "Two-factor sign-in was turned off",
    paragraphs: [
      enabled
        ? "Signing in to your Ledgerline Advisors account now asks for a code from your authenticator app after your password."
        : "Signing in to your Ledgerline Advisors account no longer asks for a code from an authenticator app.",
      "If you did not do this, change your password at once and contact us.",
    ],
    action: { label: "Review your account", url: accountUrl },
  });
  return {
    kind: enabled ? "two-factor-enabled" : "two-factor-disabled",
    to,
    subject: enabled ? "Two-factor sign-in is on" : "Two-factor sign-in was turned off",
    html,
    text,
  };
}

/** Sent to the new address when the signed-in user asks to change their email; the change happens on the link. */
export function emailChangeMail(to: string, url: string): OutgoingMail {
  const { html, text } = renderMail({
    heading: "Confirm your new email address",
    paragraphs: [
      "Someone asked to use this address for a Ledgerline Advisors account. Open the link to confirm it; the link works for 24 hours.",
      "Until then, the account keeps its current address. If you did not ask for this, you can ignore this message.",
    ],
    action: { label: "Confirm my new email address", url },
  });
  return { kind: "email-change", to, subject: "Confirm your new email address", html, text };
}

/** Sent to the old address once the account's email address was changed. */
export function emailChangedMail(to: string, newEmail: string): OutgoingMail {
  const { html, text } = renderMail({
    heading: "Your email address was changed",
    paragraphs: [
      `The email address of your Ledgerline Advisors account was changed to ${newEmail}. Messages now go to that address, and you sign in with it.`,
      "If you did not do this, contact us at once.",
    ],
  });
  return { kind: "email-changed", to, subject: "Your email address was changed", html, text };
}
