import { sql } from "drizzle-orm";
import { rolesHolding } from "~/lib/permissions.ts";
import { queryRows, type Db, pgArray } from "~/server/db/client.ts";
import { renderMail } from "~/server/mail/html.ts";
import { enqueueMail, type OutgoingMail } from "~/server/mail/outbox.server.ts";

/*
 * Mail to the client about a request: sent, an item sent back, a reminder. A mail names the items and links back to
 * the request; it never carries a document.
 */

/** The client's people who answer requests: its owners and accountants who are not the firm's, not disabled. */
export async function clientRecipients(db: Db, organizationId: number): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select u.email from organization_memberships m join users u on u.id = m.user_id
         where m.organization_id = ${organizationId} and m.role in ('owner', 'accountant')
           and not (u.role = any(${pgArray(rolesHolding("books.keepClients"))}::text[])) and u.disabled_at is null
         order by u.email`,
  );
  return rows.map((r) => r.email);
}

export const requestUrl = (publicUrl: string, organizationId: number, requestId: number) =>
  `${publicUrl}/accounting/${organizationId}/requests/${requestId}`;

interface MailItem {
  label: string;
  due_on: string;
}

const itemRows = (items: MailItem[]): [string, string][] => items.map((i) => [i.label, `due ${i.due_on}`]);

/** Queues one mail per recipient in the caller's transaction; returns how many. */
async function send(tx: Db, to: string[], mail: Omit<OutgoingMail, "to">): Promise<number> {
  if (to.length === 0) return 0;
  await enqueueMail(
    tx,
    to.map((address) => ({ ...mail, to: address })),
  );
  return to.length;
}

export async function mailRequestSent(
  tx: Db,
  r: { organizationId: number; organizationName: string; requestId: number; title: string; from: string; items: MailItem[] },
  publicUrl: string,
): Promise<number> {
  // The firm's message as the request keeps it (written in the caller's transaction).
  const [stored] = await queryRows<{ message: string | null }>(tx, sql`select message from document_requests where id = ${r.requestId}`);
  const { html, text } = renderMail({
    heading: `${r.from} asks ${r.organizationName} for documents`,
    paragraphs: [
      ...(stored?.message ? [stored.message] : []),
      `"${r.title}": ${r.items.length} item${r.items.length === 1 ? "" : "s"}. Upload each one, or tell us you don't have it.`,
    ],
    rows: itemRows(r.items),
    action: { label: "Open the request", url: requestUrl(publicUrl, r.organizationId, r.requestId) },
  });
  return send(tx, await clientRecipients(tx, r.organizationId), {
    kind: "document-request",
    subject: `Documents requested: ${r.title}`,
    html,
    text,
  });
}

export async function mailItemReturned(
  tx: Db,
  r: { organizationId: number; requestId: number; title: string; item: MailItem; reason: string },
  publicUrl: string,
): Promise<number> {
  const { html, text } = renderMail({
    heading: `Please upload "${r.item.label}" again`,
    paragraphs: [`The firm sent back "${r.item.label}" of "${r.title}".`, `Reason: ${r.reason}`],
    action: { label: "Open the request", url: requestUrl(publicUrl, r.organizationId, r.requestId) },
  });
  return send(tx, await clientRecipients(tx, r.organizationId), {
    kind: "document-request-returned",
    subject: `Sent back: ${r.item.label}`,
    html,
    text,
  });
}

export async function mailReminder(
  tx: Db,
  r: { organizationId: number; organizationName: string; requestId: number; title: string; items: MailItem[] },
  publicUrl: string,
): Promise<number> {
  const n = r.items.length;
  const { html, text } = renderMail({
    heading: `Reminder: ${n} document${n === 1 ? "" : "s"} still to send`,
    paragraphs: [`${r.organizationName}: "${r.title}" is waiting on you for:`],
    rows: itemRows(r.items),
    action: { label: "Open the request", url: requestUrl(publicUrl, r.organizationId, r.requestId) },
    footer: "You can snooze these reminders from the request.",
  });
  return send(tx, await clientRecipients(tx, r.organizationId), {
    kind: "document-request-reminder",
    subject: `Reminder: ${r.title}`,
    html,
    text,
  });
}
