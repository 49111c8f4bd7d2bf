import { renderMail } from "~/server/mail/html.ts";
import type { OutgoingMail } from "~/server/mail/outbox.server.ts";

/** Days an invitation's set-password link stays valid. */
export const STAFF_INVITE_DAYS = 7;

/** Sent to a new staff member: their account exists; the link welcomes them, sets their password and signs them in. */
export function staffInviteMail(to: string, url: string, invitedBy: string | null): OutgoingMail {
  const { html, text } = renderMail({
    heading: "Welcome to Ledgerline Advisors",
    paragraphs: [
      `${invitedBy ? `${invitedBy} has` : "The firm has"} created a staff account for you in the firm's workspace.`,
      `Open the link to set up your account: choose a password and you are signed in. The link works once, for ${STAFF_INVITE_DAYS} days.`,
      "If you did not expect this, you can ignore this message.",
    ],
    action: { label: "Set up my account", url },
  });
  return { kind: "staff-invite", to, subject: "Your staff account at Ledgerline Advisors", html, text };
}
