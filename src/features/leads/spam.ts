/**
 * Simple anti-spam that never bothers people: a honeypot field they cannot see and a minimum time
 * between the server rendering a form and its submission. A suspected submission is still stored
 * (flagged), only not notified, so a false positive is never lost.
 */

/** Nobody reads and fills a form this fast; automated posts usually arrive within milliseconds. */
export const MIN_SUBMIT_MS = 1500;

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
