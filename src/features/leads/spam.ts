/**
 * Simple anti-spam that never bothers people: a honeypot field they cannot see and a minimum time
 * between the server rendering a form and its submission. A suspected submission is still stored
 * (flagged), only not notified, so a false positive is never lost.
 */

/**
 * Scripts that fetch the page and post right away do it within tens of milliseconds. A person, and even a
 * scripted browser that loads the page and types into it, takes longer (measured here: 0.7-1.1 s from the
 * server rendering the form to a scripted Playwright submission). Kept well below that, since a false
 * positive costs a lead its notification.
 */
export const MIN_SUBMIT_MS = 300;

export type SpamReason = "honeypot" | "no-token" | "too-fast";

export interface SpamSignals {
  /** The honeypot field's value as sent. */
  honeypot: string | undefined;
  /** When the server rendered the form (from the verified token); null when absent or forged. */
  renderedAt: number | null;
  now: number;
  minSubmitMs?: number;
}

/** Why a submission looks automated, or null when it looks like a person. */
export function spamReason({ honeypot, renderedAt, now, minSubmitMs = MIN_SUBMIT_MS }: SpamSignals): SpamReason | null {
  if (honeypot && honeypot.trim() !== "") return "honeypot";
  if (renderedAt === null) return "no-token";
  if (now - renderedAt < minSubmitMs) return "too-fast";
  return null;
}
