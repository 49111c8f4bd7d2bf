import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generalLedger } from "~/features/reports/general-ledger.server.ts";
import type { GeneralLedger } from "~/features/reports/general-ledger.ts";
import { addMember, requireMembership } from "~/features/tenancy/organizations.server.ts";
import type { TrialBalanceReport } from "~/features/reports/reports.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";

interface Line {
  account: string;
  debit?: string;
  credit?: string;
}

describe("the general ledger: an account's lines with counter-accounts and running balances, agreeing with the trial balance", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let orgId: number;
  const ids = new Map<string, number>();

  const call = (path: string, user = owner) => t.request(`${booksPath(orgId)}${path}`, { cookie: user.cookie });
  async function post(entry_date: string, description: string, lines: Line[]) {
    const res = await t.request(`${booksPath(orgId)}/entries`, {
      cookie: owner.cookie,
      json: {
        description,
        entry_date,
        lines: lines.map((l) => ({ account_id: ids.get(l.account), debit_amount: l.debit ?? "0", credit_amount: l.credit ?? "0" })),
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { entry } = (await res.json()) as { entry: { id: number } };
    if (description.startsWith("Draft")) return;
    expect((await t.request(`${booksPath(orgId)}/entries/${entry.id}/post`, { method: "POST", cookie: owner.cookie })).status).toBe(200);
  }
  const ledger = async (account: string, start: string, end: string, after?: string, user = owner) => {
    const res = await call(
      `/reports/general_ledger?account=${ids.get(account)}&start=${start}&end=${end}${after ? `&after=${after}` : ""}`,
      user,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { ledger: GeneralLedger }).ledger;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Ledger Co" });
    viewer = await createSignedInUser(t, { companyName: "Viewer Co" });
    stranger = await createSignedInUser(t, { companyName: "Stranger Co" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    const list = (await (await call("/accounts")).json()) as { accounts: { id: number; account_code: string }[] };
    for (const a of list.accounts) ids.set(a.account_code, a.id);
    await post("2025-12-20", "Owner's capital", [
      { account: "1000", debit: "1000.00" },
      { account: "3000", credit: "1000.00" },
    ]);
    await post("2026-01-05", "Sale with tax", [
      { account: "1000", debit: "110.00" },
      { account: "4000", credit: "100.00" },
      { account: "2100", credit: "10.00" },
    ]);
    await post("2026-01-10", "January rent", [
      { account: "6000", debit: "400.00" },
      { account: "1000", credit: "400.00" },
    ]);
    await post("2026-01-10", "Cash counted twice", [
      { account: "1000", debit: "5.00" },
      { account: "1000", credit: "5.00" },
    ]);
    await post("2026-01-31", "Services", [
      { account: "1000", debit: "250.50" },
      { account: "4100", credit: "250.50" },
    ]);
    await post("2026-02-02", "February rent", [
      { account: "6000", debit: "400.00" },
      { account: "1000", credit: "400.00" },
    ]);
    await post("2026-01-15", "Draft sale", [
      { account: "1000", debit: "999.00" },
      { account: "4000", credit: "999.00" },
    ]);
  });
  afterAll(async () => t?.close());

  it("shows the opening balance, every posted line with its counter-account and running balance, and the closing balance", async () => {
    const gl = await ledger("1000", "2026-01-01", "2026-01-31");
    expect(gl.account).toMatchObject({ account_code: "1000", account_name: "Cash", account_type: "Asset" });
    expect(gl.opening_balance).toBe("1000.00");
    expect(gl.lines.map((l) => [l.entry_date, l.description, l.debit_amount, l.credit_amount, l.balance])).toEqual([
      ["2026-01-05", "Sale with tax", "110.00", "0.00", "1110.00"],
      ["2026-01-10", "January rent", "0.00", "400.00", "710.00"],
      ["2026-01-10", "Cash counted twice", "5.00", "0.00", "715.00"],
      ["2026-01-10", "Cash counted twice", "0.00", "5.00", "710.00"],
      ["2026-01-31", "Services", "250.50", "0.00", "960.50"],
    ]);
    expect(gl.lines.map((l) => [l.counter_count, l.counter_accounts])).toEqual([
      [2, ["2100 Accrued Liabilities", "4000 Sales Revenue"]],
      [1, ["6000 Rent Expense"]],
      [0, []],
      [0, []],
      [1, ["4100 Service Revenue"]],
    ]);
    expect(gl.lines[0]!.entry_number).toMatch(/^JE-\d{6}$/);
    expect(gl).toMatchObject({ debit_total: "365.50", credit_total: "405.00", closing_balance: "960.50", next: null });
  });

  it("agrees with the trial balance on every account: opening, period totals and closing", async () => {
    const res = await call("/reports/trial_balance?start=2026-01-01&end=2026-01-31");
    const { report } = (await res.json()) as { report: TrialBalanceReport };
    expect(report.rows.length).toBeGreaterThan(4);
    for (const row of report.rows) {
      const gl = await ledger(row.account_code, "2026-01-01", "2026-01-31");
      expect([gl.opening_balance, gl.debit_total, gl.credit_total, gl.closing_balance]).toEqual([
        row.opening_balance,
        row.debit_total,
        row.credit_total,
        row.balance,
      ]);
      expect(gl.lines.at(-1)?.balance ?? gl.opening_balance).toBe(row.balance);
    }
  });

  it("pages by keyset: each page carries the balance brought forward, and the pages together are the whole ledger", async () => {
    const m = await requireMembership(t.ctx.db, owner.id, orgId);
    const whole = await ledger("1000", "2025-01-01", "2026-12-31");
    const q = { account: ids.get("1000")!, start: "2025-01-01", end: "2026-12-31" };
    const seen = [];
    let page = await generalLedger(t.ctx.db, m, q, 2);
    expect(page.page_opening_balance).toBe("0.00");
    seen.push(...page.lines);
    while (page.next) {
      const brought = page.lines.at(-1)!.balance;
      page = await generalLedger(t.ctx.db, m, { ...q, after: page.next }, 2);
      expect(page.page_opening_balance).toBe(brought);
      seen.push(...page.lines);
    }
    expect(seen).toEqual(whole.lines);
    expect(seen).toHaveLength(7);
    // Through the API: the lines after the second line.
    const rest = await ledger("1000", "2025-01-01", "2026-12-31", whole.lines[1]!.cursor);
    expect(rest.page_opening_balance).toBe(whole.lines[1]!.balance);
    expect(rest.lines).toEqual(whole.lines.slice(2));
  });

  it("gives the CSV of the period with the opening and closing balances", async () => {
    const res = await call(`/reports/general_ledger/csv?account=${ids.get("1000")}&start=2026-01-01&end=2026-01-31`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="general_ledger_1000_2026-01-01_2026-01-31.csv"');
    const rows = (await res.text()).trim().split("\r\n");
    expect(rows[0]).toBe("Date,Entry,Description,Counter Account,Tax,Debit,Credit,Balance");
    expect(rows[1]).toBe("2026-01-01,,Opening balance,,,,,1000.00");
    expect(rows[2]).toMatch(/^2026-01-05,JE-\d{6},Sale with tax,"Split: 2100 Accrued Liabilities, 4000 Sales Revenue",,110.00,,1110.00$/);
    expect(rows.at(-1)).toBe("2026-01-31,,Closing balance,,,365.50,405.00,960.50");
    expect(rows).toHaveLength(8);
  });

  it("prints every account with lines in the period, each a section of its opening, lines and closing (CSV and PDF)", async () => {
    const csvOf = async (path: string) => {
      const res = await call(path, viewer);
      expect(res.status, await res.clone().text()).toBe(200);
      return { res, rows: (await res.text()).trim().split("\r\n") };
    };
    const all = await csvOf("/reports/general_ledger/all/csv?start=2026-01-01&end=2026-01-31");
    expect(all.res.headers.get("content-disposition")).toBe('attachment; filename="general_ledger_all_2026-01-01_2026-01-31.csv"');
    expect(all.rows[0]).toBe("Account,Date,Entry,Description,Counter Account,Tax,Debit,Credit,Balance");
    // The accounts with January lines, by code (Equity's capital was posted in December, the draft counts nowhere).
    const sections = ["1000 Cash", "2100 Accrued Liabilities", "4000 Sales Revenue", "4100 Service Revenue", "6000 Rent Expense"];
    const expected = [all.rows[0]];
    for (const name of sections) {
      const one = await csvOf(`/reports/general_ledger/csv?account=${ids.get(name.slice(0, 4))}&start=2026-01-01&end=2026-01-31`);
      expected.push(...one.rows.slice(1).map((row) => `${name},${row}`));
    }
    expect(all.rows).toEqual(expected);

    const res = await call("/reports/general_ledger/all/pdf?start=2026-01-01&end=2026-01-31", viewer);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="general_ledger_all_2026-01-01_2026-01-31.pdf"');
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: Buffer.from(await res.arrayBuffer()) }).toString("utf8");
    // Each account's name whole on its own line, never wrapped inside the date column.
    for (const name of sections) expect(text).toMatch(new RegExp(`^\\s*${name}\\s*$`, "m"));
    expect(text).not.toContain("3000 Owner");
    expect(text.match(/Opening balance/g)).toHaveLength(sections.length);
    expect(text.match(/Closing balance/g)).toHaveLength(sections.length);
    expect(text).toMatch(/2026-01-31\s+Closing balance\s+\$365\.50\s+\$405\.00\s+\$960\.50/);
    expect(text).toContain("Page 1 of 1");
    const bad = await call("/reports/general_ledger/all/pdf?start=2026-02-01&end=2026-01-31");
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fields: Record<string, string> }).fields)).toEqual(["start"]);
    expect((await call("/reports/general_ledger/all/csv?start=2026-01-01&end=2026-01-31", stranger)).status).toBe(404);
  });

  it("is read by every member and by no one else; bad input is a 400 naming the field", async () => {
    expect((await ledger("1000", "2026-01-01", "2026-01-31", undefined, viewer)).closing_balance).toBe("960.50");
    expect((await call(`/reports/general_ledger?account=${ids.get("1000")}&start=2026-01-01&end=2026-01-31`, stranger)).status).toBe(404);
    const bad = async (query: string, field: string) => {
      const res = await call(`/reports/general_ledger?${query}`);
      const body = (await res.json()) as { code: string; fields: Record<string, string> };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(body.fields)).toEqual([field]);
    };
    await bad("start=2026-01-01&end=2026-01-31", "account");
    await bad(`account=${ids.get("1000")}&start=2026-02-01&end=2026-01-31`, "start");
    await bad(`account=${ids.get("1000")}&start=2026-01-01&end=2026-01-31&after=x`, "after");
    await bad(`account=${ids.get("1000")}&start=2026-01-01&end=2026-01-31&after=2025-12-20.1.1`, "after");
    expect((await call(`/reports/general_ledger?account=999999&start=2026-01-01&end=2026-01-31`)).status).toBe(404);
  });
});
