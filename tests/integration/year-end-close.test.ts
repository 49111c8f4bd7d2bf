import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/server/db/client.ts";
import { sqlState } from "~/features/ledger/ledger-errors.server.ts";
import type { GeneralLedger } from "~/features/reports/general-ledger.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import type { YearEndPreview, YearEndState } from "~/features/ledger/year-end-close.types.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";

interface Line {
  account: string;
  debit?: string;
  credit?: string;
}
interface Row {
  account_code: string;
  balance: string;
}
interface Refusal {
  error: string;
  fields?: Record<string, string>;
}

describe("the year-end close: revenue and expenses of the year to Retained Earnings, the year locked, reopened by a reversal", () => {
  let t: TestApp;
  let owner: TestUser;
  let accountant: TestUser;
  let viewer: TestUser;
  let orgId: number;
  let draftId: number;
  const ids = new Map<string, number>();

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${booksPath(orgId)}${path}`, { ...init, cookie: user.cookie });
  async function entry(entry_date: string, description: string, lines: Line[], post = true) {
    const res = await call("/entries", {
      json: {
        description,
        entry_date,
        lines: lines.map((l) => ({ account_id: ids.get(l.account), debit_amount: l.debit ?? "0", credit_amount: l.credit ?? "0" })),
      },
    });
    const body = (await res.json()) as { entry: { id: number } } & Refusal;
    if (res.status !== 201) return { status: res.status, body };
    if (post) expect((await call(`/entries/${body.entry.id}/post`, { method: "POST" })).status).toBe(200);
    return { status: 201, id: body.entry.id, body };
  }
  const close = (fiscal_year: number | string, reason = "2025 filed", user = owner) =>
    call("/year-end/close", { json: { fiscal_year, reason } }, user);
  const reopen = (fiscal_year: number, reason = "Late invoice found", user = owner) =>
    call("/year-end/reopen", { json: { fiscal_year, reason } }, user);
  const report = async (type: string, start: string, end: string) =>
    ((await (await call(`/reports/${type}?start=${start}&end=${end}`)).json()) as { report: Record<string, unknown> & { rows: Row[] } })
      .report;
  const balanceOf = (rows: Row[], code: string) => rows.find((r) => r.account_code === code)?.balance ?? "0.00";
  const lockDate = async () => ((await (await call("/lock")).json()) as { lock: { lock_date: string | null } }).lock.lock_date;
  const refused = async (res: Response, status: number, message: string | RegExp) => {
    const body = (await res.json()) as Refusal;
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(body.error).toMatch(message);
    return body;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Close Co" });
    accountant = await createSignedInUser(t, { companyName: "Accountant Co" });
    viewer = await createSignedInUser(t, { companyName: "Viewer Co" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    await addMember(t.ctx.db, orgId, accountant.id, "accountant");
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    const list = (await (await call("/accounts")).json()) as { accounts: { id: number; account_code: string }[] };
    for (const a of list.accounts) ids.set(a.account_code, a.id);
    await entry("2025-01-02", "Capital", [
      { account: "1000", debit: "1000.00" },
      { account: "3000", credit: "1000.00" },
    ]);
    await entry("2025-03-01", "Sale", [
      { account: "1000", debit: "500.00" },
      { account: "4000", credit: "500.00" },
    ]);
    await entry("2025-04-01", "Rent", [
      { account: "6000", debit: "200.00" },
      { account: "1000", credit: "200.00" },
    ]);
    await entry("2026-02-01", "Sale 2026", [
      { account: "1000", debit: "100.00" },
      { account: "4000", credit: "100.00" },
    ]);
    draftId = (
      await entry(
        "2025-12-15",
        "Unposted",
        [
          { account: "1000", debit: "1.00" },
          { account: "4000", credit: "1.00" },
        ],
        false,
      )
    ).id!;
  });
  afterAll(async () => t?.close());

  it("refuses a year with drafts dated in it, a year not ended, and bad input, naming the fiscal year", async () => {
    const body = await refused(await close(2025), 400, "1 draft entry is dated in 2025: post or delete it before closing the year");
    expect(Object.keys(body.fields!)).toEqual(["fiscal_year"]);
    await refused(await close(2026), 400, /2026 has not ended yet/);
    await refused(await close("twenty"), 400, /Fiscal year/);
    await refused(await call("/year-end/close", { json: { fiscal_year: 2025 } }), 400, /Reason/);
    await refused(await call("/year-end/close", { json: {} }), 400, /Fiscal year|Reason/);
    expect((await call(`/entries/${draftId}`, { method: "DELETE" })).status).toBe(200);
  });

  it("previews the closing entry: each account's balance for the year, the net income and Retained Earnings", async () => {
    const res = await call("/year-end/preview?fiscal_year=2025", {}, viewer);
    const { preview } = (await res.json()) as { preview: YearEndPreview };
    expect(preview).toMatchObject({
      fiscal_year: 2025,
      start: "2025-01-01",
      end: "2025-12-31",
      net_income: "300.00",
      drafts: 0,
      problem: null,
      retained_earnings: { account_code: "3100", account_name: "Retained Earnings" },
    });
    expect(preview.accounts.map((a) => [a.account_code, a.balance])).toEqual([
      ["4000", "500.00"],
      ["6000", "200.00"],
    ]);
  });

  it("is for owners and accountants only", async () => {
    await refused(await close(2025, "Viewer tries", viewer), 403, /Viewers/);
    await refused(await reopen(2025, "Viewer tries", viewer), 403, /Viewers/);
  });

  it("closes the year: one closing entry, the lock at the year's end, Retained Earnings on the balance sheet with A = L + E", async () => {
    const res = await close(2025, "2025 accounts filed", accountant);
    expect(res.status, await res.clone().text()).toBe(200);
    const { year_end } = (await res.json()) as { year_end: YearEndState };
    expect(year_end.closes).toHaveLength(1);
    expect(year_end.closes[0]).toMatchObject({ fiscal_year: 2025, end: "2025-12-31", reason: "2025 accounts filed", reopened: null });
    expect(await lockDate()).toBe("2025-12-31");
    await refused(await close(2025), 409, "2025 is closed already");

    // Revenue and expense are zero at the year's end; the P&L of the year still shows its income.
    const tb = await report("trial_balance", "2025-01-01", "2025-12-31");
    expect([balanceOf(tb.rows, "4000"), balanceOf(tb.rows, "6000"), balanceOf(tb.rows, "3100")]).toEqual(["0.00", "0.00", "300.00"]);
    const pl = await report("profit_loss", "2025-01-01", "2025-12-31");
    expect(pl.net_income).toBe("300.00");

    const bs = await report("balance_sheet", "2025-12-31", "2025-12-31");
    expect(balanceOf(bs.rows, "3100")).toBe("300.00");
    expect(bs.net_income).toBe("0.00");
    expect(bs.total_assets).toBe("1300.00");
    expect(bs.total_liabilities_and_equity).toBe(bs.total_assets);
    const later = await report("balance_sheet", "2026-11-01", "2026-11-01");
    expect([balanceOf(later.rows, "3100"), later.net_income, later.total_assets, later.total_liabilities_and_equity]).toEqual([
      "300.00",
      "100.00",
      "1400.00",
      "1400.00",
    ]);

    // The closing entry is in Retained Earnings' general ledger; the audit log has the close and the lock.
    const gl = (await (await call(`/reports/general_ledger?account=${ids.get("3100")}&start=2025-12-01&end=2025-12-31`)).json()) as {
      ledger: GeneralLedger;
    };
    expect(gl.ledger.lines.map((l) => [l.entry_date, l.credit_amount, l.counter_accounts])).toEqual([
      ["2025-12-31", "300.00", ["4000 Sales Revenue", "6000 Rent Expense"]],
    ]);
    const audit = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from audit_log where target_type = 'organization' and target_id = ${String(orgId)} and action like 'books.%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["books.locked", "books.year_closed"]);
  });

  it("refuses an entry dated in the closed year with the lock's message, from the API and from SQL", async () => {
    const res = await entry("2025-06-01", "Late invoice", [
      { account: "1000", debit: "50.00" },
      { account: "4000", credit: "50.00" },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ entry_date: "The books are locked up to 2025-12-31 (2025 closed): choose a later date" });
    const direct = await t.ctx.db
      .execute(
        sql`insert into journal_entries (organization_id, entry_seq, description, entry_date, total_amount)
            values (${orgId}, 999999, 'Typed by hand', '2025-06-01', 50)`,
      )
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(sqlState(direct)).toBe("BKLCK");
    // The database keeps one standing close per organization and year.
    await expect(
      t.ctx.db.execute(
        sql`insert into fiscal_year_closes (organization_id, fiscal_year_start, fiscal_year_end, journal_entry_id, reason)
            select organization_id, fiscal_year_start, fiscal_year_end, (select min(id) from journal_entries where organization_id = ${orgId}), 'again'
              from fiscal_year_closes where organization_id = ${orgId}`,
      ),
    ).rejects.toThrow();
  });

  it("reopens: refused while a later period is locked, then the lock moves back and the closing entry is reversed", async () => {
    await refused(await call("/year-end/reopen", { json: { fiscal_year: 2025, reason: " " } }), 400, /Reason/);
    expect((await call("/lock", { method: "PUT", json: { lock_date: "2026-01-31", reason: "January filed" } })).status).toBe(200);
    await refused(
      await reopen(2025),
      400,
      "The books are locked up to 2026-01-31, after 2025: move the lock date back to 2025-12-31 first",
    );
    await refused(await close(2024), 400, /Nothing to close|locked up to 2026-01-31/);
    expect((await call("/lock", { method: "PUT", json: { lock_date: "2025-12-31", reason: "Back to the year's end" } })).status).toBe(200);

    const res = await reopen(2025);
    expect(res.status, await res.clone().text()).toBe(200);
    const { year_end } = (await res.json()) as { year_end: YearEndState };
    expect(year_end.closes[0]!.reopened).toMatchObject({ reason: "Late invoice found" });
    expect(await lockDate()).toBeNull();
    await refused(await reopen(2025), 409, "2025 is not closed");

    const bs = await report("balance_sheet", "2025-12-31", "2025-12-31");
    expect([balanceOf(bs.rows, "3100"), bs.net_income, bs.total_liabilities_and_equity]).toEqual(["0.00", "300.00", "1300.00"]);
    expect((await report("profit_loss", "2025-01-01", "2025-12-31")).net_income).toBe("300.00");
    // The late invoice can be entered now, and the year closed again with it.
    expect(
      (
        await entry("2025-06-01", "Late invoice", [
          { account: "1000", debit: "50.00" },
          { account: "4000", credit: "50.00" },
        ])
      ).status,
    ).toBe(201);
    expect((await close(2025, "2025 filed again")).status).toBe(200);
    const again = await report("balance_sheet", "2025-12-31", "2025-12-31");
    expect([balanceOf(again.rows, "3100"), again.net_income]).toEqual(["350.00", "0.00"]);
    const state = ((await (await call("/year-end")).json()) as { year_end: YearEndState }).year_end;
    expect(state.closes.map((c) => [c.fiscal_year, c.reopened === null])).toEqual([
      [2025, true],
      [2025, false],
    ]);
  });
});

describe("the year-end close of a fiscal year starting in July", () => {
  let t: TestApp;
  let owner: TestUser;
  let orgId: number;
  const ids = new Map<string, number>();
  const call = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`${booksPath(orgId)}${path}`, { ...init, cookie: owner.cookie });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "July Co" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    await t.ctx.db.execute(sql`update organizations set fiscal_year_start_month = 7 where id = ${orgId}`);
    const list = (await (await call("/accounts")).json()) as { accounts: { id: number; account_code: string }[] };
    for (const a of list.accounts) ids.set(a.account_code, a.id);
    for (const [date, amount] of [
      ["2025-06-30", "70.00"],
      ["2025-07-01", "100.00"],
      ["2026-06-30", "20.00"],
      ["2026-07-01", "5.00"],
    ] as const) {
      const res = await call("/entries", {
        json: {
          description: `Sale ${date}`,
          entry_date: date,
          lines: [
            { account_id: ids.get("1000"), debit_amount: amount, credit_amount: "0" },
            { account_id: ids.get("4000"), debit_amount: "0", credit_amount: amount },
          ],
        },
      });
      const { entry } = (await res.json()) as { entry: { id: number } };
      expect((await call(`/entries/${entry.id}/post`, { method: "POST" })).status).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  it("closes FY2026 (2025-07-01 to 2026-06-30) on its last day, moving that year's income only", async () => {
    const { preview } = (await (await call("/year-end/preview?fiscal_year=2026")).json()) as { preview: YearEndPreview };
    expect(preview).toMatchObject({
      start: "2025-07-01",
      end: "2026-06-30",
      net_income: "120.00",
      label: "FY2026 (2025-07-01 to 2026-06-30)",
    });
    const state = ((await (await call("/year-end")).json()) as { year_end: YearEndState }).year_end;
    expect(state).toMatchObject({ fiscal_year_start_month: 7, last_ended: 2026 });
    const res = await call("/year-end/close", { json: { fiscal_year: 2026, reason: "FY2026 filed" } });
    expect(res.status, await res.clone().text()).toBe(200);
    const { lock } = (await (await call("/lock")).json()) as { lock: { lock_date: string } };
    expect(lock.lock_date).toBe("2026-06-30");
    const { report } = (await (await call("/reports/trial_balance?start=2026-07-01&end=2026-07-31")).json()) as {
      report: { rows: Row[] };
    };
    // Revenue keeps the sale of FY2025 (not closed) and July 2026's; Retained Earnings holds FY2026's 120.00.
    expect(report.rows.find((r) => r.account_code === "3100")?.balance).toBe("120.00");
    expect(report.rows.find((r) => r.account_code === "4000")?.balance).toBe("75.00");
  });
});
