import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProposalDetails, PublicProposal } from "~/features/proposals/proposals.types.ts";
import { queryRows } from "~/server/db/client.ts";
import { addDays, todayIso } from "~/lib/format.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { outboxRows } from "../support/outbox.ts";
import { consultationLead } from "../support/consultation.ts";
import { pdfText } from "../support/pdf.ts";
import { verifyPdfSignature } from "../support/pdf-signature.ts";

/*
 * Proposals and signing them online (decision 118), through the API: a letter template, a proposal to a lead composed
 * and sent (the document frozen, the mail queued with its link); the client's page marks it viewed; the refusals (a
 * link for another proposal, a tampered hash, an option that is not one, a second acceptance, a declined or expired
 * proposal), each writing nothing and audited where it is an attack; the evidence and the signed PDF with its hash;
 * the lead converted into a client.
 */

interface Refusal {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

const LETTER =
  "Dear {{client_name}},\n\nThank you for choosing {{firm_name}} for {{company}}. We start on {{start_date}} for a minimum term of {{minimum_term}}.\n\nOur fees:\n{{fees}}";

describe("proposals: composing, sending, signing", () => {
  let t: TestApp;
  let staff: TestUser;
  let client: TestUser;
  let leadId: string;
  let templateId: number;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, who: TestUser | null = staff) =>
    t.request(path, { ...init, ...(who ? { cookie: who.cookie } : {}) });
  const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBeLessThan(300);
    return (text ? JSON.parse(text) : {}) as T;
  };
  const refused = async (res: Response | Promise<Response>, status: number, field?: string): Promise<Refusal> => {
    const r = await res;
    const body = (await r.json()) as Refusal;
    expect(r.status, JSON.stringify(body)).toBe(status);
    if (field) expect(Object.keys(body.fields ?? {}), JSON.stringify(body)).toContain(field);
    return body;
  };
  const visitor = { "x-forwarded-for": "203.0.113.7", "user-agent": "Mozilla/5.0 (iPhone) Signer" };
  const link = (token: string, suffix = "", json?: unknown) =>
    t.request(`/api/proposal-links/${token}${suffix}`, { headers: visitor, ...(json ? { json } : {}) });
  const proposalBody = (o: Record<string, unknown> = {}) => ({
    lead_id: leadId,
    title: "Bookkeeping and payroll",
    start_date: "2026-09-01",
    minimum_term_months: 12,
    expires_on: addDays(todayIso(), 14),
    template_id: templateId,
    lines: [
      { name: "Professional", description: "Monthly books and reports", price: "599.00", billing: "monthly", quantity: 1 },
      { name: "Payroll add-on", price: "50.00", billing: "monthly", quantity: 2, optional: true },
      { name: "Clean-up of last year", price: "1,200.00", billing: "one_off" },
    ],
    ...o,
  });
  const tokenIn = (text: string) => /\/proposal\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
  const audits = (action: string) => queryRows<{ id: number }>(t.ctx.db, sql`select id from audit_log where action = ${action}`);
  const stateOf = async (id: number) =>
    (
      await queryRows<{ status: string; signer_name: string | null }>(
        t.ctx.db,
        sql`select status, signer_name from proposals where id = ${id}`,
      )
    )[0]!;

  async function sendAndToken(body: Record<string, unknown> = {}): Promise<{ proposal: ProposalDetails; token: string }> {
    const { proposal } = await ok<{ proposal: ProposalDetails }>(call("/api/firm/proposals", { json: proposalBody(body) }));
    await ok(call(`/api/firm/proposals/${proposal.id}/send`, { method: "POST" }));
    const [mail] = await outboxRows(t.ctx.db, sql`kind = 'proposal'`, "newest");
    return {
      proposal: (await ok<{ proposal: ProposalDetails }>(call(`/api/firm/proposals/${proposal.id}`))).proposal,
      token: tokenIn(mail!.text_body),
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    await t.ctx.mail.stop();
    staff = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Staff" });
    client = await createSignedInUser(t, { role: "client" });
    leadId = await consultationLead(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps the firm's API from clients and visitors (404) and refuses bad input naming the field", async () => {
    expect((await call("/api/firm/proposals", {}, client)).status).toBe(404);
    expect((await call("/api/firm/proposals", {}, null)).status).toBe(404);
    await refused(call("/api/firm/proposals/templates", { json: { name: "Bad", body: "Hello {{nobody}}" } }), 400, "body");
    templateId = (
      await ok<{ template: { id: number } }>(call("/api/firm/proposals/templates", { json: { name: "Monthly bookkeeping", body: LETTER } }))
    ).template.id;
    await refused(call("/api/firm/proposals", { json: proposalBody({ lines: [] }) }), 400, "lines");
    await refused(call("/api/firm/proposals", { json: proposalBody({ expires_on: "2020-01-01" }) }), 400, "expires_on");
    await refused(call("/api/firm/proposals", { json: proposalBody({ lead_id: null }) }), 400, "lead_id");
    await refused(
      call("/api/firm/proposals", { json: proposalBody({ lines: [{ name: "X", price: "1.234", billing: "monthly" }] }) }),
      400,
      "lines.0.price",
    );
  });

  it("composes a draft from the lead, edits it, and sends it: the document frozen, the mail queued with its link", async () => {
    const { proposal: draft } = await ok<{ proposal: ProposalDetails }>(call("/api/firm/proposals", { json: proposalBody() }));
    expect(draft).toMatchObject({
      status: "draft",
      client_name: "Maria Lopez",
      client_email: "maria@example.com",
      company: "Lopez Bakery",
    });
    expect(draft.totals).toEqual({ monthly: "599.00", one_off: "1200.00" });
    expect(draft.lines.map((l) => l.amount)).toEqual(["599.00", "100.00", "1200.00"]);
    const { proposal: edited } = await ok<{ proposal: ProposalDetails }>(
      call(`/api/firm/proposals/${draft.id}`, { method: "PUT", json: proposalBody({ title: "Books, payroll and clean-up" }) }),
    );
    expect(edited.title).toBe("Books, payroll and clean-up");
    await ok(call(`/api/firm/proposals/${draft.id}/send`, { method: "POST", json: { message: "As discussed on Tuesday." } }));
    const { proposal: sent } = await ok<{ proposal: ProposalDetails }>(call(`/api/firm/proposals/${draft.id}`));
    expect(sent.status).toBe("sent");
    expect(sent.document_text).toContain("Dear Maria Lopez,");
    expect(sent.document_text).toContain("Ledgerline Advisors for Lopez Bakery");
    expect(sent.document_text).toContain("minimum term of 12 months");
    expect(sent.document_text).toContain("- Payroll add-on: 2 × $50.00 = $100.00 per month (optional)");
    expect(sent.document_sha256).toBe(createHash("sha256").update(sent.document_text!).digest("hex"));
    const [mail] = await outboxRows(t.ctx.db, sql`kind = 'proposal'`, "newest");
    expect(mail!.to_address).toBe("maria@example.com");
    expect(mail!.text_body).toContain("As discussed on Tuesday.");
    const token = tokenIn(mail!.text_body);
    const [stored] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from proposal_links where token_hash = ${createHash("sha256").update(token).digest()}`,
    );
    expect(stored!.n).toBe(1);
    // Frozen: no edit once sent.
    await refused(call(`/api/firm/proposals/${draft.id}`, { method: "PUT", json: proposalBody() }), 409);
  });

  it("opens by its link (viewed the first time), refuses every bad answer writing nothing, then keeps the evidence of acceptance", async () => {
    const { proposal, token } = await sendAndToken();
    const { token: otherToken, proposal: other } = await sendAndToken({ title: "Another proposal" });
    expect((await link("A".repeat(43))).status).toBe(404);
    const { proposal: page } = await ok<{ proposal: PublicProposal }>(link(token));
    expect(page).toMatchObject({ proposal_id: proposal.id, status: "viewed", document_sha256: proposal.document_sha256 });
    expect(JSON.stringify(page)).not.toContain("catalogue_item_id");
    const { proposal: seen } = await ok<{ proposal: ProposalDetails }>(call(`/api/firm/proposals/${proposal.id}`));
    expect(seen.status).toBe("viewed");
    const viewedAt = seen.viewed_at;
    await ok(link(token));
    expect((await ok<{ proposal: ProposalDetails }>(call(`/api/firm/proposals/${proposal.id}`))).proposal.viewed_at).toBe(viewedAt);

    const option = page.lines.find((l) => l.optional)!.id;
    const accept = (o: Record<string, unknown> = {}) => ({
      proposal_id: proposal.id,
      document_sha256: page.document_sha256,
      signer_name: "Maria Lopez",
      chosen_line_ids: [option],
      agree: true,
      ...o,
    });
    const before = (await audits("proposal.link_mismatch")).length;
    await refused(link(otherToken, "/accept", accept()), 403);
    expect((await audits("proposal.link_mismatch")).length).toBe(before + 1);
    await refused(link(token, "/accept", accept({ document_sha256: "0".repeat(64) })), 409, "document_sha256");
    expect((await audits("proposal.hash_mismatch")).length).toBe(1);
    await refused(link(token, "/accept", accept({ chosen_line_ids: [page.lines[0]!.id] })), 400, "chosen_line_ids");
    await refused(link(token, "/accept", accept({ signer_name: "Maria" })), 400, "signer_name");
    await refused(link(token, "/accept", accept({ agree: false })), 400, "agree");
    expect(await stateOf(proposal.id)).toEqual({ status: "viewed", signer_name: null });
    expect(await stateOf(other.id)).toEqual({ status: "sent", signer_name: null });

    const { proposal: signed } = await ok<{ proposal: PublicProposal }>(link(token, "/accept", accept()));
    expect(signed.status).toBe("accepted");
    expect(signed.accepted).toMatchObject({ signer_name: "Maria Lopez", chosen_line_ids: [option] });
    await refused(link(token, "/accept", accept()), 409);
    await refused(link(token, "/decline", { proposal_id: proposal.id }), 409);

    const { proposal: firm } = await ok<{ proposal: ProposalDetails }>(call(`/api/firm/proposals/${proposal.id}`));
    expect(firm.status).toBe("accepted");
    expect(firm.evidence).toMatchObject({
      signer_name: "Maria Lopez",
      signer_email: "maria@example.com",
      signer_ip: "203.0.113.7",
      signer_user_agent: "Mozilla/5.0 (iPhone) Signer",
      document_sha256: proposal.document_sha256,
      chosen_line_ids: [option],
    });
    const res = await call(`/api/firm/proposals/${proposal.id}/signed.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment;/);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(createHash("sha256").update(pdf).digest("hex")).toBe(firm.evidence!.signed_pdf_sha256);
    const text = pdfText(pdf);
    expect(text).toContain("Evidence of signature");
    expect(text).toContain(proposal.document_sha256!);
    expect(text).toContain("203.0.113.7");
    expect(text).toContain("Maria Lopez");
    // Signed with the firm's certificate: the signature verifies, and a change to one byte it covers does not.
    const signature = verifyPdfSignature(pdf);
    expect(signature.ok, signature.detail).toBe(true);
    expect(signature.signer).toContain("Ledgerline Advisors");
    const tampered = Buffer.from(pdf);
    const at = Math.floor(pdf.indexOf("/ByteRange") / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    expect(verifyPdfSignature(tampered).ok).toBe(false);

    const signedMails = await outboxRows(t.ctx.db, sql`kind = 'proposal-signed'`);
    expect(signedMails.map((m) => m.to_address).sort()).toEqual([t.config.firmEmail, "maria@example.com"].sort());
    expect(Buffer.from(signedMails[0]!.attachments[0]!.content, "base64").equals(pdf)).toBe(true);

    // The lead became a client (the existing conversion), the proposal now on its organization.
    const [lead] = await queryRows<{ status: string; organization_id: number | null }>(
      t.ctx.db,
      sql`select status, organization_id from leads where id = ${leadId}`,
    );
    expect(lead!.status).toBe("won");
    expect(lead!.organization_id).not.toBeNull();
    expect(firm.organization_id).toBe(Number(lead!.organization_id));
  });

  it("refuses a declined proposal, an expired one (410) and a revoked link (404)", async () => {
    const { proposal, token } = await sendAndToken({ title: "To decline" });
    await ok(link(token, "/decline", { proposal_id: proposal.id, reason: "Too expensive" }));
    const page = (await ok<{ proposal: PublicProposal }>(link(token))).proposal;
    expect(page.status).toBe("declined");
    await refused(
      link(token, "/accept", { proposal_id: proposal.id, document_sha256: page.document_sha256, signer_name: "Maria Lopez", agree: true }),
      409,
    );
    expect(await stateOf(proposal.id)).toEqual({ status: "declined", signer_name: null });

    const late = await sendAndToken({ title: "To expire" });
    await t.ctx.db.execute(sql`update proposals set expires_on = current_date - 1 where id = ${late.proposal.id}`);
    await refused(link(late.token), 410);
    await refused(
      link(late.token, "/accept", {
        proposal_id: late.proposal.id,
        document_sha256: late.proposal.document_sha256,
        signer_name: "Maria Lopez",
        agree: true,
      }),
      410,
    );
    expect((await ok<{ proposal: ProposalDetails }>(call(`/api/firm/proposals/${late.proposal.id}`))).proposal.status).toBe("expired");
    expect((await ok<{ proposals: { id: number }[] }>(call("/api/firm/proposals?status=expired"))).proposals.map((p) => p.id)).toEqual([
      late.proposal.id,
    ]);

    const revoked = await sendAndToken({ title: "To revoke" });
    await ok(call(`/api/firm/proposals/${revoked.proposal.id}/revoke`, { method: "POST" }));
    await refused(link(revoked.token), 404);
  });
});
