import { sql } from "drizzle-orm";
import { rolesHolding } from "~/lib/permissions.ts";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { renderMail } from "~/server/mail/html.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";

/** The client's owners: members who own the books and are not the firm's (their site role keeps no clients), not disabled. */
export async function clientOwners(db: Db, organizationId: number): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select u.email from organization_memberships m join users u on u.id = m.user_id
         where m.organization_id = ${organizationId} and m.role = 'owner'
           and not (u.role = any(${pgArray(rolesHolding("books.keepClients"))}::text[])) and u.disabled_at is null
         order by u.email`,
  );
  return rows.map((r) => r.email);
}

export interface PublishedNotice {
  organizationId: number;
  organizationName: string;
  /** "October 2026" */
  label: string;
  /** The headline, its figures filled in. */
  headline: string;
  /** Who published it, as the mail names them. */
  from: string;
  publicUrl: string;
}

/**
 * Tells the client's owners that the month's commentary is published, with a link to her home where she reads it:
 * queued in the transaction `tx` that publishes it (so once per publication). Returns how many mails were queued; the
 * caller wakes the mail worker.
 */
export async function mailCommentaryPublished(tx: Db, n: PublishedNotice): Promise<number> {
  const to = await clientOwners(tx, n.organizationId);
  if (to.length === 0) return 0;
  const subject = `Your monthly commentary for ${n.label} is ready`;
  const { html, text } = renderMail({
    heading: subject,
    paragraphs: [
      `${n.from} of Ledgerline Advisors wrote how ${n.organizationName} did in ${n.label}, what changed and why, and what to do next.`,
      n.headline,
    ],
    action: { label: "Read it on your home page", url: `${n.publicUrl}/accounting/${n.organizationId}/home` },
  });
  await enqueueMail(
    tx,
    to.map((address) => ({ kind: "monthly-commentary", to: address, subject, html, text })),
  );
  return to.length;
}
