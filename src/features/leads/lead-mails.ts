import { renderMail } from "~/server/mail/html.ts";
import type { OutgoingMail } from "~/server/mail/outbox.server.ts";
import { firm } from "~/features/marketing/index.ts";
import { CONTACT_SERVICE_LABELS, type ContactInput } from "./contact.schema.ts";
import { CONSULTATION_SERVICE_LABELS, PREFERRED_TIME_LABELS, REVENUE_RANGE_LABELS, type ConsultationInput } from "./consultation.schema.ts";

/** Facts a lead mail needs besides what the visitor typed. */
export interface LeadMailContext {
  id: string;
  firmEmail: string;
  receivedAt: Date;
  /** The signed-in account that sent it, if any. */
  account: { id: string; email: string } | null;
  /** A signed-in client's message (decision 084): her organization, and the staff who keep its books. */
  client?: LeadClient | null;
}

export interface LeadClient {
  name: string;
  organizationName: string;
  /** The client's page in the firm's workspace, and the lead's. */
  clientUrl: string;
  leadUrl: string;
  /** The addresses of the firm's people who are members of her books. */
  staff: string[];
}

/** Subjects are one line whatever the visitor typed. */
function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

function fullName(i: { firstName: string; lastName: string }): string {
  return oneLine(`${i.firstName} ${i.lastName}`);
}

function accountRow(ctx: LeadMailContext): [string, string] {
  return ["Signed-in account", ctx.account ? `${ctx.account.email} (${ctx.account.id})` : "not signed in"];
}

/**
 * The firm's notification (reply-to the visitor, every field) and the visitor's confirmation.
 * The confirmation repeats none of the visitor's free text, so the form cannot be used to send
 * arbitrary content to someone else's address.
 */
export function contactMails(input: ContactInput, ctx: LeadMailContext): OutgoingMail[] {
  const name = fullName(input);
  const client = ctx.client ?? null;
  const notification = renderMail({
    heading: client ? `New message from your client ${oneLine(client.organizationName)}` : "New contact message",
    paragraphs: [
      client
        ? `${name} (${oneLine(client.name)}, signed in as a client of ${oneLine(client.organizationName)}) sent a message through the contact form. Reply to this mail to answer them.`
        : `${name} sent a message through the contact form. Reply to this mail to answer them.`,
    ],
    ...(client ? { action: { label: "Open the lead", url: client.leadUrl } } : {}),
    rows: [
      ...(client ? ([["Client", `${client.organizationName} (${client.clientUrl})`]] as [string, string][]) : []),
      ["First name", input.firstName],
      ["Last name", input.lastName],
      ["Email", input.email],
      ["Company", input.company],
      ["Service", input.service ? CONTACT_SERVICE_LABELS[input.service] : null],
      ["Message", input.message],
      accountRow(ctx),
      ["Received", ctx.receivedAt.toISOString()],
      ["Reference", ctx.id],
    ],
  });
  const confirmation = renderMail({
    heading: "Thank you for your message",
    paragraphs: [
      `Hi ${oneLine(input.firstName)},`,
      `thank you for contacting ${firm.name}. We'll get back to you within ${firm.responseHours} hours.`,
      `If it's urgent, call us at ${firm.phone} (Monday - Friday 9:00 - 18:00, Saturday 10:00 - 14:00).`,
    ],
    rows: [["Reference", ctx.id]],
  });
  const subject = client ? `Message from your client ${oneLine(client.organizationName)}: ${name}` : `New contact message from ${name}`;
  const staff = (client?.staff ?? []).filter((to) => to.toLowerCase() !== ctx.firmEmail.toLowerCase());
  return [
    { kind: "contact-notification", to: ctx.firmEmail, replyTo: input.email, subject, ...notification },
    ...staff.map((to) => ({ kind: "contact-client-notification", to, replyTo: input.email, subject, ...notification })),
    {
      kind: "contact-confirmation",
      to: input.email,
      replyTo: ctx.firmEmail,
      subject: `We received your message | ${firm.name}`,
      ...confirmation,
    },
  ];
}

export function consultationMails(input: ConsultationInput, ctx: LeadMailContext): OutgoingMail[] {
  const name = fullName(input);
  const services = input.servicesInterested.map((s) => CONSULTATION_SERVICE_LABELS[s]).join(", ");
  const revenue = input.annualRevenueRange ? REVENUE_RANGE_LABELS[input.annualRevenueRange] : null;
  const time = input.preferredTime ? PREFERRED_TIME_LABELS[input.preferredTime] : null;
  const notification = renderMail({
    heading: "New consultation request",
    paragraphs: [
      `${name} of ${oneLine(input.companyName)} requested a free 30-minute consultation. Reply to this mail to schedule the call.`,
    ],
    rows: [
      ["First name", input.firstName],
      ["Last name", input.lastName],
      ["Email", input.email],
      ["Phone", input.phone],
      ["Company name", input.companyName],
      ["Annual revenue", revenue],
      ["Services interested", services],
      ["Challenges", input.challenges],
      ["Preferred time", time],
      accountRow(ctx),
      ["Received", ctx.receivedAt.toISOString()],
      ["Reference", ctx.id],
    ],
  });
  const confirmation = renderMail({
    heading: "Consultation Requested!",
    paragraphs: [
      `Hi ${oneLine(input.firstName)},`,
      `thank you for requesting a free 30-minute consultation with ${firm.name}. We'll contact you within ${firm.responseHours} hours to schedule your call.`,
    ],
    rows: [
      ["Services", services],
      ["Preferred time", time ?? "No preference"],
      ["Reference", ctx.id],
    ],
  });
  return [
    {
      kind: "consultation-notification",
      to: ctx.firmEmail,
      replyTo: input.email,
      subject: `New consultation request: ${oneLine(input.companyName)} (${name})`,
      ...notification,
    },
    {
      kind: "consultation-confirmation",
      to: input.email,
      replyTo: ctx.firmEmail,
      subject: `Your consultation request | ${firm.name}`,
      ...confirmation,
    },
  ];
}
