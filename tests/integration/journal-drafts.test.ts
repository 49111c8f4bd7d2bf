import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { firstBooks } from "../support/books.ts";

// Drafts: one is deleted (asked first in the journal, kept in the audit log), several are posted together, each
// checked as when it is posted alone, and those that could not be are answered with the reason.

interface Entry {
  id: number;
  entry_number: string;
  status: string;
}

describe("journal drafts: delete, and post several at once", () => {
  let t: TestApp;
  let owner: TestUser;
  let codes: Record<string, number>;
  let books: ReturnType<typeof firstBooks>;
  const call = async (path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) =>
    t.request(`${await books(owner.cookie)}${path}`, { cookie: owner.cookie, ...init });
  const draft = async (amount: number, description = "Flour from the mill"): Promise<Entry> => {
    const res = await call("/entries", {
      json: {
        description,
        entry_date: "2026-03-04",
        reference: "MILL-7",
        lines: [
          { account_id: codes["6000"], debit_amount: amount, credit_amount: 0, description: "flour" },
          { account_id: codes["1000"], debit_amount: 0, credit_amount: amount },
        ],
      },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { entry: Entry }).entry;
  };
  const trialCash = async () => {
    const res = await call("/reports/trial_balance?start=2026-01-01&end=2026-12-31");
    const { report } = (await res.json()) as { report: { rows?: { account_code: string; credit: string }[] } };
    return JSON.stringify(report);
  };

  beforeAll(async () => {
    t = await createTestApp();
    books = firstBooks(t);
    owner = await createSignedInUser(t, { companyName: "Drafts Bakery" });
    const { accounts } = (await (await call("/accounts")).json()) as { accounts: { id: number; account_code: string }[] };
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("deletes a draft with its lines; the audit log keeps what it was; a posted entry is refused", async () => {
    const entry = await draft(120.5);
    const res = await call(`/entries/${entry.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ entry_number: entry.entry_number });
    expect((await call(`/entries/${entry.id}`)).status).toBe(404);
    const lines = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from journal_entry_lines where journal_entry_id = ${entry.id}`,
    );
    expect(lines[0]!.n).toBe(0);
    const [audit] = await queryRows<{ action: string; actor_email: string; before: Record<string, unknown> }>(
      t.ctx.db,
      sql`select action, actor_email, before from audit_log where action = 'journal_entry.draft_deleted' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({
      actor_email: owner.email,
      before: {
        entry_number: entry.entry_number,
        description: "Flour from the mill",
        reference: "MILL-7",
        total_amount: "120.50",
        lines: [
          { account: "6000 Rent Expense", description: "flour", debit_amount: "120.50", credit_amount: "0.00" },
          { account: "1000 Cash", description: null, debit_amount: "0.00", credit_amount: "120.50" },
        ],
      },
    });
    // Gone: deleting it again is a 404.
    expect((await call(`/entries/${entry.id}`, { method: "DELETE" })).status).toBe(404);

    const posted = await draft(10);
    expect((await call(`/entries/${posted.id}/post`, { method: "POST" })).status).toBe(200);
    const refused = await call(`/entries/${posted.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe("Only draft entries can be deleted. Reverse a posted entry instead.");
    expect((await call(`/entries/${posted.id}`)).status).toBe(200);
  });

  it("a viewer may not delete or post drafts; another organization's caller gets 404, a signed-out one 401", async () => {
    const entry = await draft(5);
    const viewer = await createSignedInUser(t);
    const stranger = await createSignedInUser(t);
    const path = await books(owner.cookie);
    const orgId = Number(path.split("/").at(-1));
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    expect((await t.request(`${path}/entries/${entry.id}`, { method: "DELETE", cookie: viewer.cookie })).status).toBe(403);
    expect((await t.request(`${path}/entries/post-drafts`, { cookie: viewer.cookie, json: { ids: [entry.id] } })).status).toBe(403);
    expect((await t.request(`${path}/entries/${entry.id}`, { method: "DELETE", cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(`${path}/entries/post-drafts`, { json: { ids: [entry.id] }, cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(`${path}/entries/${entry.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await t.request(`${path}/entries/post-drafts`, { json: { ids: [entry.id] } })).status).toBe(401);
    expect((await call(`/entries/${entry.id}`)).status).toBe(200);
  });

  it("posts the chosen drafts; one already posted and one unknown are listed with their reasons, the rest posted", async () => {
    const before = await trialCash();
    const a = await draft(100);
    const b = await draft(250.25);
    const done = await draft(1);
    expect((await call(`/entries/${done.id}/post`, { method: "POST" })).status).toBe(200);
    const res = await call("/entries/post-drafts", { json: { ids: [a.id, done.id, 999_999, b.id, a.id] } });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { posted: Entry[]; failed: { id: number; entry_number: string | null; reason: string }[] };
    expect(result.posted.map((e) => [e.entry_number, e.status])).toEqual([
      [a.entry_number, "posted"],
      [b.entry_number, "posted"],
    ]);
    expect(result.failed).toEqual([
      { id: done.id, entry_number: done.entry_number, reason: "Only draft entries can be posted" },
      { id: 999_999, entry_number: null, reason: "Journal entry not found" },
    ]);
    expect(await trialCash()).not.toBe(before);
    const audit = await queryRows<{ journal_entry_id: number }>(
      t.ctx.db,
      sql`select journal_entry_id from journal_entry_audit where action = 'posted' and journal_entry_id in (${a.id}, ${b.id})`,
    );
    expect(audit).toHaveLength(2);
  });

  it("names the field when the choice is empty, too long or not ids", async () => {
    for (const [ids, message] of [
      [[], "Choose at least one draft"],
      [Array.from({ length: 201 }, (_, i) => i + 1), "Post at most 200 drafts at a time"],
      [["x"], "Each draft is given by its id"],
      [undefined, "Choose the drafts to post"],
    ] as const) {
      const res = await call("/entries/post-drafts", { json: ids === undefined ? {} : { ids } });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string> };
      expect(Object.values(body.fields)).toContain(message);
    }
  });
});
