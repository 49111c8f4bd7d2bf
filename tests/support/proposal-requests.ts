import { sql } from "drizzle-orm";
import { addDays, todayIso } from "~/lib/format.ts";
import type { TestApp, TestUser } from "./test-app.ts";
import type { Json, ValidRequest } from "./api-requests.ts";
import { outboxRows } from "./outbox.ts";
import { queryRows } from "~/server/db/client.ts";

/*
 * Proposals in the route catalogue (api-requests.ts): a letter template, proposals to the client's books made and sent
 * through the API (each write that changes a proposal's state has one of its own), and links for the client's routes.
 */

export interface ProposalFixtures {
  templateId: number;
  /** Drafts: edited, deleted, sent. */
  draftId: number;
  spareDraftId: number;
  sendId: number;
  /** Sent: its links revoked. */
  revokeId: number;
  /** Accepted (its signed PDF). */
  acceptedId: number;
  /** Sent, with their links' secrets: viewed, accepted, declined. */
  view: { id: number; token: string; hash: string };
  accept: { id: number; token: string; hash: string; optionId: number };
  decline: { id: number; token: string };
  /** The firm's first invoice to the client, made when the accepted proposal started her billing (decision 119). */
  feeInvoiceId: number;
}

export function proposalBody(orgId: number, templateId: number, o: Json = {}): Json {
  return {
    organization_id: orgId,
    client_email: "owner@example.com",
    title: "Bookkeeping",
    start_date: "2026-09-01",
    minimum_term_months: 12,
    expires_on: addDays(todayIso(), 30),
    template_id: templateId,
    lines: [
      { name: "Professional", description: "Monthly books", price: "599.00", billing: "monthly", quantity: 1, optional: false },
      { name: "Payroll add-on", price: "50.00", billing: "monthly", quantity: 1, optional: true },
    ],
    ...o,
  };
}

export async function createProposalFixtures(t: TestApp, admin: TestUser, orgId: number): Promise<ProposalFixtures> {
  const call = async <T>(path: string, json?: Json, method?: string): Promise<T> => {
    const res = await t.request(`/api${path}`, { cookie: admin.cookie, ...(json ? { json } : {}), ...(method ? { method } : {}) });
    const text = await res.text();
    if (!res.ok) throw new Error(`fixture request failed: ${path} ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const { template } = await call<{ template: { id: number } }>("/firm/proposals/templates", {
    name: "Fuzz letter",
    body: "Dear {{client_name}}, we start on {{start_date}}.\n{{fees}}",
  });
  const make = async (title: string) =>
    (await call<{ proposal: { id: number } }>("/firm/proposals", proposalBody(orgId, template.id, { title }))).proposal.id;
  const sent = async (title: string) => {
    const id = await make(title);
    const { proposal } = await call<{ proposal: { document_sha256: string; lines: { id: number; optional: boolean }[] } }>(
      `/firm/proposals/${id}/send`,
      {},
    );
    const [mail] = await outboxRows(t.ctx.db, sql`kind = 'proposal'`, "newest");
    const token = /\/proposal\/([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
    return { id, token, hash: proposal.document_sha256, optionId: proposal.lines.find((l) => l.optional)!.id };
  };
  const accepted = await sent("Fuzz accepted");
  const res = await t.request(`/api/proposal-links/${accepted.token}/accept`, {
    json: { proposal_id: accepted.id, document_sha256: accepted.hash, signer_name: "Fuzz Owner", chosen_line_ids: [], agree: true },
  });
  if (!res.ok) throw new Error(`fixture acceptance failed: ${res.status} ${await res.text()}`);
  const decline = await sent("Fuzz decline");
  const [fee] = await queryRows<{ id: number }>(
    t.ctx.db,
    sql`select d.id from sales_documents d join firm_books f on f.organization_id = d.organization_id
         where d.kind = 'invoice' and d.status = 'approved' order by d.id limit 1`,
  );
  if (!fee) throw new Error("fixture: the accepted proposal made no invoice in the firm's books");
  return {
    feeInvoiceId: Number(fee.id),
    templateId: template.id,
    draftId: await make("Fuzz draft"),
    spareDraftId: await make("Fuzz spare"),
    sendId: await make("Fuzz send"),
    revokeId: (await sent("Fuzz revoke")).id,
    acceptedId: accepted.id,
    view: await sent("Fuzz view"),
    accept: await sent("Fuzz accept"),
    decline: { id: decline.id, token: decline.token },
  };
}

export function proposalRequests(f: { orgId: number; owner: TestUser; proposals: ProposalFixtures }): ValidRequest[] {
  const x = () => f.proposals;
  const org = { orgId: () => String(f.orgId) };
  const owner = () => f.owner;
  const id = (key: "draftId" | "spareDraftId" | "sendId" | "revokeId" | "acceptedId") => ({ id: () => String(x()[key]) });
  return [
    { method: "GET", path: "/api/firm/proposals/templates" },
    { method: "POST", path: "/api/firm/proposals/templates", body: () => ({ name: "Another letter", body: "Dear {{client_name}}" }) },
    {
      method: "PUT",
      path: "/api/firm/proposals/templates/:templateId",
      params: { templateId: () => String(x().templateId) },
      body: () => ({ name: "Fuzz letter", body: "Dear {{client_name}}, from {{firm_name}}" }),
    },
    { method: "GET", path: "/api/firm/proposals", query: () => ({ status: "sent" }) },
    {
      method: "POST",
      path: "/api/firm/proposals",
      body: () => proposalBody(f.orgId, x().templateId),
      deep: ["lines.0.name", "lines.0.price", "lines.0.billing", "lines.0.quantity"],
    },
    { method: "GET", path: "/api/firm/proposals/:id", params: id("draftId") },
    {
      method: "PUT",
      path: "/api/firm/proposals/:id",
      params: id("draftId"),
      body: () => proposalBody(f.orgId, x().templateId, { title: "Fuzz draft, edited" }),
      deep: ["lines.0.name", "lines.0.price"],
    },
    { method: "DELETE", path: "/api/firm/proposals/:id", params: id("spareDraftId") },
    // Its body may be left out (the client's email, no message): sent without one, as the sales send route is.
    { method: "POST", path: "/api/firm/proposals/:id/send", params: id("sendId") },
    { method: "POST", path: "/api/firm/proposals/:id/revoke", params: id("revokeId") },
    { method: "GET", path: "/api/firm/proposals/:id/signed.pdf", params: id("acceptedId") },
    { method: "GET", path: "/api/proposal-links/:token", params: { token: () => x().view.token }, anonymous: true },
    {
      method: "POST",
      path: "/api/proposal-links/:token/accept",
      params: { token: () => x().accept.token },
      anonymous: true,
      body: () => ({
        proposal_id: x().accept.id,
        document_sha256: x().accept.hash,
        signer_name: "Fuzz Owner",
        chosen_line_ids: [x().accept.optionId],
        agree: true,
      }),
    },
    // After accepting: the processor's page for her payment method (409 here: the catalogue's app has no processor).
    { method: "POST", path: "/api/proposal-links/:token/payment-method", params: { token: () => x().view.token }, anonymous: true },
    // The client's Billing page, as her owner (decision 119).
    { method: "GET", path: "/api/accounting/orgs/:orgId/billing", params: org, as: owner, query: () => ({ page: "1" }) },
    {
      method: "GET",
      path: "/api/accounting/orgs/:orgId/billing/invoices/:id/pdf",
      params: { ...org, id: () => String(x().feeInvoiceId) },
      as: owner,
    },
    { method: "POST", path: "/api/accounting/orgs/:orgId/billing/payment-method", params: org, as: owner },
    {
      method: "POST",
      path: "/api/accounting/orgs/:orgId/billing/invoices/:id/pay",
      params: { ...org, id: () => String(x().feeInvoiceId) },
      as: owner,
    },
    // The processor's events: no session, the signature is the credential (404 here: no processor is configured).
    { method: "POST", path: "/api/payments/webhook", anonymous: true, body: () => ({ id: "evt_fuzz", type: "payout.paid" }) },
    {
      method: "POST",
      path: "/api/proposal-links/:token/decline",
      params: { token: () => x().decline.token },
      anonymous: true,
      body: () => ({ proposal_id: x().decline.id, reason: "Not now" }),
    },
  ];
}
