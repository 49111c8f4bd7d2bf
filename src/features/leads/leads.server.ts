import { sql } from "drizzle-orm";
import { clientOrganizationOf, firmPeopleOf } from "~/features/tenancy/index.server.ts";
import type { AppContext } from "~/server/context.ts";
import { queryRows } from "~/server/db/client.ts";
import { enqueueMail } from "~/server/mail/outbox.server.ts";
import { hitRateLimit } from "~/server/rate-limit.server.ts";
import type { ConsultationInput } from "./consultation.schema.ts";
import type { ContactInput } from "./contact.schema.ts";
import { readFormToken } from "./form-token.server.ts";
import { consultationMails, contactMails } from "./lead-mails.ts";
import { recordLead } from "./leads-inbox.server.ts";
import { spamReason, type SpamReason } from "./spam.ts";

type LeadsDeps = Pick<AppContext, "db" | "config" | "logger">;

/** Who sent a lead and when, as the route knows it. */
export interface LeadSender {
  user: { id: string; email: string } | null;
  ip: string;
  now?: number;
}

export interface StoredLead {
  id: string;
  spam: SpamReason | null;
  /** How many mails were written to the outbox with the lead (0 for suspected spam). */
  mails: number;
  /** A signed-in client's contact message went to her conversation with the firm: its address (decision 100). */
  conversation?: string;
}

/** Per sender, across both forms, counted in the database so every process shares the count. */
export const LEAD_RATE_LIMITS = {
  perIp: { limit: 20, windowSeconds: 3600 },
  perEmail: { limit: 10, windowSeconds: 3600 },
} as const;

export interface RateLimited {
  retryAfter: number;
  message: string;
}

/** Counts one submission for the IP and the email address; returns why it is refused, or null. */
export async function checkLeadRateLimit(db: LeadsDeps["db"], ip: string, email: string): Promise<RateLimited | null> {
  const { perIp, perEmail } = LEAD_RATE_LIMITS;
  const byIp = await hitRateLimit(db, `leads:ip:${ip}`, perIp.limit, perIp.windowSeconds);
  const byEmail = await hitRateLimit(db, `leads:email:${email.trim().toLowerCase()}`, perEmail.limit, perEmail.windowSeconds);
  const refused = [byIp, byEmail].filter((r) => !r.allowed);
  if (refused.length === 0) return null;
  const retryAfter = Math.max(...refused.map((r) => r.retryAfter));
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return {
    retryAfter,
    message: `Too many requests from this sender. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or call us.`,
  };
}

function assess(deps: LeadsDeps, input: { website?: string; formToken?: string }, now: number): SpamReason | null {
  return spamReason({ honeypot: input.website, renderedAt: readFormToken(deps.config.appSecret, input.formToken, now), now });
}

/**
 * Stores a contact message and, in the same transaction, its two mails (firm notification and
 * visitor confirmation). Suspected spam is stored flagged and gets no mail.
 * The caller wakes the mail worker after this resolves.
 */
export async function storeContactMessage(deps: LeadsDeps, input: ContactInput, sender: LeadSender): Promise<StoredLead> {
  const now = sender.now ?? Date.now();
  const spam = assess(deps, input, now);
  const stored = await deps.db.transaction(async (tx) => {
    // A signed-in client writes from her books: the lead is hers and goes to the staff who keep them (decision 084).
    const client = sender.user ? await clientOrganizationOf(tx, sender.user.id) : null;
    const [row] = await queryRows<{ id: string; created_at: string }>(
      tx,
      sql`insert into contact_messages (user_id, first_name, last_name, email, company, service, message, spam, spam_reason, ip)
          values (${sender.user?.id ?? null}, ${input.firstName}, ${input.lastName}, ${input.email}, ${input.company ?? null},
                  ${input.service ?? null}, ${input.message}, ${spam !== null}, ${spam}, ${sender.ip})
          returning id, created_at`,
    );
    if (!row) throw new Error("contact message insert returned no row");
    const createdAt = new Date(row.created_at);
    const leadId = await recordLead(tx, {
      kind: "contact",
      userId: sender.user?.id ?? null,
      organizationId: client?.id ?? null,
      sourceTable: "contact_messages",
      sourceId: row.id,
      name: `${input.firstName} ${input.lastName}`,
      email: input.email,
      company: input.company ?? null,
      spamReason: spam,
      fields: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        ...(input.company ? { company: input.company } : {}),
        ...(input.service ? { service: input.service } : {}),
        message: input.message,
      },
      createdAt,
    });
    const mails = spam
      ? []
      : contactMails(input, {
          id: row.id,
          firmEmail: deps.config.firmEmail,
          receivedAt: createdAt,
          account: sender.user,
          client: client && {
            name: client.userName,
            organizationName: client.name,
            clientUrl: `${deps.config.publicUrl}/firm/clients/${client.id}`,
            leadUrl: `${deps.config.publicUrl}/firm/leads/${leadId}`,
            staff: (await firmPeopleOf(tx, client.id)).map((p) => p.email),
          },
        });
    await enqueueMail(tx, mails);
    return { id: row.id, spam, mails: mails.length };
  });
  deps.logger.info({ leadId: stored.id, kind: "contact", spam: stored.spam, mails: stored.mails }, "lead stored");
  return stored;
}

/** Stores a consultation request with its two mails, like storeContactMessage. */
export async function storeConsultationRequest(deps: LeadsDeps, input: ConsultationInput, sender: LeadSender): Promise<StoredLead> {
  const now = sender.now ?? Date.now();
  const spam = assess(deps, input, now);
  const stored = await deps.db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string; created_at: string }>(
      tx,
      sql`insert into consultation_requests (user_id, first_name, last_name, email, phone, company_name, services_interested,
                                             annual_revenue_range, challenges, preferred_time, spam, spam_reason, ip)
          values (${sender.user?.id ?? null}, ${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone ?? null},
                  ${input.companyName}, array(select jsonb_array_elements_text(${JSON.stringify(input.servicesInterested)}::jsonb)),
                  ${input.annualRevenueRange ?? null}, ${input.challenges}, ${input.preferredTime ?? null}, ${spam !== null}, ${spam},
                  ${sender.ip})
          returning id, created_at`,
    );
    if (!row) throw new Error("consultation request insert returned no row");
    const createdAt = new Date(row.created_at);
    await recordLead(tx, {
      kind: "consultation",
      userId: sender.user?.id ?? null,
      sourceTable: "consultation_requests",
      sourceId: row.id,
      name: `${input.firstName} ${input.lastName}`,
      email: input.email,
      company: input.companyName,
      spamReason: spam,
      fields: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        ...(input.phone ? { phone: input.phone } : {}),
        companyName: input.companyName,
        servicesInterested: input.servicesInterested,
        ...(input.annualRevenueRange ? { annualRevenueRange: input.annualRevenueRange } : {}),
        challenges: input.challenges,
        ...(input.preferredTime ? { preferredTime: input.preferredTime } : {}),
      },
      createdAt,
    });
    const mails = spam
      ? []
      : consultationMails(input, { id: row.id, firmEmail: deps.config.firmEmail, receivedAt: createdAt, account: sender.user });
    await enqueueMail(tx, mails);
    return { id: row.id, spam, mails: mails.length };
  });
  deps.logger.info({ leadId: stored.id, kind: "consultation", spam: stored.spam, mails: stored.mails }, "lead stored");
  return stored;
}
