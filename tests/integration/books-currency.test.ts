import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { consultationLead } from "../support/consultation.ts";
import type { LeadSummary } from "~/features/leads/leads-inbox.types.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** Decision 102: each organization's books have a currency of their own, chosen when made, changed while nothing is posted. */
describe("the books' currency", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: string;
  let orgId: string;
  let codes: Record<string, number>;
  const call = (p: string, init: RequestInit & { json?: unknown } = {}, user = owner) => t.request(p, { ...init, cookie: user.cookie });
  const fields = async (res: Response) => ((await res.json()) as { fields: Record<string, string> }).fields;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Euro Garden BV" });
    books = await firstBooks(t)(owner.cookie);
    orgId = books.split("/").pop()!;
    const { accounts } = (await (await call(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("is USD until chosen; an owner chooses another with two decimals, named at its field otherwise", async () => {
    expect(await (await call(`${books}/currency`)).json()).toEqual({ currency: "USD" });
    const yen = await call(`${books}/currency`, { method: "PUT", json: { currency: "JPY" } });
    expect(yen.status).toBe(400);
    expect((await fields(yen)).currency).toMatch(/two decimals/);
    expect((await call(`${books}/currency`, { method: "PUT", json: { currency: "XX" } })).status).toBe(400);
    const euro = await call(`${books}/currency`, { method: "PUT", json: { currency: "eur" } });
    expect(euro.status).toBe(200);
    expect(await euro.json()).toEqual({ currency: "EUR" });
    expect(await (await call(`${books}/me`)).json()).toMatchObject({ organization: { currency: "EUR" } });
    const [audit] = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from audit_log where action = 'books.currency_changed' and target_id = ${orgId}`,
    );
    expect(audit).toBeDefined();
  });

  it("bank accounts are in the books' currency; another currency is refused with a sentence", async () => {
    const bank = `/api/bank/${orgId}/accounts`;
    const made = await call(bank, { json: { name: "KBC Zichtrekening", kind: "bank", account_id: codes["1000"] } });
    expect(made.status).toBe(201);
    expect(((await made.json()) as { account: { currency: string } }).account.currency).toBe("EUR");
    const pounds = await call(bank, { json: { name: "Card", kind: "card", account_id: codes["2500"], currency: "GBP" } });
    expect(pounds.status).toBe(400);
    expect((await fields(pounds)).currency).toBe("These books are kept in EUR: a bank account in GBP cannot be kept in them yet");
  });

  it("a viewer cannot change it; once an entry is posted nobody can", async () => {
    const viewer = await createSignedInUser(t, { companyName: "Viewer Co" });
    await addMember(t.ctx.db, Number(orgId), viewer.id, "viewer");
    expect((await call(`${books}/currency`, { method: "PUT", json: { currency: "USD" } }, viewer)).status).toBe(403);

    const made = await call(`${books}/entries`, {
      json: {
        description: "Owner's capital",
        entry_date: "2026-11-02",
        reference: "",
        lines: [
          { account_id: codes["1000"], debit_amount: "1000.00", credit_amount: "0" },
          { account_id: codes["3000"], debit_amount: "0", credit_amount: "1000.00" },
        ],
      },
    });
    const { entry } = (await made.json()) as { entry: { id: number } };
    expect((await call(`${books}/entries/${entry.id}/post`, { method: "POST" })).status).toBe(200);
    const late = await call(`${books}/currency`, { method: "PUT", json: { currency: "USD" } });
    expect(late.status).toBe(400);
    expect((await fields(late)).currency).toBe(
      "These books are kept in EUR: the currency changes only while nothing is posted or imported",
    );
    expect(await (await call(`${books}/currency`)).json()).toEqual({ currency: "EUR" });
  });

  it("converting a lead chooses the currency and may start from an empty chart", async () => {
    const staff = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Staff" });
    const leadId = await consultationLead(t, {
      firstName: "Lea",
      lastName: "Peeters",
      email: "lea@example.be",
      phone: "+32 2 555 01 00",
      companyName: "Peeters Tuinen",
      challenges: "VAT returns.",
    });
    const convert = (json: unknown) => t.request(`/api/firm/leads/${leadId}/convert`, { json, cookie: staff.cookie });
    const bad = await convert({ companyName: "Peeters Tuinen", currency: "BEF", chart: "standard" });
    expect(bad.status).toBe(400);
    expect((await fields(bad)).currency).toMatch(/three-letter code/);
    expect((await convert({ companyName: "Peeters Tuinen", currency: "EUR", chart: "none" })).status).toBe(400);
    const done = await convert({ companyName: "Peeters Tuinen", currency: "EUR", chart: "empty" });
    expect(done.status).toBe(200);
    const { organizationId } = (await done.json()) as LeadSummary;
    const [org] = await queryRows<{ currency: string; accounts: number }>(
      t.ctx.db,
      sql`select currency, (select count(*)::int from chart_of_accounts where organization_id = o.id) as accounts
            from organizations o where id = ${organizationId}`,
    );
    expect(org).toEqual({ currency: "EUR", accounts: 0 });
  });
});
