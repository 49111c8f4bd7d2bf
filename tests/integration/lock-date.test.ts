import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { runDueRecurringEntries } from "~/features/ledger/recurring-entries.server.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";

interface Lock {
  lock_date: string | null;
  current: { lock_date: string; reason: string; by: string | null; at: string } | null;
  history: { lock_date: string | null; reason: string }[];
}
interface Refusal {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

const LOCKED = "The books are locked up to 2026-01-31 (January 2026 closed): choose a later date";

describe("the lock date: nothing dated on or before it is written, by the API or by SQL", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let orgId: number;
  let accounts: number[];
  let oldPosted: number;
  let oldDraft: number;
  let openDraft: number;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${booksPath(orgId)}${path}`, { ...init, cookie: user.cookie });
  const entry = (entry_date: string, description = "Office rent") => ({
    description,
    entry_date,
    reference: "",
    lines: [
      { account_id: accounts[0], description: null, debit_amount: "100.00", credit_amount: "0" },
      { account_id: accounts[1], description: null, debit_amount: "0", credit_amount: "100.00" },
    ],
  });
  const create = async (date: string, description?: string) => {
    const res = await call("/entries", { json: entry(date, description) });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { entry: { id: number } }).entry.id;
  };
  const refusedOnDate = async (res: Response, field = "entry_date") => {
    const body = (await res.json()) as Refusal;
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body).toMatchObject({ code: "INVALID_INPUT", error: LOCKED, fields: { [field]: LOCKED } });
  };
  const lock = (lock_date: string, reason: string, user = owner) => call("/lock", { method: "PUT", json: { lock_date, reason } }, user);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Lock Co" });
    viewer = await createSignedInUser(t, { companyName: "Viewer Co" });
    stranger = await createSignedInUser(t, { companyName: "Stranger Co" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    const list = (await (await call("/accounts")).json()) as { accounts: { id: number }[] };
    accounts = list.accounts.map((a) => a.id);
    oldPosted = await create("2026-01-15", "Old sale");
    expect((await call(`/entries/${oldPosted}/post`, { method: "POST" })).status).toBe(200);
    oldDraft = await create("2026-01-20", "Old draft");
    openDraft = await create("2026-02-10", "Open draft");
  });
  afterAll(() => t.close());

  it("is set by an owner with a reason; viewers are refused, strangers do not see the books", async () => {
    const none = (await (await call("/lock")).json()) as { lock: Lock };
    expect(none.lock).toEqual({ lock_date: null, current: null, history: [] });
    const noReason = await call("/lock", { method: "PUT", json: { lock_date: "2026-01-31", reason: " " } });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as Refusal).fields).toHaveProperty("reason");
    expect((await lock("2026-01-31", "January closed", viewer)).status).toBe(403);
    expect((await call("/lock", {}, stranger)).status).toBe(404);
    expect((await lock("2026-01-31", "January closed", stranger)).status).toBe(404);
    expect((await call("/lock/unlock", { json: { reason: "x" } }, viewer)).status).toBe(403);

    const res = await lock("2026-01-31", "January closed");
    expect(res.status).toBe(200);
    const { lock: set } = (await res.json()) as { lock: Lock };
    expect(set).toMatchObject({ lock_date: "2026-01-31", current: { lock_date: "2026-01-31", reason: "January closed" } });
    expect(set.history).toHaveLength(1);
    const seen = (await (await call("/lock", {}, viewer)).json()) as { lock: Lock };
    expect(seen.lock.lock_date).toBe("2026-01-31");
  });

  it("refuses to create, edit, post or delete what is dated in the locked period, naming the date", async () => {
    await refusedOnDate(await call("/entries", { json: entry("2026-01-31") }));
    await create("2026-02-01");
    await refusedOnDate(await call(`/entries/${oldDraft}`, { method: "PUT", json: entry("2026-02-05") }));
    await refusedOnDate(await call(`/entries/${openDraft}`, { method: "PUT", json: entry("2026-01-10") }));
    await refusedOnDate(await call(`/entries/${oldDraft}/post`, { method: "POST" }));
    const bulk = (await (await call("/entries/post-drafts", { json: { ids: [oldDraft] } })).json()) as {
      posted: unknown[];
      failed: { id: number; reason: string }[];
    };
    expect(bulk).toMatchObject({ posted: [], failed: [{ id: oldDraft, reason: LOCKED }] });
    await refusedOnDate(await call(`/entries/${oldDraft}`, { method: "DELETE" }));
    expect((await call(`/entries/${oldDraft}`)).status).toBe(200);
    // The open draft is still editable and can be posted.
    expect((await call(`/entries/${openDraft}`, { method: "PUT", json: entry("2026-02-11") })).status).toBe(200);
  });

  it("reverses an entry of the locked period into an open date, never into the locked period", async () => {
    await refusedOnDate(await call(`/entries/${oldPosted}/reverse`, { json: { entry_date: "2026-01-31" } }));
    const res = await call(`/entries/${oldPosted}/reverse`, { json: { entry_date: "2026-02-15" } });
    expect(res.status, await res.clone().text()).toBe(201);
    const reversal = ((await res.json()) as { entry: { id: number } }).entry.id;
    const original = (await (await call(`/entries/${oldPosted}`)).json()) as { entry: { reversed_by: number | null } };
    expect(original.entry.reversed_by).toBe(reversal);
  });

  it("is enforced by the database: a direct SQL insert, a line added or a date moved is refused", async () => {
    const refused = async (statement: ReturnType<typeof sql>) => {
      const err = await t.ctx.db.execute(statement).then(
        () => null,
        (e: unknown) => e as Error & { cause?: { message?: string } },
      );
      expect(err).not.toBeNull();
      expect(`${err!.message} ${err!.cause?.message ?? ""}`).toContain("books locked up to 2026-01-31");
    };
    await refused(
      sql`insert into journal_entries (organization_id, entry_seq, description, entry_date, total_amount)
          values (${orgId}, 9999, 'Direct', '2026-01-05', 0)`,
    );
    await refused(
      sql`insert into journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, debit_amount, credit_amount)
          values (${orgId}, ${oldDraft}, 9, ${accounts[0]}, 1, 0)`,
    );
    await refused(sql`update journal_entries set entry_date = '2026-01-02' where id = ${openDraft}`);
    await refused(sql`delete from journal_entries where id = ${oldDraft}`);
  });

  it("refuses a journal import with a row in the locked period whole, and opening balances dated in it", async () => {
    const [{ n: before }] = (await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::integer as n from journal_entries where organization_id = ${orgId}`,
    )) as [{ n: number }];
    const csv = [
      "entry,date,description,account,debit,credit",
      "E1,2026-02-03,Sale,1000,10.00,",
      "E1,2026-02-03,Sale,4000,,10.00",
      "E2,2026-01-05,Old sale,1000,20.00,",
      "E2,2026-01-05,Old sale,4000,,20.00",
    ].join("\n");
    const res = await t.request(`/api/books-csv/${orgId}/commit?kind=journal`, {
      method: "POST",
      body: csv,
      headers: { "content-type": "text/csv" },
      cookie: owner.cookie,
    });
    await refusedOnDate(res);
    const [{ n: after }] = (await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::integer as n from journal_entries where organization_id = ${orgId}`,
    )) as [{ n: number }];
    expect(Number(after)).toBe(Number(before));

    const opening = await call("/opening-balances", {
      method: "PUT",
      json: {
        as_of: "2026-01-01",
        lines: [
          { account_id: accounts[0], debit_amount: "50.00", credit_amount: "" },
          { account_id: accounts[1], debit_amount: "", credit_amount: "50.00" },
        ],
      },
    });
    await refusedOnDate(opening, "as_of");
  });

  it("pauses a recurring entry whose run falls in the locked period, saying why", async () => {
    const res = await call("/recurring", {
      json: {
        ...entry("2100-01-28"),
        entry_date: undefined,
        frequency: "monthly",
        day_of_month: 28,
        start_date: "2100-01-28",
        end_date: null,
        post: true,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const id = ((await res.json()) as { recurring: { id: number } }).recurring.id;
    await t.ctx.db.execute(sql`update recurring_entries set next_run_on = '2026-01-28' where id = ${id}`);
    expect(await runDueRecurringEntries(t.ctx.db, "2026-01-28", { recurringEntryId: id })).toBe(0);
    const { recurring } = (await (await call(`/recurring/${id}`)).json()) as { recurring: { status: string; last_error: string } };
    expect(recurring.status).toBe("paused");
    expect(recurring.last_error).toContain(LOCKED);
  });

  it("refuses to categorize a bank line dated in the locked period, by hand or by a rule", async () => {
    const bank = `/api/bank/${orgId}`;
    const created = await t.request(`${bank}/accounts`, {
      cookie: owner.cookie,
      json: { name: "Checking", kind: "bank", account_id: accounts[0], currency: "USD" },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const bankId = ((await created.json()) as { account: { id: number } }).account.id;
    const csv = "Date,Description,Amount\r\n2026-01-10,Parking January,-3.00\r\n";
    const imported = await t.request(`${bank}/accounts/${bankId}/statements?name=january.csv`, {
      method: "POST",
      cookie: owner.cookie,
      body: csv,
    });
    expect(imported.status, await imported.clone().text()).toBeLessThan(300);
    const { lines } = (await (await t.request(`${bank}/accounts/${bankId}/lines?show=all`, { cookie: owner.cookie })).json()) as {
      lines: { id: number }[];
    };
    const categorize = await t.request(`${bank}/accounts/${bankId}/categorize`, {
      cookie: owner.cookie,
      json: { bank_line_ids: [lines[0]!.id], account_id: accounts[1] },
    });
    await refusedOnDate(categorize);
    const rule = await t.request(`${bank}/rules`, {
      cookie: owner.cookie,
      json: {
        name: "Parking",
        field: "text",
        operator: "contains",
        value: "parking",
        direction: "out",
        amount_min: "0.50",
        amount_max: "100.00",
        account_id: accounts[1],
        bank_account_id: null,
      },
    });
    expect(rule.status, await rule.clone().text()).toBe(201);
    await refusedOnDate(await t.request(`${bank}/accounts/${bankId}/apply-rules`, { method: "POST", cookie: owner.cookie }));
  });

  it("lets a member who wrote in the locked period delete their account, and the books' owner delete the books", async () => {
    const keeper = await createSignedInUser(t, { companyName: "Keeper Books" });
    const helper = await createSignedInUser(t, { companyName: "Helper Co" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: keeper.cookie })).json()) as { organizations: { id: number }[] };
    const keeperOrg = orgs.organizations[0]!.id;
    await addMember(t.ctx.db, keeperOrg, helper.id, "accountant");
    const path = booksPath(keeperOrg);
    const theirs = (await (await t.request(`${path}/accounts`, { cookie: keeper.cookie })).json()) as { accounts: { id: number }[] };
    const body = entry("2026-01-05", "Helper's entry");
    body.lines[0]!.account_id = theirs.accounts[0]!.id;
    body.lines[1]!.account_id = theirs.accounts[1]!.id;
    const made = await t.request(`${path}/entries`, { cookie: helper.cookie, json: body });
    expect(made.status, await made.clone().text()).toBe(201);
    const helpersEntry = ((await made.json()) as { entry: { id: number } }).entry.id;
    expect((await t.request(`${path}/entries/${helpersEntry}/post`, { method: "POST", cookie: helper.cookie })).status).toBe(200);
    expect(
      (await t.request(`${path}/lock`, { method: "PUT", cookie: keeper.cookie, json: { lock_date: "2026-01-31", reason: "Closed" } }))
        .status,
    ).toBe(200);
    const gone = await t.request("/api/account/delete", { cookie: helper.cookie, json: { confirmOrganizations: ["Helper Co"] } });
    expect(gone.status, await gone.clone().text()).toBe(200);
    const [kept] = await queryRows<{ created_by: string | null; posted_by: string | null }>(
      t.ctx.db,
      sql`select created_by, posted_by from journal_entries where id = ${helpersEntry}`,
    );
    expect(kept).toEqual({ created_by: null, posted_by: null });
    const closed = await t.request("/api/account/delete", { cookie: keeper.cookie, json: { confirmOrganizations: ["Keeper Books"] } });
    expect(closed.status, await closed.clone().text()).toBe(200);
    expect(await queryRows(t.ctx.db, sql`select id from journal_entries where organization_id = ${keeperOrg}`)).toEqual([]);
  });

  it("moves back and unlocks only with a reason; every change is in the history and the audit log", async () => {
    const noReason = await call("/lock/unlock", { json: { reason: "" } });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as Refusal).fields).toHaveProperty("reason");
    expect((await lock("2026-02-28", "February closed")).status).toBe(200);
    const february = await call("/entries", { json: entry("2026-02-20") });
    expect(february.status).toBe(400);
    expect(((await february.json()) as Refusal).fields?.entry_date).toBe(
      "The books are locked up to 2026-02-28 (February 2026 closed): choose a later date",
    );
    expect((await lock("2026-01-31", "February reopened for the bank's corrections")).status).toBe(200);
    const res = await call("/lock/unlock", { json: { reason: "Audit adjustments for January" } });
    expect(res.status).toBe(200);
    const { lock: lifted } = (await res.json()) as { lock: Lock };
    expect(lifted.lock_date).toBeNull();
    expect(lifted.current).toBeNull();
    expect(lifted.history.map((h) => [h.lock_date, h.reason])).toEqual([
      [null, "Audit adjustments for January"],
      ["2026-01-31", "February reopened for the bank's corrections"],
      ["2026-02-28", "February closed"],
      ["2026-01-31", "January closed"],
    ]);
    expect((await call("/lock/unlock", { json: { reason: "again" } })).status).toBe(409);
    await create("2026-01-31");
    expect((await call(`/entries/${oldDraft}`, { method: "DELETE" })).status).toBe(200);

    const audit = await queryRows<{ action: string; actor_id: string; before: unknown; after: unknown }>(
      t.ctx.db,
      sql`select action, actor_id, before, after from audit_log
           where target_type = 'organization' and target_id = ${String(orgId)} and action like 'books.%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["books.locked", "books.locked", "books.lock_moved_back", "books.unlocked"]);
    expect(audit.every((a) => a.actor_id === owner.id)).toBe(true);
    expect(audit[3]).toMatchObject({
      before: { lock_date: "2026-01-31" },
      after: { lock_date: null, reason: "Audit adjustments for January" },
    });
  });
});
