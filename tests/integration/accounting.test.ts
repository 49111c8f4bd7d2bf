import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { firstBooks } from "../support/books.ts";
import { mediaBoxes } from "../support/pdf.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

interface Account {
  id: number;
  account_code: string;
  account_name: string;
  account_type: string;
}

describe("accounting API", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let accountsA: Record<string, number>;
  let accountsB: Record<string, number>;

  let books: ReturnType<typeof firstBooks>;
  const call = async (u: TestUser | null, path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`${await books(u?.cookie)}${path}`, { ...init, cookie: u?.cookie });
  const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
  const codes = async (u: TestUser) => {
    const { accounts } = await json<{ accounts: Account[] }>(await call(u, "/accounts"));
    return Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  };
  const entryBody = (acc: Record<string, number>, amount = 100, extra: Record<string, unknown> = {}) => ({
    description: "Office rent",
    entry_date: "2026-03-01",
    reference: "INV-1",
    lines: [
      { account_id: acc["6000"], debit_amount: amount, credit_amount: 0 },
      { account_id: acc["1000"], debit_amount: 0, credit_amount: amount },
    ],
    ...extra,
  });
  const countRows = async (table: "journal_entries" | "journal_entry_lines" | "chart_of_accounts") => {
    const [r] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${sql.raw(table)}`);
    return r!.n;
  };

  beforeAll(async () => {
    t = await createTestApp();
    books = firstBooks(t);
    alice = await createSignedInUser(t, { companyName: "Alice Bakery" });
    bob = await createSignedInUser(t, { companyName: "", firstName: "Bob", lastName: "Stone" });
    accountsA = await codes(alice);
    accountsB = await codes(bob);
  });
  afterAll(() => t.close());

  it("answers 401 'Not authenticated' without a session", async () => {
    for (const [method, path] of [
      ["GET", "/accounts"],
      ["POST", "/entries"],
      ["GET", "/reports/trial_balance?start=2026-01-01&end=2026-12-31"],
    ]) {
      const res = await call(null, path!, { method, body: method === "POST" ? "{}" : undefined });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Not authenticated", code: "NOT_AUTHENTICATED" });
    }
  });

  it("gives each new user an organization, as owner, with the standard chart ordered by code", async () => {
    const me = await json<{ organization: { name: string }; role: string }>(await call(alice, "/me"));
    expect(me).toMatchObject({ organization: { name: "Alice Bakery" }, role: "owner" });
    const bobMe = await json<{ organization: { name: string } }>(await call(bob, "/me"));
    expect(bobMe.organization.name).toBe("Bob Stone");
    const { accounts } = await json<{ accounts: Account[] }>(await call(alice, "/accounts"));
    expect(accounts.length).toBeGreaterThanOrEqual(10);
    const list = accounts.map((a) => a.account_code);
    expect(list).toEqual([...list].sort());
    expect(accountsA["1000"]).not.toBe(accountsB["1000"]);
  });

  it("creates organizations once under concurrent first requests", async () => {
    const carol = await createSignedInUser(t, { companyName: "Carol Co" });
    const results = await Promise.all(Array.from({ length: 6 }, () => call(carol, "/me")));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [r] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from organizations where name = 'Carol Co'`);
    expect(r!.n).toBe(1);
  });

  it("creates, edits and soft-deletes accounts; codes stay unique among deleted ones too (409)", async () => {
    const created = await call(alice, "/accounts", { json: { account_code: "1010", account_name: "Petty Cash", account_type: "Asset" } });
    expect(created.status).toBe(201);
    const { account } = await json<{ account: Account }>(created);
    const dup = await call(alice, "/accounts", { json: { account_code: "1010", account_name: "Other", account_type: "Asset" } });
    expect(dup.status).toBe(409);
    expect((await json<{ error: string }>(dup)).error).toMatch(/1010.*already used/);
    const edited = await call(alice, `/accounts/${account.id}`, { method: "PATCH", json: { account_name: "Till", account_type: "Asset" } });
    expect((await json<{ account: Account }>(edited)).account.account_name).toBe("Till");
    expect((await call(alice, `/accounts/${account.id}`, { method: "DELETE" })).status).toBe(200);
    expect(Object.keys(await codes(alice))).not.toContain("1010");
    const again = await call(alice, "/accounts", { json: { account_code: "1010", account_name: "Again", account_type: "Asset" } });
    expect(again.status).toBe(409);
    const missing = await call(alice, "/accounts", { json: { account_code: "", account_name: "x", account_type: "Cash" } });
    expect(missing.status).toBe(400);
    expect((await json<{ error: string }>(missing)).error).toMatch(/account_code/);
    // The same code is free in another organization.
    expect(
      (await call(bob, "/accounts", { json: { account_code: "1010", account_name: "Petty Cash", account_type: "Asset" } })).status,
    ).toBe(201);
  });

  it("saves a draft, edits it, posts it, refuses to edit or post it again, and reverses it", async () => {
    const res = await call(alice, "/entries", { json: entryBody(accountsA, 250.5) });
    expect(res.status).toBe(201);
    const { entry } = await json<{ entry: { id: number; entry_number: string; status: string; total_amount: string } }>(res);
    expect(entry).toMatchObject({ status: "draft", total_amount: "250.50" });
    expect(entry.entry_number).toMatch(/^JE-\d{6}$/);

    const edit = await call(alice, `/entries/${entry.id}`, {
      method: "PUT",
      json: entryBody(accountsA, 300, { description: "Rent March" }),
    });
    expect(edit.status).toBe(200);
    const post = await call(alice, `/entries/${entry.id}/post`, { method: "POST" });
    expect(post.status).toBe(200);
    expect((await json<{ entry: { status: string } }>(post)).entry.status).toBe("posted");
    expect((await call(alice, `/entries/${entry.id}`, { method: "PUT", json: entryBody(accountsA, 5) })).status).toBe(409);
    expect((await call(alice, `/entries/${entry.id}/post`, { method: "POST" })).status).toBe(409);

    // The reversal's date follows the same rule as an entry's: 400 naming the field, nothing reversed.
    for (const [date, message] of [
      ["9999-12-31", "Entry date must not be after 2200-12-31"],
      ["1899-12-31", "Entry date must not be before 1900-01-01"],
      ["2026-02-30", "Entry date is required"],
    ] as const) {
      const bad = await call(alice, `/entries/${entry.id}/reverse`, { json: { entry_date: date } });
      expect(bad.status).toBe(400);
      expect((await json<{ fields: Record<string, string> }>(bad)).fields).toEqual({ entry_date: message });
    }
    const rev = await call(alice, `/entries/${entry.id}/reverse`, { json: { entry_date: "2026-03-31" } });
    expect(rev.status).toBe(201);
    const mirror = (await json<{ entry: { id: number; status: string; reversal_of: number; entry_date: string } }>(rev)).entry;
    expect(mirror).toMatchObject({ status: "posted", reversal_of: entry.id, entry_date: "2026-03-31" });
    expect((await call(alice, `/entries/${entry.id}/reverse`, { json: { entry_date: "2026-03-31" } })).status).toBe(409);

    const details = await json<{
      entry: {
        reversed_by: number;
        lines: { debit_amount: string; credit_amount: string; account_code: string }[];
        audit: { action: string; user_name: string }[];
      };
    }>(await call(alice, `/entries/${entry.id}`));
    expect(details.entry.reversed_by).toBe(mirror.id);
    expect(details.entry.audit.map((a) => a.action)).toEqual(["created", "edited", "posted", "reversed"]);
    expect(details.entry.audit[0]!.user_name).toBe("Test User");
    const mirrorLines = (
      await json<{ entry: { lines: { debit_amount: string; credit_amount: string; account_code: string }[] } }>(
        await call(alice, `/entries/${mirror.id}`),
      )
    ).entry.lines;
    expect(mirrorLines.map((l) => [l.account_code, l.debit_amount, l.credit_amount])).toEqual([
      ["6000", "0.00", "300.00"],
      ["1000", "300.00", "0.00"],
    ]);

    const pdf = await call(alice, `/entries/${entry.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const pdfBytes = Buffer.from(await pdf.arrayBuffer());
    expect(pdfBytes.subarray(0, 5).toString()).toBe("%PDF-");
    // US Letter, like every document of a US firm.
    expect(mediaBoxes(pdfBytes)).toEqual(["0 0 612 792"]);
  });

  it("reports: trial balance ties out, P&L shows net income, balance sheet holds A = L + E", async () => {
    const post = async (lines: [string, number, number][], date: string) => {
      const res = await call(alice, "/entries", {
        json: {
          description: "x",
          entry_date: date,
          lines: lines.map(([code, d, c]) => ({ account_id: accountsA[code], debit_amount: d, credit_amount: c })),
        },
      });
      const { entry } = await json<{ entry: { id: number } }>(res);
      expect((await call(alice, `/entries/${entry.id}/post`, { method: "POST" })).status).toBe(200);
    };
    await post(
      [
        ["1000", 10000, 0],
        ["3000", 0, 10000],
      ],
      "2025-12-15",
    ); // capital, before the period
    await post(
      [
        ["1100", 1500.25, 0],
        ["4100", 0, 1500.25],
      ],
      "2026-05-02",
    );
    await post(
      [
        ["6100", 700, 0],
        ["1000", 0, 700],
      ],
      "2026-05-03",
    );
    const draft = await call(alice, "/entries", { json: entryBody(accountsA, 99, { entry_date: "2026-05-04" }) });
    expect(draft.status).toBe(201); // drafts never count

    type Rep = Record<string, unknown> & { rows: { account_code: string; balance: string }[] };
    const rep = async (type: string, start = "2026-05-01", end = "2026-05-31") =>
      (await json<{ report: Rep }>(await call(alice, `/reports/${type}?start=${start}&end=${end}`))).report;
    const tb = await rep("trial_balance");
    // The period's debits and credits, with the balances before May (the 2025 capital) and at its end.
    type TbRow = {
      account_code: string;
      opening_debit: string;
      opening_credit: string;
      debit_total: string;
      credit_total: string;
      balance: string;
    };
    expect(
      (tb.rows as TbRow[]).map((r) => [r.account_code, r.opening_debit, r.opening_credit, r.debit_total, r.credit_total, r.balance]),
    ).toEqual([
      ["1000", "10000.00", "0.00", "0.00", "700.00", "9300.00"],
      ["1100", "0.00", "0.00", "1500.25", "0.00", "1500.25"],
      ["3000", "0.00", "10000.00", "0.00", "0.00", "10000.00"],
      ["4100", "0.00", "0.00", "0.00", "1500.25", "1500.25"],
      ["6100", "0.00", "0.00", "700.00", "0.00", "700.00"],
    ]);
    expect(tb).toMatchObject({
      total_opening_debit: "10000.00",
      total_opening_credit: "10000.00",
      total_debit: "2200.25",
      total_credit: "2200.25",
      total_closing_debit: "11500.25",
      total_closing_credit: "11500.25",
    });
    const pl = await rep("profit_loss");
    expect(pl).toMatchObject({ total_revenue: "1500.25", total_expenses: "700.00", net_income: "800.25" });
    const bs = await rep("balance_sheet");
    // March rent (300) and its reversal cancel out; the capital from 2025 counts in the position.
    expect(bs).toMatchObject({ total_assets: "10800.25", total_liabilities: "0.00", net_income: "800.25", total_equity: "10800.25" });
    expect(bs.total_liabilities_and_equity).toBe(bs.total_assets);
    const empty = await rep("trial_balance", "2020-01-01", "2020-12-31");
    expect(empty).toMatchObject({ empty: true, rows: [] });
    expect((await call(alice, "/reports/cash_flow?start=2026-01-01&end=2026-02-01")).status).toBe(404);
    expect((await call(alice, "/reports/trial_balance?start=2026-02-01&end=2026-01-01")).status).toBe(400);

    const { ledger } = await json<{ ledger: { opening_balance: string; closing_balance: string; lines: { balance: string }[] } }>(
      await call(alice, `/reports/general_ledger?account=${accountsA["1000"]}&start=2026-05-01&end=2026-05-31`),
    );
    expect(ledger.opening_balance).toBe("10000.00");
    expect(ledger.lines.map((l) => l.balance)).toEqual(["9300.00"]);
    expect(ledger.closing_balance).toBe("9300.00");
  });

  it("keeps organizations apart on every route: foreign ids answer 404, foreign accounts cannot be used", async () => {
    const { entry } = await json<{ entry: { id: number } }>(await call(alice, "/entries", { json: entryBody(accountsA) }));
    const accountId = accountsA["6000"]!;
    const before = await countRows("journal_entry_lines");
    const attempts: [string, string, unknown?][] = [
      ["GET", `/entries/${entry.id}`],
      ["GET", `/entries/${entry.id}/pdf`],
      ["PUT", `/entries/${entry.id}`, entryBody(accountsB)],
      ["POST", `/entries/${entry.id}/post`],
      ["POST", `/entries/${entry.id}/reverse`, { entry_date: "2026-01-01" }],
      ["PATCH", `/accounts/${accountId}`, { account_name: "Mine now", account_type: "Expense" }],
      ["DELETE", `/accounts/${accountId}`],
      ["GET", `/reports/general_ledger?account=${accountId}&start=2026-01-01&end=2026-12-31`],
    ];
    for (const [method, path, payload] of attempts) {
      const res = await call(bob, path, { method, ...(payload ? { json: payload } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const foreign = await call(bob, "/entries", { json: entryBody(accountsA) });
    expect(foreign.status).toBe(400);
    expect((await json<{ error: string }>(foreign)).error).toMatch(/lines\.0\.account_id/);
    const bobEntries = await json<{ entries: unknown[] }>(await call(bob, "/entries"));
    expect(bobEntries.entries).toEqual([]);
    const bobTb = await json<{ report: { empty: boolean } }>(await call(bob, "/reports/trial_balance?start=2000-01-01&end=2030-12-31"));
    expect(bobTb.report.empty).toBe(true);
    expect(Object.values(await codes(bob))).not.toContain(accountId);
    expect(await countRows("journal_entry_lines")).toBe(before);
    const still = await json<{ entry: { status: string; description: string } }>(await call(alice, `/entries/${entry.id}`));
    expect(still.entry).toMatchObject({ status: "draft", description: "Office rent" });
  });

  it("lets a viewer read but not write (403)", async () => {
    const viewer = await createSignedInUser(t);
    const me = await json<{ organization: { id: number } }>(await call(alice, "/me"));
    await addMember(t.ctx.db, me.organization.id, viewer.id, "viewer");
    const { entries } = await json<{ entries: { id: number }[] }>(await call(viewer, "/entries"));
    expect(entries.length).toBeGreaterThan(0);
    const draftId = entries[0]!.id;
    expect((await call(viewer, "/accounts")).status).toBe(200);
    const writes: [string, string, unknown?][] = [
      ["POST", "/accounts", { account_code: "9999", account_name: "X", account_type: "Asset" }],
      ["PATCH", `/accounts/${accountsA["6000"]}`, { account_name: "X", account_type: "Expense" }],
      ["DELETE", `/accounts/${accountsA["6000"]}`],
      ["POST", "/entries", entryBody(accountsA)],
      ["PUT", `/entries/${draftId}`, entryBody(accountsA)],
      ["POST", `/entries/${draftId}/post`],
      ["POST", `/entries/${draftId}/reverse`, { entry_date: "2026-01-01" }],
    ];
    for (const [method, path, payload] of writes) {
      const res = await call(viewer, path, { method, ...(payload ? { json: payload } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it("gives concurrent saves distinct, consecutive numbers", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => call(bob, "/entries", { json: entryBody(accountsB) })));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    const numbers = await Promise.all(results.map(async (r) => (await json<{ entry: { entry_number: string } }>(r)).entry.entry_number));
    const seqs = numbers.map((n) => Number(n.slice(3))).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(12);
    expect(seqs[11]! - seqs[0]!).toBe(11);
  });

  it("takes no number for a save refused for an inactive account, and restores the connection's commit mode", async () => {
    const saveNumber = async (body: unknown) => {
      const res = await call(bob, "/entries", { json: body });
      expect(res.status).toBe(201);
      return Number((await json<{ entry: { entry_number: string } }>(res)).entry.entry_number.slice(3));
    };
    const first = await saveNumber(entryBody(accountsB));
    const created = await call(bob, "/accounts", { json: { account_code: "1020", account_name: "Old till", account_type: "Asset" } });
    const { account } = await json<{ account: Account }>(created);
    expect((await call(bob, `/accounts/${account.id}`, { method: "DELETE" })).status).toBe(200);
    const before = await countRows("journal_entries");
    const refused = await call(bob, "/entries", {
      json: {
        ...entryBody(accountsB),
        lines: [
          { account_id: accountsB["6000"], debit_amount: 5, credit_amount: 0 },
          { account_id: account.id, debit_amount: 0, credit_amount: 5 },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "lines.1.account_id: Account not found or inactive" });
    expect(await countRows("journal_entries")).toBe(before);
    expect(await saveNumber(entryBody(accountsB))).toBe(first + 1);
    // A draft save commits without waiting for the WAL flush; that setting ends with its transaction.
    const [mode] = await queryRows<{ v: string }>(t.ctx.db, sql`select current_setting('synchronous_commit') as v`);
    expect(mode!.v).toBe("on");
  });

  it("answers bad input with 4xx and changes nothing", async () => {
    const { entry } = await json<{ entry: { id: number } }>(await call(alice, "/entries", { json: entryBody(accountsA, 42) }));
    const before = {
      entries: await countRows("journal_entries"),
      lines: await countRows("journal_entry_lines"),
      accounts: await countRows("chart_of_accounts"),
    };
    const line = (d: unknown, c: unknown, id = accountsA["6000"]) => ({ account_id: id, debit_amount: d, credit_amount: c });
    const bad: unknown[] = [
      { ...entryBody(accountsA), lines: [line("100.001", "0"), line("0", "100.001", accountsA["1000"])] },
      { ...entryBody(accountsA), lines: [line("1e2", "0"), line("0", "1e2", accountsA["1000"])] },
      { ...entryBody(accountsA), lines: [line(-100, 0), line(0, -100, accountsA["1000"])] },
      { ...entryBody(accountsA), lines: [line(1.005, 0), line(0, 1.005, accountsA["1000"])] },
      { ...entryBody(accountsA), lines: [line(10, 10), line(0, 0, accountsA["1000"])] },
      { ...entryBody(accountsA), lines: [line(10, 0), line(0, 9.99, accountsA["1000"])] },
      { ...entryBody(accountsA), lines: [line(1e12, 0), line(0, 1e12, accountsA["1000"])] },
      { ...entryBody(accountsA), description: "   " },
      { ...entryBody(accountsA), entry_date: "2026-02-30" },
      { ...entryBody(accountsA), lines: [line(1, 0)] },
      { ...entryBody(accountsA), lines: Array.from({ length: 10_000 }, (_, i) => line(i % 2 ? 0 : 1, i % 2 ? 1 : 0)) },
      { ...entryBody(accountsA), lines: [line(10, 0, 999999), line(0, 10, accountsA["1000"])] },
    ];
    for (const payload of bad) {
      for (const [method, path] of [
        ["POST", "/entries"],
        ["PUT", `/entries/${entry.id}`],
      ] as const) {
        const res = await call(alice, path, { method, json: payload });
        expect(res.status, JSON.stringify(payload).slice(0, 120)).toBe(400);
        const b = await json<{ error: string }>(res);
        expect(b.error.length).toBeGreaterThan(0);
      }
    }
    const malformed = await call(alice, "/entries", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: "Request body must be valid JSON" });
    const huge = await call(alice, "/entries", {
      method: "POST",
      body: "x".repeat(2 * 1024 * 1024),
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(413);
    expect((await call(alice, "/accounts/abc", { method: "PATCH", json: { account_name: "x", account_type: "Asset" } })).status).toBe(404);
    expect({
      entries: await countRows("journal_entries"),
      lines: await countRows("journal_entry_lines"),
      accounts: await countRows("chart_of_accounts"),
    }).toEqual(before);
    const kept = await json<{ entry: { total_amount: string; lines: unknown[] } }>(await call(alice, `/entries/${entry.id}`));
    expect(kept.entry.total_amount).toBe("42.00");
    expect(kept.entry.lines).toHaveLength(2);
  });

  it("leaves the previous lines intact when inserting the new lines fails", async () => {
    const { entry } = await json<{ entry: { id: number } }>(await call(alice, "/entries", { json: entryBody(accountsA, 77) }));
    await t.testDb.database.exec(`
      create function test_fail_line() returns trigger language plpgsql as $$
      begin if new.description = 'explode' then raise exception 'disk full'; end if; return new; end $$;
      create trigger test_fail_line before insert on journal_entry_lines for each row execute function test_fail_line();`);
    try {
      const payload = entryBody(accountsA, 88, { description: "Changed" });
      (payload.lines[1] as Record<string, unknown>).description = "explode";
      const res = await call(alice, `/entries/${entry.id}`, { method: "PUT", json: payload });
      expect(res.status).toBe(500);
    } finally {
      await t.testDb.database.exec(`drop trigger test_fail_line on journal_entry_lines; drop function test_fail_line();`);
    }
    const kept = await json<{
      entry: { description: string; total_amount: string; lines: { debit_amount: string }[]; audit: { action: string }[] };
    }>(await call(alice, `/entries/${entry.id}`));
    expect(kept.entry).toMatchObject({ description: "Office rent", total_amount: "77.00" });
    expect(kept.entry.lines.map((l) => l.debit_amount)).toEqual(["77.00", "0.00"]);
    expect(kept.entry.audit.map((a) => a.action)).toEqual(["created"]);
  });
});

describe("ledger integrity in the database", () => {
  let t: TestApp;
  let postedId: number;
  let draftId: number;
  let otherDraftId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const u = await createSignedInUser(t);
    const base = await firstBooks(t)(u.cookie);
    const res = await t.request(`${base}/accounts`, { cookie: u.cookie });
    const { accounts } = (await res.json()) as { accounts: Account[] };
    const id = (code: string) => accounts.find((a) => a.account_code === code)!.id;
    const mk = async () => {
      const r = await t.request(`${base}/entries`, {
        cookie: u.cookie,
        json: {
          description: "Sale",
          entry_date: "2026-04-01",
          lines: [
            { account_id: id("1000"), debit_amount: 10, credit_amount: 0 },
            { account_id: id("4000"), debit_amount: 0, credit_amount: 10 },
          ],
        },
      });
      return ((await r.json()) as { entry: { id: number } }).entry.id;
    };
    postedId = await mk();
    draftId = await mk();
    otherDraftId = await mk();
    expect((await t.request(`${base}/entries/${postedId}/post`, { method: "POST", cookie: u.cookie })).status).toBe(200);
  });
  afterAll(() => t.close());

  const refused = (q: string) => expect(t.testDb.database.exec(q)).rejects.toThrow();

  it("refuses UPDATE and DELETE of posted entries and their lines, even from direct SQL", async () => {
    await refused(`update journal_entries set description = 'changed' where id = ${postedId}`);
    await refused(`update journal_entries set status = 'draft', posted_at = null, posted_by = null where id = ${postedId}`);
    await refused(`delete from journal_entries where id = ${postedId}`);
    await refused(`update journal_entry_lines set debit_amount = 11 where journal_entry_id = ${postedId} and debit_amount > 0`);
    await refused(`delete from journal_entry_lines where journal_entry_id = ${postedId}`);
    await refused(
      `insert into journal_entry_lines (organization_id, journal_entry_id, line_no, account_id, debit_amount)
       select organization_id, journal_entry_id, 9, account_id, 5 from journal_entry_lines where journal_entry_id = ${postedId} limit 1`,
    );
    await refused(`delete from account_day_totals`);
    const [row] = await queryRows<{ description: string; n: number }>(
      t.ctx.db,
      sql`select e.description, (select count(*)::int from journal_entry_lines where journal_entry_id = e.id) as n from journal_entries e where id = ${postedId}`,
    );
    expect(row).toEqual({ description: "Sale", n: 2 });
  });

  it("checks one positive side per line and balance at post", async () => {
    await refused(`update journal_entry_lines set credit_amount = 3 where journal_entry_id = ${draftId} and debit_amount > 0`);
    await refused(`update journal_entry_lines set debit_amount = 0 where journal_entry_id = ${draftId} and debit_amount > 0`);
    // An unbalanced draft cannot be posted, whatever code runs.
    await t.testDb.database.exec(
      `update journal_entry_lines set debit_amount = 12 where journal_entry_id = ${draftId} and debit_amount > 0`,
    );
    await refused(`update journal_entries set status = 'posted', posted_at = now(), posted_by = created_by where id = ${draftId}`);
    await refused(`insert into journal_entries (organization_id, entry_seq, description, entry_date, total_amount, status, posted_at)
                   select organization_id, 999, 'x', '2026-01-01', 1, 'posted', now() from journal_entries where id = ${draftId}`);
    // Drafts stay editable.
    await t.testDb.database.exec(`update journal_entries set description = 'fine' where id = ${draftId}`);
  });

  it("checks the balance of every entry a statement posts: one unbalanced refuses them all, named", async () => {
    const postBoth = `update journal_entries set status = 'posted', posted_at = now(), posted_by = created_by where id in (${otherDraftId}, ${draftId})`;
    const [unbalanced] = await queryRows<{ entry_number: string }>(
      t.ctx.db,
      sql`select entry_number from journal_entries where id = ${draftId}`,
    );
    await expect(t.testDb.database.exec(postBoth)).rejects.toThrow(`journal entry ${unbalanced!.entry_number} is not balanced`);
    const status = () =>
      queryRows<{ status: string }>(
        t.ctx.db,
        sql`select status from journal_entries where id in (${otherDraftId}, ${draftId}) order by id`,
      );
    expect(await status()).toEqual([{ status: "draft" }, { status: "draft" }]);
    await t.testDb.database.exec(
      `update journal_entry_lines set debit_amount = 10 where journal_entry_id = ${draftId} and debit_amount > 0`,
    );
    await t.testDb.database.exec(postBoth);
    expect(await status()).toEqual([{ status: "posted" }, { status: "posted" }]);
  });
});
