import Stripe from "stripe";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectFees, overdueFees } from "~/features/billing/index.server.ts";
import type { ProposalDetails, PublicProposal } from "~/features/proposals/proposals.types.ts";
import { isTestProcessor, type TestProcessor } from "~/features/payments/test-processor.server.ts";
import { runDueRecurringInvoices } from "~/features/sales/recurring-invoices.server.ts";
import { addDays, todayIso } from "~/lib/format.ts";
import { queryRows } from "~/server/db/client.ts";
import type { ClientBilling, PayOutcome } from "~/features/billing/client-billing.types.ts";
import { consultationLead } from "../support/consultation.ts";
import { ledgerBalances } from "../support/ledger.ts";
import { outboxRows } from "../support/outbox.ts";
import { createSignedInUser, createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * The firm's fees from proposal to payment (decision 119), through the API and the local test processor: a lead's
 * proposal accepted starts billing in the firm's own books (a monthly and a one-off invoice, lines tied to the proposal's
 * services); the client gives a card on the processor's page; the collection mails and collects each invoice exactly
 * once; the processor's events post the payment with its fee and the payout; a replayed event, a bad signature, an
 * unknown invoice and a wrong amount change nothing; a declined card is retried once after three business days and the
 * client is mailed each time; a bank transfer pays another invoice; the firm's trial balance equals ledger's.
 */

interface Refusal {
  error: string;
  code: string;
}

const logLines: string[] = [];
describe("the firm's fees: proposal to payment", () => {
  let t: TestApp;
  let admin: TestUser;
  let staff: TestUser;
  let processor: TestProcessor;
  let token: string;
  let proposal: ProposalDetails;
  let clientOrg: number;
  let firmOrg: number;
  const today = todayIso();

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, who: TestUser | null = staff) =>
    t.request(path, { ...init, ...(who ? { cookie: who.cookie } : {}) });
  const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBeLessThan(300);
    return (text ? JSON.parse(text) : {}) as T;
  };
  const link = (suffix = "", json?: unknown) =>
    t.request(`/api/proposal-links/${token}${suffix}`, { headers: { "x-forwarded-for": "203.0.113.7" }, ...(json ? { json } : {}) });
  const deps = () => ({ processor, publicUrl: TEST_ORIGIN, firmEmail: t.config.firmEmail });
  const firmInvoices = () =>
    queryRows<{ id: number; number: string; total: string; proposal_id: number | null }>(
      t.ctx.db,
      sql`select id, number, total::text as total, proposal_id from sales_documents
           where organization_id = ${firmOrg} and kind = 'invoice' and status = 'approved' order by id`,
    );
  const payments = () =>
    queryRows<{ document_id: number; status: string; amount_cents: string; fee_cents: string | null; attempt: number }>(
      t.ctx.db,
      sql`select document_id, status, amount_cents::text as amount_cents, fee_cents::text as fee_cents, attempt from processor_payments order by id`,
    );
  const balances = async () => {
    const rows = await queryRows<{ code: string; net: string }>(
      t.ctx.db,
      sql`select a.account_code as code, sum(l.debit_amount - l.credit_amount)::text as net
            from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id join chart_of_accounts a on a.id = l.account_id
           where e.organization_id = ${firmOrg} and e.status = 'posted' group by a.account_code having sum(l.debit_amount - l.credit_amount) <> 0`,
    );
    return Object.fromEntries(rows.map((r) => [r.code, r.net]));
  };
  const billing = (who: TestUser) => ok<ClientBilling>(call(`/api/accounting/orgs/${clientOrg}/billing`, {}, who));
  const signedWebhook = (event: object, secret = t.config.payments.processor === "test" ? t.config.payments.webhookSecret : "") => {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.request("/api/payments/webhook", {
      method: "POST",
      body: payload,
      headers: { "stripe-signature": header, "content-type": "application/json" },
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for", PAYMENT_PROCESSOR: "test", LOG_LEVEL: "error" }, { logLines });
    await t.ctx.mail.stop();
    if (!isTestProcessor(t.ctx.payments)) throw new Error("the test processor is not configured");
    processor = t.ctx.payments;
    admin = await createSignedInUser(t, { role: "admin", firstName: "Ada", lastName: "Admin" });
    staff = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Staff" });
    const leadId = await consultationLead(t);
    ({ proposal } = await ok<{ proposal: ProposalDetails }>(
      call("/api/firm/proposals", {
        json: {
          lead_id: leadId,
          title: "Professional with payroll",
          start_date: today,
          minimum_term_months: 12,
          expires_on: addDays(today, 14),
          letter: "Dear {{client_name}}, our fees:\n{{fees}}",
          lines: [
            { name: "Professional", description: "Monthly books and reports", price: "599.00", billing: "monthly", quantity: 1 },
            { name: "Payroll add-on", price: "50.00", billing: "monthly", quantity: 1, optional: true },
            { name: "Clean-up of last year", price: "1,200.00", billing: "one_off" },
          ],
        },
      }),
    ));
    await ok(call(`/api/firm/proposals/${proposal.id}/send`, { method: "POST" }));
    const [mail] = await outboxRows(t.ctx.db, sql`kind = 'proposal'`, "newest");
    token = /\/proposal\/([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("accepting starts billing in the firm's own books: a monthly and a one-off invoice, each line tied to its service", async () => {
    const { proposal: page } = await ok<{ proposal: PublicProposal }>(link());
    const option = page.lines.find((l) => l.optional)!.id;
    const { proposal: signed } = await ok<{ proposal: PublicProposal }>(
      link("/accept", {
        proposal_id: proposal.id,
        document_sha256: page.document_sha256,
        signer_name: "Maria Lopez",
        chosen_line_ids: [option],
        agree: true,
      }),
    );
    expect(signed.payment).toEqual({ card_payments: true, method_label: null });
    [{ organization_id: firmOrg }] = (
      await queryRows<{ organization_id: number }>(t.ctx.db, sql`select organization_id from firm_books`)
    ).map((r) => ({
      organization_id: Number(r.organization_id),
    })) as [{ organization_id: number }];
    [{ organization_id: clientOrg }] = (
      await queryRows<{ organization_id: number }>(t.ctx.db, sql`select organization_id from proposals where id = ${proposal.id}`)
    ).map((r) => ({ organization_id: Number(r.organization_id) })) as [{ organization_id: number }];
    expect(clientOrg).not.toBe(firmOrg);
    const invoices = await firmInvoices();
    expect(invoices.map((i) => i.total).sort()).toEqual(["1200.00", "649.00"]);
    expect(invoices.every((i) => Number(i.proposal_id) === proposal.id)).toBe(true);
    const tied = await queryRows<{ description: string; proposal_line_id: number | null }>(
      t.ctx.db,
      sql`select l.description, l.proposal_line_id from sales_document_lines l join sales_documents d on d.id = l.document_id
           where d.organization_id = ${firmOrg} and d.status = 'approved' order by l.description`,
    );
    expect(tied.map((l) => l.description)).toEqual(["Clean-up of last year", "Payroll add-on", "Professional: Monthly books and reports"]);
    expect(tied.every((l) => l.proposal_line_id !== null)).toBe(true);
    // The firm's books are not one of its clients.
    const { clients } = await ok<{ clients: { id: number }[] }>(call("/api/firm/clients", {}, admin));
    expect(clients.map((c) => c.id)).not.toContain(firmOrg);
  });

  it("mails each invoice once, and collects nothing before the client gives a payment method", async () => {
    const first = await collectFees(t.ctx.db, deps(), today);
    const again = await collectFees(t.ctx.db, deps(), today);
    expect(first).toEqual({ mailed: 2, attempted: 0, reminded: 0 });
    expect(again).toEqual({ mailed: 0, attempted: 0, reminded: 0 });
    const mails = await outboxRows(t.ctx.db, sql`kind = 'sales-document' and to_address = 'maria@example.com'`);
    expect(mails).toHaveLength(2);
    expect(JSON.stringify(mails[0])).toContain("application/pdf");
  });

  it("the client gives a card on the processor's page; her invoices are collected once, posted with the fee, paid out", async () => {
    const { url } = await ok<{ url: string }>(link("/payment-method", {}));
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/api\/test-processor\/setup\//);
    const page = await t.request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Card or bank account number");
    const saved = await t.request(path, {
      method: "POST",
      body: "number=4242+4242+4242+4242",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN },
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`${TEST_ORIGIN}/proposal/${token}?method=saved`);
    await processor.settled();
    const { proposal: after } = await ok<{ proposal: PublicProposal }>(link());
    expect(after.payment?.method_label).toBe("Visa •••• 4242");

    // Two runs at once (as two processes would): each invoice charged once.
    const runs = await Promise.all([collectFees(t.ctx.db, deps(), today), collectFees(t.ctx.db, deps(), today)]);
    expect(runs[0]!.attempted + runs[1]!.attempted).toBe(2);
    await processor.settled();
    const charges = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from test_processor_charges`);
    expect(charges[0]!.n).toBe(2);
    const paid = await payments();
    expect(paid.map((p) => [p.status, p.amount_cents, p.fee_cents]).sort()).toEqual([
      ["succeeded", "120000", "3510"],
      ["succeeded", "64900", "1912"],
    ]);
    // Receivable settled; the clearing account paid out into the bank; the fees expensed; the revenue earned.
    expect(await balances()).toEqual({ "1000": "1794.78", "4100": "-1849.00", "6300": "54.22" });
  });

  it("a replayed event, a bad signature, an unknown invoice and a wrong amount change nothing", async () => {
    const before = await balances();
    const [invoice] = await firmInvoices();
    const succeeded = (id: string, documentId: number, amount: number) => ({
      id,
      object: "event",
      type: "payment_intent.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `pi_${id}`,
          object: "payment_intent",
          amount: amount,
          amount_received: amount,
          currency: "usd",
          metadata: { document_id: String(documentId) },
          latest_charge: {
            id: `ch_${id}`,
            object: "charge",
            balance_transaction: { id: `txn_${id}`, object: "balance_transaction", fee: 0, currency: "usd" },
          },
        },
      },
    });
    const unknown = await signedWebhook(succeeded("evt_unknown", 999999, 100));
    expect(unknown.status, logLines.join("\n")).toBe(422);
    const wrong = await signedWebhook(succeeded("evt_wrong", Number(invoice!.id), 100));
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as Refusal).code).toBe("WEBHOOK_REFUSED");
    const bad = await signedWebhook(succeeded("evt_bad", Number(invoice!.id), 100), "whsec_not_the_secret");
    expect(bad.status).toBe(400);
    const payout = {
      id: "evt_payout_replayed",
      object: "event",
      type: "payout.paid",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "po_replayed", object: "payout", amount: 0, currency: "usd", arrival_date: Math.floor(Date.now() / 1000) } },
    };
    for (let i = 0; i < 3; i++) expect((await signedWebhook(payout)).status).toBe(200);
    expect(await balances()).toEqual(before);
    const audited = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from audit_log where action like 'payments.webhook_%' order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual([
      "payments.webhook_refused",
      "payments.webhook_refused",
      "payments.webhook_bad_signature",
    ]);
    const events = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from processor_events where event_id = 'evt_payout_replayed'`,
    );
    expect(events[0]!.n).toBe(1);
  });

  it("a declined card: retried once after three business days, the client mailed each time, then left for her to pay", async () => {
    const { url } = await ok<{ url: string }>(link("/payment-method", {}));
    const path = new URL(url).pathname;
    await t.request(path, {
      method: "POST",
      body: "number=4000000000000341",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN },
    });
    await processor.settled();
    // Next month's invoice.
    const nextMonth = addDays(today, 31);
    expect(await runDueRecurringInvoices(t.ctx.db, nextMonth)).toBe(1);
    const run = await collectFees(t.ctx.db, deps(), nextMonth);
    expect(run).toMatchObject({ mailed: 1, attempted: 1 });
    await processor.settled();
    const failedMails = () => outboxRows(t.ctx.db, sql`kind = 'fee-payment-failed'`);
    expect(await failedMails()).toHaveLength(1);
    const [collection] = await queryRows<{ next_attempt_on: string; attempts: number }>(
      t.ctx.db,
      sql`select next_attempt_on::text as next_attempt_on, attempts from fee_collections order by document_id desc limit 1`,
    );
    expect(collection!.attempts).toBe(1);
    // Not before its day; on its day, once.
    expect((await collectFees(t.ctx.db, deps(), nextMonth)).attempted).toBe(0);
    expect((await collectFees(t.ctx.db, deps(), collection!.next_attempt_on)).attempted).toBe(1);
    await processor.settled();
    expect(await failedMails()).toHaveLength(2);
    expect((await collectFees(t.ctx.db, deps(), addDays(collection!.next_attempt_on, 10))).attempted).toBe(0);
    const last = (await payments()).at(-1)!;
    expect(last).toMatchObject({ status: "failed", attempt: 2 });
    // Past its due date, the firm's overview counts it.
    expect(await overdueFees(t.ctx.db, addDays(nextMonth, 30))).toMatchObject({ organization_id: firmOrg, count: 1, total: "649.00" });
    expect(await overdueFees(t.ctx.db, nextMonth)).toMatchObject({ count: 0, total: "0.00" });
  });

  it("the client's Billing page: her invoices and payments, for her owner only; a bank transfer pays the last invoice", async () => {
    const [owner] = await queryRows<{ email: string }>(
      t.ctx.db,
      sql`select i.email from organization_invitations i where i.organization_id = ${clientOrg} limit 1`,
    );
    expect(owner?.email).toBe("maria@example.com");
    const maria = await createSignedInUser(t, { role: "client", email: "maria-owner@example.com" });
    await t.ctx.db.execute(
      sql`insert into organization_memberships (organization_id, user_id, role) values (${clientOrg}, ${maria.id}, 'owner')`,
    );
    const page = await billing(maria);
    expect(page.billed).toBe(true);
    expect(page.invoices).toHaveLength(3);
    expect(page.invoices.filter((i) => i.state === "paid")).toHaveLength(2);
    const open = page.invoices.find((i) => i.state !== "paid")!;
    expect(open.owed).toBe("649.00");
    expect(page.payments.filter((p) => p.status === "failed")).toHaveLength(2);
    // Not the firm's accountant on her books (403, saying why), not anyone else (404).
    expect((await call(`/api/accounting/orgs/${clientOrg}/billing`, {}, staff)).status).toBe(403);
    const stranger = await createSignedInUser(t, { role: "client" });
    expect((await call(`/api/accounting/orgs/${clientOrg}/billing`, {}, stranger)).status).toBe(404);
    // Paying now with the declined card fails and says why.
    const outcome = await ok<PayOutcome>(
      call(`/api/accounting/orgs/${clientOrg}/billing/invoices/${open.id}/pay`, { method: "POST" }, maria),
    );
    expect(outcome).toMatchObject({ status: "failed", message: "Your card was declined." });
    await processor.settled();
    // The PDF of her invoice, as an attachment; another document is not hers.
    const pdf = await call(`/api/accounting/orgs/${clientOrg}/billing/invoices/${open.id}/pdf`, {}, maria);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect((await call(`/api/accounting/orgs/${clientOrg}/billing/invoices/999999/pdf`, {}, maria)).status).toBe(404);
    // The transfer found in the firm's bank: its statement imported into the firm's books, the line matched to the invoice
    // the suggestions rank first (its number in the text), and settled.
    const [cash] = await queryRows<{ bank_account_id: number }>(t.ctx.db, sql`select bank_account_id from firm_books`);
    const { account: bankAccount } = await ok<{ account: { id: number } }>(
      call(
        `/api/bank/${firmOrg}/accounts`,
        { json: { name: "Firm operating account", kind: "bank", account_id: Number(cash!.bank_account_id) } },
        admin,
      ),
    );
    const bankPath = `/api/bank/${firmOrg}/accounts/${bankAccount.id}`;
    const paidOn = addDays(today, 40);
    const csv = `Date,Description,Amount\r\n${paidOn},LOPEZ BAKERY TRANSFER ${open.number},649.00\r\n`;
    await ok(call(`${bankPath}/statements?name=firm.csv`, { method: "POST", body: csv }, admin));
    const { lines } = await ok<{ lines: { id: number }[] }>(call(`${bankPath}/lines?show=all`, {}, admin));
    const { suggestions } = await ok<{ suggestions: { contact_id: number; allocations: { item_id: number; amount: string }[] }[] }>(
      call(`${bankPath}/lines/${lines[0]!.id}/open-items`, {}, admin),
    );
    const [contact] = await queryRows<{ contact_id: number }>(
      t.ctx.db,
      sql`select contact_id from billing_accounts where client_organization_id = ${clientOrg}`,
    );
    expect(suggestions[0]).toMatchObject({ contact_id: Number(contact!.contact_id), allocations: [{ amount: "649.00" }] });
    await ok(
      call(
        `${bankPath}/lines/${lines[0]!.id}/settle`,
        { json: { contact_id: suggestions[0]!.contact_id, allocations: suggestions[0]!.allocations } },
        admin,
      ),
    );
    const after = await billing(maria);
    expect(after.invoices.every((i) => i.state === "paid")).toBe(true);
    expect(after.payments.filter((p) => p.via === "transfer")).toEqual([
      expect.objectContaining({ amount: "649.00", status: "succeeded" }),
    ]);
    // Paid: nothing more is collected or reminded.
    expect(await collectFees(t.ctx.db, deps(), addDays(today, 90))).toEqual({ mailed: 0, attempted: 0, reminded: 0 });
  });

  it("the firm's trial balance equals ledger's balances over its exported journal", async () => {
    const exported = await (await t.request(`/api/books-csv/${firmOrg}/journal.csv`, { cookie: admin.cookie })).text();
    const byLedger = ledgerBalances(exported);
    const byProduct = new Map(Object.entries(await balances()).map(([code, net]) => [code, Math.round(Number(net) * 100)] as const));
    expect(byProduct.get("4100")).toBe(-249_800);
    expect(byLedger).toEqual(byProduct);
  });
});
