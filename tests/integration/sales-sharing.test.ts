import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { createSignedInUser, createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";
import { outboxRows } from "../support/outbox.ts";
import { pdfText } from "../support/pdf.ts";
import { logoPng } from "../support/sales-requests.ts";
import type { Contact, DocumentDetails } from "~/features/sales/sales.types.ts";
import type { CompanyAnswer, DocumentSent, LinkCreated, SharedDocumentAnswer, StatementsQueued } from "~/features/sales/sharing.types.ts";

/*
 * Documents going out of the books (decision 116), through the API: an invoice's PDF with the business's name,
 * address and logo and every figure; a link for the customer that opens that one document and nothing else, until it
 * expires or is revoked (then the same 404 as an unknown secret); the invoice mailed through the outbox with its PDF
 * and a fresh link; statements as PDF and by mail, for one customer and for every customer with something to say.
 */

interface Refusal {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

describe("documents going out: PDF, links, mail, statements", () => {
  let t: TestApp;
  let user: TestUser;
  let org: number;
  const acc: Record<string, number> = {};
  let vat21: number;
  let alice: Contact;
  let bob: Contact;
  let inv: DocumentDetails;
  let other: DocumentDetails;
  let draftId: number;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`${booksPath(org)}${path}`, { ...init, cookie: user.cookie });
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
  const pdfOf = async (res: Response | Promise<Response>) => {
    const r = await res;
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/pdf");
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
    return Buffer.from(await r.arrayBuffer());
  };
  const contact = (name: string, o: Record<string, unknown> = {}) =>
    ok<{ contact: Contact }>(call("/contacts", { json: { name, ...o } })).then((r) => r.contact);
  const approved = async (contactId: number, date: string, lines: unknown[]) => {
    const { document } = await ok<{ document: DocumentDetails }>(
      call("/documents", { json: { kind: "invoice", contact_id: contactId, issue_date: date, lines, reference: "PO-77" } }),
    );
    return (await ok<{ document: DocumentDetails }>(call(`/documents/${document.id}/approve`, { method: "POST" }))).document;
  };
  const shared = (token: string, suffix = "") => t.request(`/api/shared/documents/${token}${suffix}`);
  const tokenOf = (url: string) => url.split("/").pop()!;
  const statementMails = () => outboxRows(t.ctx.db, sql`kind = 'sales-statement'`);

  beforeAll(async () => {
    t = await createTestApp();
    // Mail stays in the outbox, as written: the test reads it there.
    await t.ctx.mail.stop();
    user = await createSignedInUser(t, { companyName: "Corner Bakery" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: user.cookie })).json()) as { organizations: { id: number }[] };
    org = orgs.organizations[0]!.id;
    const { accounts } = await ok<{ accounts: { id: number; account_name: string; account_type: string }[] }>(call("/accounts"));
    acc.bank = accounts.find((a) => a.account_type === "Asset")!.id;
    acc.revenue = accounts.find((a) => a.account_type === "Revenue")!.id;
    const ap = accounts.find((a) => a.account_name === "Accounts Payable")!.id;
    acc.vat = accounts.filter((a) => a.account_type === "Liability").find((a) => a.id !== ap)!.id;
    const [code] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into tax_codes (organization_id, code, name, kind, applies_to, base_boxes)
          values (${org}, 'S21', 'Sales 21%', 'output', 'sales', '{}'::text[]) returning id`,
    );
    vat21 = Number(code!.id);
    await t.ctx.db.execute(
      sql`insert into tax_code_parts (organization_id, tax_code_id, part_no, name, rate, role, account_id, boxes)
          values (${org}, ${vat21}, 1, 'VAT', 21, 'due', ${acc.vat}, '{}'::text[])`,
    );
    alice = await contact("Alice Ltd", { email: "alice@example.com", address: "4 Market Row\nLeeds LS1 6AB", payment_terms_days: 14 });
    bob = await contact("Bob & Co");
    const line = (description: string, quantity: string, unit_price: string, o: Record<string, unknown> = {}) => ({
      description,
      quantity,
      unit_price,
      account_id: acc.revenue,
      ...o,
    });
    inv = await approved(alice.id, "2026-09-01", [
      line("Bread", "3", "2.50"),
      line("Cake", "2", "19.99", { discount_percent: "10", tax_code_id: vat21 }),
    ]);
    other = await approved(alice.id, "2026-09-03", [line("Secret catering", "1", "999")]);
    await ok(
      call("/payments", {
        json: {
          contact_id: alice.id,
          side: "receivable",
          direction: "in",
          date: "2026-09-20",
          account_id: acc.bank,
          amount: "20.00",
          allocations: [{ item_id: inv.item_id, amount: "20.00" }],
        },
      }),
    );
    draftId = (
      await ok<{ document: DocumentDetails }>(
        call("/documents", { json: { kind: "invoice", contact_id: alice.id, issue_date: "2026-09-05", lines: [line("Draft", "1", "5")] } }),
      )
    ).document.id;
  });
  afterAll(async () => t?.close());

  it("keeps the business's address and logo for its documents, refusing what is not an image", async () => {
    const logo = `data:image/png;base64,${logoPng().toString("base64")}`;
    const { company } = await ok<CompanyAnswer>(
      call("/sales/company", { method: "PUT", json: { address: "12 Baker Street\nSpringfield, IL 62701", logo } }),
    );
    expect(company).toEqual({ name: "Corner Bakery", address: "12 Baker Street\nSpringfield, IL 62701", logo });
    await refused(
      call("/sales/company", {
        method: "PUT",
        json: { address: null, logo: `data:image/png;base64,${Buffer.from("%PDF-1.7 not a picture").toString("base64")}` },
      }),
      400,
      "logo",
    );
    await refused(
      call("/sales/company", { method: "PUT", json: { address: null, logo: "data:image/svg+xml;base64,PHN2Zz4=" } }),
      400,
      "logo",
    );
    await refused(call("/sales/company", { method: "PUT", json: {} }), 400, "address");
    // Left out, the logo stays.
    await ok(call("/sales/company", { method: "PUT", json: { address: "12 Baker Street\nSpringfield, IL 62701" } }));
    expect((await ok<CompanyAnswer>(call("/sales/company"))).company.logo).toBe(logo);
  });

  it("draws the invoice's PDF: the business, the customer, number, dates, lines, tax per code, totals and what is owed", async () => {
    const res = await call(`/documents/${inv.id}/pdf`);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="INV-0001.pdf"');
    const pdf = await pdfOf(res);
    const text = pdfText(pdf);
    for (const s of [
      "Corner Bakery",
      "12 Baker Street",
      "Springfield, IL 62701",
      "INVOICE",
      "INV-0001",
      "September 1, 2026",
      "September 15, 2026",
      "PO-77",
      "Alice Ltd",
      "4 Market Row",
      "Bread",
      "$2.50",
      "$7.50",
      "Cake",
      "$19.99",
      "10%",
      "S21",
      "$35.98",
      "Subtotal",
      "$43.48",
      "Sales 21% (S21)",
      "$7.56",
      "Total",
      "$51.04",
      "Paid and credited",
      "-$20.00",
      "Amount due",
      "$31.04",
      "Page 1 of 1",
    ])
      expect(text).toContain(s);
    // The logo is drawn; another document's figures are not there.
    expect(pdf.toString("latin1")).toMatch(/\/Subtype \/Image/);
    expect(text).not.toContain("Secret catering");
    // A bill prints its supplier and the supplier's own number; a draft prints as one; another organization's document
    // is not found.
    const expense = (await ok<{ accounts: { id: number; account_type: string }[] }>(call("/accounts"))).accounts.find(
      (a) => a.account_type === "Expense",
    )!.id;
    const supplier = await contact("Flour Mill", { is_customer: false, is_supplier: true, address: "Mill Road 1" });
    const { document: bill } = await ok<{ document: DocumentDetails }>(
      call("/documents", {
        json: {
          kind: "bill",
          contact_id: supplier.id,
          issue_date: "2026-09-02",
          reference: "FM-881",
          lines: [{ description: "Flour, 25 kg", quantity: "4", unit_price: "18.75", account_id: expense }],
        },
      }),
    );
    await ok(call(`/documents/${bill.id}/approve`, { method: "POST" }));
    const billText = pdfText(await pdfOf(call(`/documents/${bill.id}/pdf`)));
    for (const s of ["BILL", "BILL-0001", "SUPPLIER", "Flour Mill", "Mill Road 1", "Supplier's number", "FM-881", "$75.00", "Amount due"])
      expect(billText).toContain(s);
    // A bill does not go to anyone by a link or a mail.
    await refused(call(`/documents/${bill.id}/links`, { method: "POST" }), 409);
    await refused(call(`/documents/${bill.id}/send`, { method: "POST" }), 409);
    expect(pdfText(await pdfOf(call(`/documents/${draftId}/pdf`)))).toContain("DRAFT");
    const stranger = await createSignedInUser(t, { companyName: "Elsewhere" });
    const res2 = await t.request(`${booksPath(org)}/documents/${inv.id}/pdf`, { cookie: stranger.cookie });
    expect(res2.status).toBe(404);
  });

  it("a link opens its one document, with no session, only its customer-facing fields, and nothing else", async () => {
    await refused(call(`/documents/${draftId}/links`, { method: "POST" }), 409);
    await refused(call(`/documents/${inv.id}/links`, { json: { days: 91 } }), 400, "days");
    const before = Date.now();
    const { link } = await ok<LinkCreated>(call(`/documents/${inv.id}/links`, { method: "POST" }));
    const token = tokenOf(link.url);
    expect(link.url).toBe(`${TEST_ORIGIN}/shared/document/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(link.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    // Only the secret's SHA-256 is kept.
    const rows = await queryRows<{ hash: string }>(
      t.ctx.db,
      sql`select encode(token_hash, 'hex') as hash from document_links where id = ${link.id}`,
    );
    expect(rows[0]!.hash).toBe(createHash("sha256").update(token).digest("hex"));
    const [kept] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::integer as n from document_links where (to_jsonb(document_links)::text) like ${`%${token}%`}`,
    );
    expect(kept!.n).toBe(0);

    const res = await shared(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toMatch(/noindex/);
    const { document } = (await res.json()) as SharedDocumentAnswer;
    expect(document).toMatchObject({
      title: "Invoice",
      number: "INV-0001",
      issue_date: "2026-09-01",
      due_date: "2026-09-15",
      state: "partly_paid",
      currency: "USD",
      subtotal: "43.48",
      tax_total: "7.56",
      total: "51.04",
      paid: "20.00",
      owed: "31.04",
      customer: { name: "Alice Ltd", address: "4 Market Row\nLeeds LS1 6AB" },
      from: { name: "Corner Bakery", address: "12 Baker Street\nSpringfield, IL 62701" },
    });
    expect(document.lines.map((l) => [l.description, l.amount, l.tax_code])).toEqual([
      ["Bread", "7.50", null],
      ["Cake", "35.98", "S21"],
    ]);
    expect(document.taxes).toEqual([{ code: "S21", name: "Sales 21%", amount: "7.56" }]);
    // No id of any row, no account, no email, no other document.
    const keys = (v: unknown): string[] => (v && typeof v === "object" ? Object.entries(v).flatMap(([k, x]) => [k, ...keys(x)]) : []);
    expect(keys(document).filter((k) => /(^|_)id$|account|email|entry|item|payments|links/.test(k))).toEqual([]);
    const body = JSON.stringify(document);
    expect(body).not.toContain("Secret catering");
    expect(body).not.toContain("INV-0002");
    const [viewed] = await queryRows<{ last_viewed_at: string | null }>(
      t.ctx.db,
      sql`select last_viewed_at from document_links where id = ${link.id}`,
    );
    expect(viewed!.last_viewed_at).not.toBeNull();

    const pdf = pdfText(await pdfOf(shared(token, "/pdf")));
    expect(pdf).toContain("INV-0001");
    expect(pdf).not.toContain("Secret catering");

    // Nothing else is reached with it: not another document's id, not the books, not another path.
    const notFound = await refused(t.request(`/api/shared/documents/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`), 404);
    expect((await refused(shared(String(other.id)), 404)).error).toBe(notFound.error);
    expect(
      ((await shared(token, `?id=${other.id}&document_id=${other.id}`).then((r) => r.json())) as SharedDocumentAnswer).document.number,
    ).toBe("INV-0001");
    for (const path of [
      `/api/shared/documents/${token}/${other.id}`,
      `/api/shared/documents/${token}/links`,
      `/api/shared/documents/${token}x`,
      `/api/shared/documents/${token}/../${other.id}`,
      `/api/shared/${token}`,
    ]) {
      const r = await t.request(path);
      expect(r.status, path).toBe(404);
    }
    for (const headers of <Record<string, string>[]>[{ authorization: `Bearer ${token}` }, { cookie: `token=${token}` }]) {
      expect((await t.request(`${booksPath(org)}/documents/${other.id}`, { headers })).status).toBe(401);
      expect((await t.request(`${booksPath(org)}/documents`, { headers })).status).toBe(401);
      expect((await t.request("/api/accounting/orgs", { headers })).status).toBe(401);
    }
    // A write is no more possible with it.
    expect((await t.request(`/api/shared/documents/${token}`, { method: "POST", json: {} })).status).toBe(404);
  });

  it("an expired link, a revoked one and an unknown one are the same 404", async () => {
    const unknown = await refused(shared("A".repeat(43)), 404);
    const { link: expiring } = await ok<LinkCreated>(call(`/documents/${inv.id}/links`, { json: { days: 1 } }));
    expect((await shared(tokenOf(expiring.url))).status).toBe(200);
    await t.ctx.db.execute(sql`update document_links set expires_at = now() - interval '1 second' where id = ${expiring.id}`);
    expect(await refused(shared(tokenOf(expiring.url)), 404)).toEqual(unknown);
    expect(await refused(shared(tokenOf(expiring.url), "/pdf"), 404)).toEqual(unknown);

    const { link } = await ok<LinkCreated>(call(`/documents/${inv.id}/links`, { json: { days: 90 } }));
    expect((await shared(tokenOf(link.url))).status).toBe(200);
    const { link: revoked } = await ok<{ link: { revoked_at: string | null } }>(
      call(`/documents/${inv.id}/links/${link.id}/revoke`, { method: "POST" }),
    );
    expect(revoked.revoked_at).not.toBeNull();
    expect(await refused(shared(tokenOf(link.url)), 404)).toEqual(unknown);
    expect(await refused(shared(tokenOf(link.url), "/pdf"), 404)).toEqual(unknown);
    // Another document's link is not revoked through this one; the document lists its links.
    await refused(call(`/documents/${other.id}/links/${link.id}/revoke`, { method: "POST" }), 404);
    const { document } = await ok<{ document: DocumentDetails }>(call(`/documents/${inv.id}`));
    expect(document.links.find((l) => l.id === link.id)?.revoked_at).not.toBeNull();
    expect(document.links.find((l) => l.id === expiring.id)?.last_viewed_at).not.toBeNull();
  });

  it("limits the views of shared documents per address", async () => {
    await t.ctx.db.execute(sql`delete from rate_limits`);
    const { link } = await ok<LinkCreated>(call(`/documents/${inv.id}/links`, { method: "POST" }));
    for (let i = 0; i < 60; i++) expect((await shared(tokenOf(link.url))).status).toBe(200);
    const res = await shared(tokenOf(link.url));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    await t.ctx.db.execute(sql`delete from rate_limits`);
  });

  it("sends the invoice: one mail with its PDF and a fresh link, the document marked sent", async () => {
    const mailsBefore = (await outboxRows(t.ctx.db)).length;
    const sent = await ok<DocumentSent>(call(`/documents/${inv.id}/send`, { json: { message: "Thank you for your order!" } }));
    expect(sent.sent_to).toBe("alice@example.com");
    expect(sent.document.sent_at).not.toBeNull();
    const mails = await outboxRows(t.ctx.db, sql`kind = 'sales-document'`);
    expect(mails).toHaveLength(1);
    expect((await outboxRows(t.ctx.db)).length).toBe(mailsBefore + 1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ to_address: "alice@example.com", reply_to: user.email, subject: "Invoice INV-0001 from Corner Bakery" });
    expect(mail.text_body).toContain("Thank you for your order!");
    expect(mail.text_body).toContain("$31.04");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: "INV-0001.pdf", contentType: "application/pdf" });
    const attached = pdfText(Buffer.from(mail.attachments[0]!.content, "base64"));
    expect(attached).toContain("INV-0001");
    expect(attached).toContain("$51.04");
    // The mail's link opens the invoice; it is the document's newest link.
    const url = mail.text_body.match(new RegExp(`${TEST_ORIGIN}/shared/document/[A-Za-z0-9_-]{43}`))![0];
    expect(((await (await shared(tokenOf(url))).json()) as SharedDocumentAnswer).document.number).toBe("INV-0001");
    expect(sent.document.links[0]!.last_viewed_at).toBeNull();
    expect(sent.document.links[0]!.id).toBe(Math.max(...sent.document.links.map((l) => l.id)));
  });

  it("refuses to send a draft, or to a customer without email when no address is given (400 naming to), writing nothing", async () => {
    await refused(call(`/documents/${draftId}/send`, { method: "POST" }), 409);
    const bobs = await approved(bob.id, "2026-09-10", [
      { description: "Catering", quantity: "1", unit_price: "400", account_id: acc.revenue },
    ]);
    const count = async () =>
      (
        await queryRows<{ mails: number; links: number }>(
          t.ctx.db,
          sql`select (select count(*)::integer from mail_outbox) as mails, (select count(*)::integer from document_links) as links`,
        )
      )[0]!;
    const before = await count();
    const body = await refused(call(`/documents/${bobs.id}/send`, { method: "POST" }), 400, "to");
    expect(body.fields!.to).toMatch(/Bob & Co has no email/);
    await refused(call(`/documents/${bobs.id}/send`, { json: { to: "not an email" } }), 400, "to");
    expect(await count()).toEqual(before);
    expect((await ok<DocumentSent>(call(`/documents/${bobs.id}/send`, { json: { to: "accounts@bob.example" } }))).sent_to).toBe(
      "accounts@bob.example",
    );
    // A viewer of the books may not send.
    const viewer = await createSignedInUser(t, { companyName: "Viewer Co" });
    await addMember(t.ctx.db, org, viewer.id, "viewer");
    const r = await t.request(`${booksPath(org)}/documents/${inv.id}/send`, { method: "POST", cookie: viewer.cookie });
    expect(r.status).toBe(403);
    const r2 = await t.request(`${booksPath(org)}/documents/${inv.id}/links`, { method: "POST", cookie: viewer.cookie });
    expect(r2.status).toBe(403);
  });

  it("a statement as PDF, and by mail to one customer", async () => {
    const pdf = await pdfOf(call(`/contacts/${alice.id}/statement.pdf?from=2026-09-02&to=2026-10-31`));
    const text = pdfText(pdf);
    for (const s of [
      "Corner Bakery",
      "STATEMENT",
      "Alice Ltd",
      "Balance brought forward",
      "$51.04",
      "Invoice INV-0002",
      "$999.00",
      "Payment from Alice Ltd",
      "$20.00",
      "Balance carried forward",
      "$1,030.04",
      "Over 90 days",
    ])
      expect(text).toContain(s);
    await refused(call(`/contacts/${alice.id}/statement.pdf?from=2026-11-01&to=2026-10-31`), 400, "from");

    const before = (await statementMails()).length;
    await ok(
      call(`/contacts/${alice.id}/statement/send`, {
        json: { from: "2026-09-01", to: "2026-10-31", message: "Your statement for the autumn." },
      }),
    );
    const mails = await statementMails();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to_address).toBe("alice@example.com");
    expect(mail.text_body).toContain("Your statement for the autumn.");
    expect(mail.attachments).toHaveLength(1);
    expect(pdfText(Buffer.from(mail.attachments[0]!.content, "base64"))).toContain("Balance carried forward");
    await refused(call(`/contacts/${bob.id}/statement/send`, { json: { from: "2026-09-01", to: "2026-10-31" } }), 400, "email");
    await refused(call(`/contacts/${alice.id}/statement/send`, { json: {} }), 400, "from");
  });

  it("mails every customer with an email and a balance or activity in the period, and says how many", async () => {
    // Carol: an email, nothing owed, nothing in the period. Dan: owes from before the period, nothing in it. Erin:
    // billed and paid in full inside the period. Bob: owes, but has no email.
    await contact("Carol Corp", { email: "carol@example.com" });
    const dan = await contact("Dan Diner", { email: "dan@example.com" });
    await approved(dan.id, "2026-06-01", [{ description: "Old order", quantity: "1", unit_price: "80", account_id: acc.revenue }]);
    const erin = await contact("Erin Eats", { email: "erin@example.com" });
    const e = await approved(erin.id, "2026-10-02", [{ description: "Lunch", quantity: "1", unit_price: "30", account_id: acc.revenue }]);
    await ok(
      call("/payments", {
        json: {
          contact_id: erin.id,
          side: "receivable",
          direction: "in",
          date: "2026-10-03",
          account_id: acc.bank,
          amount: "30.00",
          allocations: [{ item_id: e.item_id, amount: "30.00" }],
        },
      }),
    );
    const before = (await statementMails()).length;
    const { queued } = await ok<StatementsQueued>(call("/statements/send", { json: { from: "2026-10-01", to: "2026-10-31" } }));
    const mails = (await statementMails()).slice(before);
    expect(queued).toBe(mails.length);
    expect(mails.map((m) => m.to_address).sort()).toEqual(["alice@example.com", "dan@example.com", "erin@example.com"]);
    expect(mails.every((m) => m.attachments.length === 1)).toBe(true);
    await refused(call("/statements/send", { json: { from: "2026-10-31", to: "2026-10-01" } }), 400, "from");
  });
});
