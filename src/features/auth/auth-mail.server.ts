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
