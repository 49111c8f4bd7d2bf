import type { AuditActor } from "~/server/audit.server.ts";
import type { Db } from "~/server/db/client.ts";
import { renderMail } from "~/server/mail/html.ts";
import { enqueueMail, type OutgoingMail } from "~/server/mail/outbox.server.ts";
import { formatLongDate } from "~/lib/format.ts";
import { firmPeopleOf } from "~/features/tenancy/index.server.ts";

/** One change of the lock date, as the mail tells it. */
export interface LockChange {
  organizationId: number;
  organizationName: string;
  /** Who changed it (their user id is left out of the mail's recipients). */
  userId: string;
  actor: AuditActor;
  before: string | null;
  after: string | null;
  reason: string;
  /** The site's address, for the link to the books' Closing section (config.publicUrl). */
  publicUrl: string;
}

const dateText = (date: string | null, none: string) => (date ? `${formatLongDate(date)} (${date})` : none);

function lockMail(to: string, c: LockChange, who: string): OutgoingMail {
  const what =
    c.after === null
      ? `${who} unlocked the books of ${c.organizationName}`
      : c.before !== null && c.after < c.before
        ? `${who} moved the lock date of ${c.organizationName} back to ${c.after}`
        : `${who} locked the books of ${c.organizationName} up to ${c.after}`;
  const { html, text } = renderMail({
    heading: what,
    paragraphs: ["Nothing dated on or before the lock date can be written in these books."],
    rows: [
      ["Changed by", who],
      ["Lock date before", dateText(c.before, "none (the books were not locked)")],
      ["Lock date now", dateText(c.after, "none (the books are not locked)")],
      ["Reason", c.reason],
    ],
    action: { label: "See the Closing section", url: `${c.publicUrl}/accounting/${c.organizationId}/closing` },
  });
  return { kind: "books-lock-changed", to, subject: what, html, text };
}

/**
 * Tells the firm's people who keep these books (firmPeopleOf: not viewers, not disabled) of a change of their lock
 * date, but not the one who made it: queued in the transaction `tx` that records the change. Returns how many mails
 * were queued; the caller wakes the mail worker.
 */
export async function mailLockChange(tx: Db, c: LockChange): Promise<number> {
  const people = (await firmPeopleOf(tx, c.organizationId)).filter((p) => p.id !== c.userId);
  const who = c.actor.name?.trim() || c.actor.email || "A member of the books";
  const mails = people.map((p) => lockMail(p.email, c, who));
  await enqueueMail(tx, mails);
  return mails.length;
}
