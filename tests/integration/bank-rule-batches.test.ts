import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankLine } from "~/features/bank/bank.types.ts";
import type { RuleBatch, RulesPosted, RulesPreview } from "~/features/bank/bank-rules.types.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

// What the bank rules choose is shown first (how many lines, money in and out, by account), posted only as shown (the
// preview's fingerprint), as one batch that is undone as one while none of its lines is reconciled. Rules are edited
// and carry a memo, the description of the entries they post.

const APRIL =
  "Date,Description,Amount\r\n" +
  "2026-04-01,City parking garage,-6.00\r\n" +
  "2026-04-02,Parking lot Main St,-14.50\r\n" +
  "2026-04-03,Coffee corner,-3.20\r\n" +
  "2026-04-04,Client payment ACME,950.00\r\n" +
  "2026-04-05,Rent April,-700.00\r\n" +
  "2026-04-06,Interest paid to you,1.25\r\n";

describe("bank rules: preview, post as one batch, undo the batch, edit a rule, its memo", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let orgId: number;
  let books: string;
  let org: string;
  let bank: string;
  let bankId: number;
  let codes: Record<string, number>;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(path, { ...init, cookie: user.cookie });
  const json = async <T>(res: Response | Promise<Response>, status: number): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const rule = (over: Record<string, unknown>) => ({
    name: "Rule",
    field: "text",
    operator: "contains",
    value: "x",
    direction: "any",
    account_id: codes["6200"],
    bank_account_id: null,
    ...over,
  });
  const preview = () => json<RulesPreview>(call(`${bank}/apply-rules`), 200);
  const post = (fingerprint?: string) => call(`${bank}/apply-rules${fingerprint ? `?fingerprint=${fingerprint}` : ""}`, { method: "POST" });
  const lines = async () => (await json<{ lines: BankLine[] }>(call(`${bank}/lines?show=all`), 200)).lines;
  const batches = async () => (await json<{ batches: RuleBatch[] }>(call(`${org}/rule-batches`), 200)).batches;
  const entries = () =>
    queryRows<{
      id: number;
      description: string;
      status: string;
      entry_date: string;
      reversed_by: number | null;
      reversal_of: number | null;
    }>(
      t.ctx.db,
      sql`select id, description, status, entry_date::text, reversed_by, reversal_of from journal_entries
           where organization_id = ${orgId} order by id`,
    );
  const balances = async () =>
    (
      await queryRows<{ account_id: number; balance: string }>(
        t.ctx.db,
        sql`select account_id, sum(debit_total - credit_total)::text as balance from account_day_totals
             where organization_id = ${orgId} group by account_id having sum(debit_total - credit_total) <> 0 order by account_id`,
      )
    ).map((r) => [Number(r.account_id), r.balance]);
  const audits = (action: string) =>
    queryRows<{ after: Record<string, unknown> }>(t.ctx.db, sql`select after from audit_log where action = ${action} order by id`);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Batch Landscaping" });
    viewer = await createSignedInUser(t, { companyName: "Looking On" });
    books = await firstBooks(t)(owner.cookie);
    orgId = Number(books.split("/").pop());
    org = `/api/bank/${orgId}`;
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    const { accounts } = await json<{ accounts: { id: number; account_code: string }[] }>(call(`${books}/accounts`), 200);
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
    const { account } = await json<{ account: { id: number } }>(
      call(`${books}/accounts`, { json: { account_code: "1010", account_name: "Checking", account_type: "Asset" } }),
      201,
    );
    const created = await json<{ account: { id: number } }>(
      call(`${org}/accounts`, { json: { name: "Checking", kind: "bank", account_id: account.id, currency: "USD" } }),
      201,
    );
    bankId = created.account.id;
    bank = `${org}/accounts/${bankId}`;
    const upload = await call(`${bank}/statements?name=april.csv`, {
      method: "POST",
      body: new Uint8Array(Buffer.from(APRIL)),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    await json(call(`${org}/rules`, { json: rule({ name: "Parking", value: "parking", direction: "out", memo: "Parking, April" }) }), 201);
    await json(call(`${org}/rules`, { json: rule({ name: "Coffee", value: "coffee", account_id: codes["6000"] }) }), 201);
    await json(
      call(`${org}/rules`, { json: rule({ name: "Interest", value: "interest", direction: "in", account_id: codes["4100"] }) }),
      201,
    );
  });
  afterAll(() => t.close());

  it("the preview counts the lines, money in and out, by account, oldest to newest; a viewer may not ask", async () => {
    const p = await preview();
    expect(p).toMatchObject({
      lines: 4,
      money_in: "1.25",
      money_out: "23.70",
      currency: "USD",
      first_date: "2026-04-01",
      last_date: "2026-04-06",
    });
    expect(p.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(p.by_account.map((a) => [a.account_code, a.lines, a.money_in, a.money_out])).toEqual([
      ["4100", 1, "1.25", "0.00"],
      ["6000", 1, "0.00", "3.20"],
      ["6200", 2, "0.00", "20.50"],
    ]);
    // Asking again changes nothing and gives the same fingerprint.
    expect((await preview()).fingerprint).toBe(p.fingerprint);
    expect(await entries()).toEqual([]);
    expect((await call(`${bank}/apply-rules`, {}, viewer)).status).toBe(403);
    expect((await call(`${bank}/apply-rules`, { method: "POST" }, viewer)).status).toBe(403);
  });

  it("posts only what was shown: a rule added since the preview is a 409 and nothing is posted", async () => {
    const shown = await preview();
    const rent = await json<{ rule: { id: number } }>(
      call(`${org}/rules`, { json: rule({ name: "Rent", value: "rent", account_id: codes["6000"] }) }),
      201,
    );
    const stale = await post(shown.fingerprint);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toMatch(/changed since the preview/);
    expect(await entries()).toEqual([]);
    expect((await preview()).lines).toBe(5);
    expect((await call(`${org}/rules/${rent.rule.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await preview()).fingerprint).toBe(shown.fingerprint);
    const malformed = await post("abc");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { fields: Record<string, string> }).fields).toHaveProperty("fingerprint");
  });

  it("posts the preview as one batch: an entry per line (the rule's memo as its description), listed, audited", async () => {
    const shown = await preview();
    const posted = await json<RulesPosted>(post(shown.fingerprint), 200);
    expect(posted).toMatchObject({ entries: 4, money_in: "1.25", money_out: "23.70" });
    expect(posted.batch_id).toEqual(expect.any(Number));
    expect((await entries()).map((e) => [e.description, e.status, e.entry_date])).toEqual([
      ["Parking, April", "posted", "2026-04-01"],
      ["Parking, April", "posted", "2026-04-02"],
      ["Coffee corner", "posted", "2026-04-03"],
      ["Interest paid to you", "posted", "2026-04-06"],
    ]);
    const byText = Object.fromEntries((await lines()).map((l) => [l.description, l.match_kind]));
    expect(byText).toEqual({
      "City parking garage": "categorized",
      "Parking lot Main St": "categorized",
      "Coffee corner": "categorized",
      "Client payment ACME": null,
      "Rent April": null,
      "Interest paid to you": "categorized",
    });
    const [listed] = await batches();
    expect(listed).toMatchObject({
      id: posted.batch_id,
      bank_account: "Checking",
      entries: 4,
      money_in: "1.25",
      money_out: "23.70",
      undone_at: null,
      reconciled: 0,
      reversed: 0,
    });
    expect((await audits("bank_rule_batch.posted")).at(-1)?.after).toMatchObject({ batch_id: posted.batch_id, entries: 4 });
    expect((await preview()).lines).toBe(0);
    // Nothing left to post: no batch.
    expect(await json<RulesPosted>(post(), 200)).toEqual({ batch_id: null, entries: 0, money_in: "0.00", money_out: "0.00" });
  });

  it("undoes the batch as one: every entry reversed on its own date, the lines to match again, the books as before", async () => {
    const [batch] = await batches();
    expect((await call(`${org}/rule-batches/${batch!.id}/undo`, { method: "POST" }, viewer)).status).toBe(403);
    const undone = await json<{ batch: RuleBatch; reversed: number }>(
      call(`${org}/rule-batches/${batch!.id}/undo`, { method: "POST" }),
      200,
    );
    expect(undone.reversed).toBe(4);
    expect(undone.batch).toMatchObject({ id: batch!.id, reversed: 4, undone_at: expect.any(String) });
    expect(await balances()).toEqual([]);
    const all = await entries();
    const originals = all.filter((e) => e.reversal_of === null);
    expect(originals).toHaveLength(4);
    for (const o of originals) {
      const mirror = all.find((e) => e.id === o.reversed_by)!;
      expect(mirror).toMatchObject({ reversal_of: o.id, status: "posted", entry_date: o.entry_date });
      expect(mirror.description).toMatch(/^Reversal of JE-\d+: /);
    }
    const audit = await queryRows<{ action: string; n: number }>(
      t.ctx.db,
      sql`select action, count(*)::integer as n from journal_entry_audit where organization_id = ${orgId} group by action order by action`,
    );
    expect(audit.map((a) => [a.action, a.n])).toEqual([
      ["created", 8],
      ["posted", 8],
      ["reversed", 4],
    ]);
    expect((await lines()).every((l) => l.match_id === null)).toBe(true);
    expect((await audits("bank_rule_batch.undone")).at(-1)?.after).toEqual({ batch_id: batch!.id, reversed: 4 });
    const again = await call(`${org}/rule-batches/${batch!.id}/undo`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe("This batch is already undone");
    expect((await call(`${org}/rule-batches/999999/undo`, { method: "POST" })).status).toBe(404);
  });

  it("refuses to undo a batch while one of its lines is reconciled, and undoes nothing; once the reconciliation is undone, it can", async () => {
    const posted = await json<RulesPosted>(post((await preview()).fingerprint), 200);
    expect(posted.entries).toBe(4);
    const view = await json<{ cleared_balance: string }>(call(`${bank}/reconciliation?date=2026-04-02`), 200);
    expect(view.cleared_balance).toBe("-20.50");
    const { reconciliation } = await json<{ reconciliation: { id: number } }>(
      call(`${bank}/reconciliations`, { json: { statement_date: "2026-04-02", statement_balance: "-20.50" } }),
      201,
    );
    const [listed] = await batches();
    expect(listed).toMatchObject({ id: posted.batch_id, reconciled: 2 });
    const before = await entries();
    const refused = await call(`${org}/rule-batches/${posted.batch_id}/undo`, { method: "POST" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "2 statement lines of this batch are reconciled (the first: 2026-04-01 · City parking garage): undo that reconciliation first. Nothing was undone.",
    );
    expect(await entries()).toEqual(before);
    expect((await lines()).filter((l) => l.match_kind === "categorized")).toHaveLength(4);
    expect((await batches())[0]!.undone_at).toBeNull();

    expect((await call(`${bank}/reconciliations/${reconciliation.id}/undo`, { method: "POST", json: {} })).status).toBe(200);
    const undone = await json<{ reversed: number }>(call(`${org}/rule-batches/${posted.batch_id}/undo`, { method: "POST" }), 200);
    expect(undone.reversed).toBe(4);
    expect(await balances()).toEqual([]);
  });

  it("a line undone on its own first: the batch undo reverses the others only", async () => {
    const posted = await json<RulesPosted>(post((await preview()).fingerprint), 200);
    const coffee = (await lines()).find((l) => l.description === "Coffee corner")!;
    expect((await call(`${bank}/matches/${coffee.match_id}`, { method: "DELETE" })).status).toBe(200);
    expect((await batches())[0]).toMatchObject({ id: posted.batch_id, reversed: 1 });
    const undone = await json<{ reversed: number }>(call(`${org}/rule-batches/${posted.batch_id}/undo`, { method: "POST" }), 200);
    expect(undone.reversed).toBe(3);
    expect(await balances()).toEqual([]);
  });

  it("refuses to undo a batch dated in the locked period, naming the lock", async () => {
    const posted = await json<RulesPosted>(post((await preview()).fingerprint), 200);
    expect((await call(`${books}/lock`, { method: "PUT", json: { lock_date: "2026-04-30", reason: "April closed" } })).status).toBe(200);
    const refused = await call(`${org}/rule-batches/${posted.batch_id}/undo`, { method: "POST" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "The books are locked up to 2026-04-30 (April 2026 closed) and entries of this batch are dated in that period: they cannot be reversed",
    );
    expect((await batches())[0]!.undone_at).toBeNull();
    expect((await call(`${books}/lock/unlock`, { json: { reason: "Reopened for the test" } })).status).toBe(200);
    expect((await call(`${org}/rule-batches/${posted.batch_id}/undo`, { method: "POST" })).status).toBe(200);
  });

  it("edits a rule: pattern, account and memo change, the proposals follow; a blank memo is none; bad input is a 400 on the field", async () => {
    const { rules } = await json<{ rules: { id: number; name: string; memo: string | null }[] }>(call(`${org}/rules`), 200);
    const coffee = rules.find((r) => r.name === "Coffee")!;
    expect(coffee.memo).toBeNull();
    const edited = await json<{ rule: { id: number; name: string; value: string; account_id: number; memo: string | null } }>(
      call(`${org}/rules/${coffee.id}`, {
        method: "PUT",
        json: rule({
          name: "Coffee and rent",
          operator: "matches",
          value: "coffee|rent",
          direction: "out",
          account_id: codes["6100"],
          memo: "Office costs",
        }),
      }),
      200,
    );
    expect(edited.rule).toMatchObject({
      id: coffee.id,
      name: "Coffee and rent",
      value: "coffee|rent",
      account_id: codes["6100"],
      memo: "Office costs",
    });
    const proposed = Object.fromEntries(
      (await lines()).filter((l) => l.rule).map((l) => [l.description, [l.rule!.rule_name, l.rule!.memo]]),
    );
    expect(proposed["Coffee corner"]).toEqual(["Coffee and rent", "Office costs"]);
    expect(proposed["Rent April"]).toEqual(["Coffee and rent", "Office costs"]);
    const p = await preview();
    expect(p.by_account.find((a) => a.account_code === "6100")).toMatchObject({ lines: 2, money_out: "703.20" });
    expect((await audits("bank_rule.updated")).at(-1)?.after).toMatchObject({ name: "Coffee and rent", memo: "Office costs" });

    const blank = await json<{ rule: { memo: string | null } }>(
      call(`${org}/rules/${coffee.id}`, {
        method: "PUT",
        json: rule({ name: "Coffee", value: "coffee", account_id: codes["6000"], memo: "  " }),
      }),
      200,
    );
    expect(blank.rule.memo).toBeNull();
    const long = await call(`${org}/rules/${coffee.id}`, { method: "PUT", json: rule({ memo: "m".repeat(501) }) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { fields: Record<string, string> }).fields).toHaveProperty("memo");
    const badPattern = await call(`${org}/rules/${coffee.id}`, { method: "PUT", json: rule({ operator: "matches", value: "(" }) });
    expect(badPattern.status).toBe(400);
    expect((await call(`${org}/rules/${coffee.id}`, { method: "PUT", json: rule({ name: "Viewer" }) }, viewer)).status).toBe(403);
    expect((await call(`${org}/rules/999999`, { method: "PUT", json: rule({ name: "Nobody" }) })).status).toBe(404);
  });

  it("262 lines posted in one batch and undone in one", async () => {
    const rows = Array.from(
      { length: 262 },
      (_, i) =>
        `2026-05-${String((i % 28) + 1).padStart(2, "0")},Fuel station ${i + 1},-${(i % 90) + 10}.${String(i % 100).padStart(2, "0")}`,
    );
    const upload = await call(`${bank}/statements?name=may.csv`, {
      method: "POST",
      body: new Uint8Array(Buffer.from(`Date,Description,Amount\r\n${rows.join("\r\n")}\r\n`)),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    await json(call(`${org}/rules`, { json: rule({ name: "Fuel", value: "fuel station", direction: "out" }) }), 201);
    const p = await preview();
    const fuel = p.by_account.find((a) => a.account_code === "6200")!;
    expect(fuel.lines).toBe(262 + 2);
    const posted = await json<RulesPosted>(post(p.fingerprint), 200);
    expect(posted.entries).toBe(p.lines);
    const undone = await json<{ reversed: number }>(call(`${org}/rule-batches/${posted.batch_id}/undo`, { method: "POST" }), 200);
    expect(undone.reversed).toBe(p.lines);
    expect(await balances()).toEqual([]);
  });
});
