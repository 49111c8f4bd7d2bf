import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

// "Save and Post": a new entry, or a draft changed, saved and posted in one step (?post=true), in one transaction: what
// the database refuses leaves no draft behind; a retry with the same Idempotency-Key gets the first answer.

interface Entry {
  id: number;
  entry_number: string;
  status: string;
  total_amount: string;
  description: string;
}

describe("journal: save and post in one step", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let orgId: number;
  let codes: Record<string, number>;
  let books: ReturnType<typeof firstBooks>;
  const call = async (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${await books(owner.cookie)}${path}`, { ...init, cookie: user.cookie });
  const body = (description: string, amount: number | string = 100, entry_date = "2026-03-04") => ({
    description,
    entry_date,
    lines: [
      { account_id: codes["6000"], debit_amount: amount, credit_amount: 0 },
      { account_id: codes["1000"], debit_amount: 0, credit_amount: amount },
    ],
  });
  const named = async (description: string) =>
    queryRows<{ status: string; n: number }>(
      t.ctx.db,
      sql`select status, count(*)::integer as n from journal_entries where organization_id = ${orgId} and description = ${description} group by status`,
    );
  const audit = async (id: number) =>
    (
      await queryRows<{ action: string }>(t.ctx.db, sql`select action from journal_entry_audit where journal_entry_id = ${id} order by id`)
    ).map((r) => r.action);

  beforeAll(async () => {
    t = await createTestApp();
    books = firstBooks(t);
    owner = await createSignedInUser(t, { companyName: "Post At Once Bakery" });
    viewer = await createSignedInUser(t, { companyName: "Onlooker" });
    const path = await books(owner.cookie);
    orgId = Number(path.split("/").pop());
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    const { accounts } = (await (await call("/accounts")).json()) as { accounts: { id: number; account_code: string }[] };
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("a new entry is created and posted at once: 201, posted, audited as created then posted", async () => {
    const res = await call("/entries?post=true", { json: body("Flour, posted at once", "120.50") });
    expect(res.status).toBe(201);
    const { entry } = (await res.json()) as { entry: Entry };
    expect(entry).toMatchObject({ status: "posted", total_amount: "120.50", description: "Flour, posted at once" });
    expect(await audit(entry.id)).toEqual(["created", "posted"]);
    // Without the flag (or with post=false) a save stays a draft.
    const draft = (await (await call("/entries?post=false", { json: body("Flour, a draft") })).json()) as { entry: Entry };
    expect(draft.entry.status).toBe("draft");
    const trial = (await (await call("/reports/trial_balance?start=2026-01-01&end=2026-12-31")).json()) as {
      report: { rows: { account_code: string; closing_debit: string }[] };
    };
    expect(trial.report.rows.find((r) => r.account_code === "6000")?.closing_debit).toBe("120.50");
  });

  it("a draft changed and posted at once; a posted entry is not changed (409)", async () => {
    const { entry } = (await (await call("/entries", { json: body("Sugar, first typed", 10) })).json()) as { entry: Entry };
    const res = await call(`/entries/${entry.id}?post=true`, { method: "PUT", json: body("Sugar, corrected", 12) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { entry: Entry }).entry).toMatchObject({
      id: entry.id,
      status: "posted",
      total_amount: "12.00",
      description: "Sugar, corrected",
    });
    expect(await audit(entry.id)).toEqual(["created", "edited", "posted"]);
    expect((await call(`/entries/${entry.id}?post=true`, { method: "PUT", json: body("Sugar, again", 13) })).status).toBe(409);
  });

  it("a retry with the same Idempotency-Key answers as the first time and posts nothing more", async () => {
    const key = randomUUID();
    const send = () => call("/entries?post=true", { method: "POST", json: body("Butter, retried"), headers: { "Idempotency-Key": key } });
    const first = await send();
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await send();
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(firstBody);
    expect(await named("Butter, retried")).toEqual([{ status: "posted", n: 1 }]);
  });

  it("what is refused leaves no draft: a date in the locked period is a 400 on entry_date; post must be true or false", async () => {
    const lock = await call("/lock", { method: "PUT", json: { lock_date: "2026-01-31", reason: "January closed" } });
    expect(lock.status).toBe(200);
    const locked = await call("/entries?post=true", { json: body("Yeast, in January", 5, "2026-01-15") });
    expect(locked.status).toBe(400);
    expect(((await locked.json()) as { fields: Record<string, string> }).fields).toHaveProperty("entry_date");
    expect(await named("Yeast, in January")).toEqual([]);
    const odd = await call("/entries?post=yes", { json: body("Yeast, odd flag") });
    expect(odd.status).toBe(400);
    expect(((await odd.json()) as { fields: Record<string, string> }).fields).toEqual({ post: "post must be true or false" });
    expect(await named("Yeast, odd flag")).toEqual([]);
  });

  it("a viewer may not save and post (403)", async () => {
    expect((await call("/entries?post=true", { json: body("Viewer's try") }, viewer)).status).toBe(403);
    expect(await named("Viewer's try")).toEqual([]);
  });
});
