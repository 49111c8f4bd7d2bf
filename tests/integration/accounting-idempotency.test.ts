import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { firstBooks } from "../support/books.ts";

// A retried journal-entry write with the same Idempotency-Key gets the first answer (same status and body),
// never an error or a second entry.
describe("accounting API: Idempotency-Key on journal-entry writes", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let acc: Record<string, number>;

  let books: ReturnType<typeof firstBooks>;
  const call = async (u: TestUser, path: string, key: string | null, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`${await books(u.cookie)}${path}`, {
      method: "POST",
      ...init,
      cookie: u.cookie,
      headers: key === null ? {} : { "Idempotency-Key": key },
    });
  const entryBody = (description: string, amount = 100) => ({
    description,
    entry_date: "2026-03-01",
    lines: [
      { account_id: acc["6000"], debit_amount: amount, credit_amount: 0 },
      { account_id: acc["1000"], debit_amount: 0, credit_amount: amount },
    ],
  });
  const entriesNamed = async (description: string) =>
    (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from journal_entries where description = ${description}`))[0]!
      .n;

  beforeAll(async () => {
    t = await createTestApp();
    books = firstBooks(t);
    alice = await createSignedInUser(t, { companyName: "Alice Idempotent" });
    bob = await createSignedInUser(t, { companyName: "Bob Idempotent" });
    const res = await t.request(`${await books(alice.cookie)}/accounts`, { cookie: alice.cookie });
    const { accounts } = (await res.json()) as { accounts: { id: number; account_code: string }[] };
    acc = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("a retried save, edit, post and reversal return the first answer and write nothing more", async () => {
    const saveKey = randomUUID();
    const first = await call(alice, "/entries", saveKey, { json: entryBody("Retried save") });
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await call(alice, "/entries", saveKey, { json: entryBody("Retried save") });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(firstBody);
    expect(await entriesNamed("Retried save")).toBe(1);
    const id = (firstBody as { entry: { id: number } }).entry.id;

    const editKey = randomUUID();
    const edited = await call(alice, `/entries/${id}`, editKey, { method: "PUT", json: entryBody("Retried save", 250) });
    expect(edited.status).toBe(200);
    const editedBody = await edited.json();
    expect(editedBody).toMatchObject({ entry: { id, total_amount: "250.00", status: "draft" } });

    const postKey = randomUUID();
    const posted = await call(alice, `/entries/${id}/post`, postKey);
    expect(posted.status).toBe(200);
    const postedBody = await posted.json();
    expect(postedBody).toMatchObject({ entry: { id, status: "posted" } });
    // Without the key a second post is refused; with it, the first answer comes back.
    expect((await call(alice, `/entries/${id}/post`, null)).status).toBe(409);
    const postAgain = await call(alice, `/entries/${id}/post`, postKey);
    expect(postAgain.status).toBe(200);
    expect(await postAgain.json()).toEqual(postedBody);
    // The edit's retry now meets a posted entry: still its first answer, not 409.
    const editAgain = await call(alice, `/entries/${id}`, editKey, { method: "PUT", json: entryBody("Retried save", 250) });
    expect(editAgain.status).toBe(200);
    expect(await editAgain.json()).toEqual(editedBody);

    const reverseKey = randomUUID();
    const reversed = await call(alice, `/entries/${id}/reverse`, reverseKey, { json: { entry_date: "2026-03-31" } });
    expect(reversed.status).toBe(201);
    const reversedBody = await reversed.json();
    const reverseAgain = await call(alice, `/entries/${id}/reverse`, reverseKey, { json: { entry_date: "2026-03-31" } });
    expect(reverseAgain.status).toBe(201);
    expect(await reverseAgain.json()).toEqual(reversedBody);
    const [audit] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from journal_entry_audit where journal_entry_id = ${id}`,
    );
    expect(audit!.n).toBe(4); // created, edited, posted, reversed: once each
  });

  it("concurrent requests with one key make one entry and all get its answer", async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(alice, "/entries", key, { json: entryBody("Concurrent retry") })),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(await entriesNamed("Concurrent retry")).toBe(1);
  });

  it("answers 400 naming the header when it is not a UUID, and writes nothing", async () => {
    const res = await call(alice, "/entries", "not-a-uuid", { json: entryBody("Bad key") });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "Idempotency-Key: must be a UUID",
      code: "INVALID_INPUT",
      fields: { "Idempotency-Key": "Must be a UUID" },
    });
    expect(await entriesNamed("Bad key")).toBe(0);
  });

  it("answers 422 when a key is reused for another request; keys are per user and organization", async () => {
    const key = randomUUID();
    expect((await call(alice, "/entries", key, { json: entryBody("Key first use") })).status).toBe(201);
    const other = await call(alice, "/entries", key, { json: entryBody("Key second use") });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ fields: { "Idempotency-Key": "Already used for another request" } });
    expect(await entriesNamed("Key second use")).toBe(0);
    // Another user's key space is their own.
    const res = await t.request(`${await books(bob.cookie)}/accounts`, { cookie: bob.cookie });
    const { accounts } = (await res.json()) as { accounts: { id: number; account_code: string }[] };
    const bobAcc = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
    const bobSave = await call(bob, "/entries", key, {
      json: {
        ...entryBody("Bob same key"),
        lines: entryBody("x").lines.map((l, i) => ({ ...l, account_id: bobAcc[i ? "1000" : "6000"] })),
      },
    });
    expect(bobSave.status).toBe(201);
    expect(await entriesNamed("Bob same key")).toBe(1);
  });

  it("a refused save stores nothing under its key, so the corrected retry goes through", async () => {
    const key = randomUUID();
    const bad = await call(alice, "/entries", key, {
      json: {
        ...entryBody("Refused then fixed"),
        lines: [{ account_id: 999999, debit_amount: 5, credit_amount: 0 }, entryBody("x").lines[1]],
      },
    });
    expect(bad.status).toBe(400);
    const fixed = await call(alice, "/entries", key, { json: entryBody("Refused then fixed") });
    expect(fixed.status).toBe(201);
    expect(await entriesNamed("Refused then fixed")).toBe(1);
  });
});
