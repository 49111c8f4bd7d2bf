import { sql } from "drizzle-orm";
import { formatLongDate, moneyIn } from "~/lib/format.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { enqueueMail, type OutgoingMail } from "~/server/mail/outbox.server.ts";
import { renderMail } from "~/server/mail/html.ts";
import { pdfBytes } from "~/server/pdf.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { statement } from "./aging.server.ts";
import { KIND_LABELS } from "./document-math.ts";
import { assertShareable, contactOfDocument, insertLink, linkUrl } from "./document-links.server.ts";
import { getDocument } from "./document-queries.server.ts";
import { markSent } from "./document-sending.server.ts";
import { readBranding, type Branding } from "./company-branding.server.ts";
import { documentFileName, documentPdf, documentTitle, statementFileName, statementPdf } from "./sales-pdf.server.ts";
import { readSalesSettings } from "./sales-settings.server.ts";
import type { DocumentDetails, Statement } from "./sales.types.ts";
import type { StatementSendInput, StatementsSendInput } from "./sharing.schema.ts";
import type { DocumentSent, StatementSent, StatementsQueued } from "./sharing.types.ts";

/*
 * Documents and statements mailed to customers through the outbox (decision 116): the PDF attached, written in the
 * same transaction as what the sending changes (a document's fresh link and its sent mark). Replies go to the member
 * who sent it. The PDFs are drawn before the transaction opens, so no connection is held while they are.
 */

/** Days a link in a mail stays open. */
export const MAILED_LINK_DAYS = 30;

/** Who sends: replies to the mail reach this member. */
export interface Sender {
  email: string;
  name: string;
}

/** The business's one-line footer: its name and address. */
const footerOf = (b: Branding) => [b.name, ...(b.address ? [b.address.replace(/\s*\n\s*/g, ", ")] : [])].join(" · ");

/** The mail of a document: who it is from, the figures, the customer's own words, the link, the PDF attached. */
export function documentMail(o: {
  document: DocumentDetails;
  contactName: string;
  to: string;
  message: string | null | undefined;
  url: string;
  expiresAt: string;
  branding: Branding;
  sender: Sender;
  pdf: Buffer;
}): OutgoingMail {
  const d = o.document;
  const { money } = moneyIn(o.branding.currency);
  const kind = KIND_LABELS[d.kind];
  const title = documentTitle(d);
  const intro =
    d.kind === "invoice"
      ? `Here is ${kind.toLowerCase()} ${d.number} for ${money(d.total)}, due ${formatLongDate(d.due_date)}. The PDF is attached; the link below shows it online.`
      : `Here is ${kind.toLowerCase()} ${d.number} for ${money(d.total)}. The PDF is attached; the link below shows it online.`;
  const { html, text } = renderMail({
    heading: `${title} from ${o.branding.name}`,
    paragraphs: [`Hello ${o.contactName},`, ...(o.message ? [o.message] : []), intro],
    rows: [
      [kind, d.number],
      ["Date", formatLongDate(d.issue_date)],
      ...(d.kind === "invoice" ? ([["Due", formatLongDate(d.due_date)]] as [string, string][]) : []),
      ["Total", money(d.total)],
      [d.kind === "invoice" ? "Amount due" : "Credit remaining", money(d.owed)],
    ],
    action: { label: `View ${kind.toLowerCase()} ${d.number}`, url: o.url },
    after: [`The link works until ${formatLongDate(o.expiresAt)}. Reply to this mail to reach ${o.sender.name}.`],
    footer: footerOf(o.branding),
  });
  return {
    kind: "sales-document",
    to: o.to,
    replyTo: o.sender.email,
    subject: `${title} from ${o.branding.name}`,
    html,
    text,
    attachments: [{ filename: documentFileName(d), contentType: "application/pdf", content: o.pdf.toString("base64") }],
  };
}

/**
 * POST /documents/:id/send: an approved invoice or credit note mailed with its PDF and a fresh link (30 days), to `to`
 * or the customer's email (400 naming `to` when there is neither), and marked sent; all in one transaction.
 */
export async function sendDocument(
  db: Db,
  m: Membership,
  sender: Sender,
  id: number,
  input: { to?: string | undefined; message?: string | null | undefined },
  publicUrl: string,
): Promise<DocumentSent> {
  await assertShareable(db, m, id);
  const document = await getDocument(db, m, id);
  const contact = await contactOfDocument(db, m.organizationId, document.contact_id);
  const to = input.to ?? contact.email;
  if (!to)
    throw invalidInput(
      { to: `${contact.name} has no email: give the address to send to` },
      `to: ${contact.name} has no email: give the address to send to`,
    );
  const branding = await readBranding(db, m.organizationId);
  const pdf = await pdfBytes(documentPdf(document, contact, branding));
  await db.transaction(async (tx) => {
    // Approved when drawn and still approved now (a void in between is refused, nothing written).
    const [row] = await queryRows<{ status: string }>(tx, sql`select status from sales_documents where id = ${id} for update`);
    if (row?.status !== "approved") throw conflict("A void document is not sent");
    const { token, link } = await insertLink(tx, m, id, MAILED_LINK_DAYS);
    await enqueueMail(
      tx,
      documentMail({
        document,
        contactName: contact.name,
        to,
        message: input.message,
        url: linkUrl(publicUrl, token),
        expiresAt: link.expires_at,
        branding,
        sender,
        pdf,
      }),
    );
    await markSent(tx, m, id);
  });
  return { document: await getDocument(db, m, id), sent_to: to };
}

/** The mail of a statement: the period, the balances, the PDF attached. */
export function statementMail(
  s: Statement,
  o: { to: string; message: string | null | undefined; branding: Branding; sender: Sender; pdf: Buffer },
): OutgoingMail {
  const { balance } = moneyIn(o.branding.currency);
  const period = `${formatLongDate(s.from)} to ${formatLongDate(s.to)}`;
  const { html, text } = renderMail({
    heading: `Statement from ${o.branding.name}`,
    paragraphs: [
      `Hello ${s.contact.name},`,
      ...(o.message ? [o.message] : []),
      `Here is your statement for ${period}. The PDF is attached.`,
    ],
    rows: [
      ["Balance on " + formatLongDate(s.from), balance(s.opening_balance)],
      ["Balance on " + formatLongDate(s.to), balance(s.closing_balance)],
      ["Due now", balance(s.aging.total)],
    ],
    after: [`Reply to this mail to reach ${o.sender.name}.`],
    footer: footerOf(o.branding),
  });
  return {
    kind: "sales-statement",
    to: o.to,
    replyTo: o.sender.email,
    subject: `Statement from ${o.branding.name}: ${period}`,
    html,
    text,
    attachments: [{ filename: statementFileName(s), contentType: "application/pdf", content: o.pdf.toString("base64") }],
  };
}

/** POST /contacts/:id/statement/send: one contact's statement mailed to `email` or the contact's (400 naming `email`). */
export async function sendStatement(
  db: Db,
  m: Membership,
  sender: Sender,
  contactId: number,
  input: StatementSendInput,
): Promise<StatementSent> {
  const s = await statement(db, m, contactId, input.side, input.from, input.to);
  const to = input.email ?? s.contact.email;
  if (!to)
    throw invalidInput(
      { email: `${s.contact.name} has no email: give the address to send to` },
      `email: ${s.contact.name} has no email: give the address to send to`,
    );
  const branding = await readBranding(db, m.organizationId);
  const pdf = await pdfBytes(statementPdf(s, branding));
  await enqueueMail(db, statementMail(s, { to, message: input.message, branding, sender, pdf }));
  return { sent_to: to };
}

/**
 * The customers a statement of the period goes to: those with an email, a balance on the last day or a line in the
 * period (a merged contact's lines counted as the kept one's).
 */
export async function statementCustomers(db: Db, m: Pick<Membership, "organizationId">, from: string, to: string): Promise<number[]> {
  const { receivable_account_id: account } = await readSalesSettings(db, m.organizationId);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select c.id
          from contacts c
          join (select coalesce(x.merged_into, x.id) as contact_id, sum(l.debit_amount - l.credit_amount) as balance,
                       bool_or(e.entry_date >= ${from}::date) as active
                  from journal_entry_lines l
                  join journal_entries e on e.id = l.journal_entry_id and e.status = 'posted' and e.entry_date <= ${to}::date
                  join contacts x on x.id = l.contact_id
                 where l.organization_id = ${m.organizationId} and l.account_id = ${account} and l.contact_id is not null
                 group by 1) s on s.contact_id = c.id
         where c.organization_id = ${m.organizationId} and c.merged_into is null and c.is_customer and c.email is not null
           and (s.balance <> 0 or s.active)
         order by lower(c.name), c.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** POST /statements/send: every such customer's statement of the period mailed to the customer; all queued or none. */
export async function sendStatements(db: Db, m: Membership, sender: Sender, input: StatementsSendInput): Promise<StatementsQueued> {
  const ids = await statementCustomers(db, m, input.from, input.to);
  const branding = await readBranding(db, m.organizationId);
  const mails: OutgoingMail[] = [];
  for (const id of ids) {
    const s = await statement(db, m, id, "receivable", input.from, input.to);
    const pdf = await pdfBytes(statementPdf(s, branding));
    mails.push(statementMail(s, { to: s.contact.email!, message: input.message, branding, sender, pdf }));
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < mails.length; i += 100) await enqueueMail(tx, mails.slice(i, i + 100));
  });
  return { queued: mails.length };
}
