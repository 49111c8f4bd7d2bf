import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CashFlowReport } from "~/features/reports/cash-flow.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";

interface Line {
  account: string;
  debit?: string;
  credit?: string;
}

describe("the statement of cash flows through the API: sections, cash accounts, reconciliation, the close left out", () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let orgId: number;
  const ids = new Map<string, number>();

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${booksPath(orgId)}${path}`, { ...init, cookie: user.cookie });
  async function post(entry_date: string, description: string, lines: Line[]) {
    const res = await call("/entries", {
      json: {
        description,
        entry_date,
        lines: lines.map((l) => ({ account_id: ids.get(l.account), debit_amount: l.debit ?? "0", credit_amount: l.credit ?? "0" })),
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { entry } = (await res.json()) as { entry: { id: number } };
    expect((await call(`/entries/${entry.id}/post`, { method: "POST" })).status).toBe(200);
  }
  const cashFlows = async (start: string, end: string) => {
    const res = await call(`/reports/cash_flows?start=${start}&end=${end}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { report: CashFlowReport }).report;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Flows Co" });
    stranger = await createSignedInUser(t, { companyName: "Stranger Co" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    // An account with no cash in its name, kept as a bank account: cash too.
    const made = await call("/accounts", { json: { account_code: "1010", account_name: "Operating account", account_type: "Asset" } });
    expect(made.status).toBe(201);
    const list = (await (await call("/accounts")).json()) as { accounts: { id: number; account_code: string }[] };
    for (const a of list.accounts) ids.set(a.account_code, a.id);
    const bank = await t.request(`/api/bank/${orgId}/accounts`, {
      cookie: owner.cookie,
      json: { name: "Main bank", kind: "bank", account_id: ids.get("1010"), currency: "USD" },
    });
    expect(bank.status, await bank.clone().text()).toBe(201);
    await post("2025-01-02", "Capital", [
      { account: "1000", debit: "5000.00" },
      { account: "3000", credit: "5000.00" },
    ]);
    await post("2025-02-01", "Sales", [
      { account: "1010", debit: "1200.00" },
      { account: "1100", debit: "300.00" },
      { account: "4000", credit: "1500.00" },
    ]);
    await post("2025-02-10", "Rent", [
      { account: "6000", debit: "400.00" },
      { account: "1010", credit: "400.00" },
    ]);
    await post("2025-03-01", "Equipment on a loan", [
      { account: "1500", debit: "2000.00" },
      { account: "1000", credit: "500.00" },
      { account: "2500", credit: "1500.00" },
    ]);
    await post("2025-03-15", "Supplies on account", [
      { account: "6100", debit: "100.00" },
      { account: "2000", credit: "100.00" },
    ]);
  });
  afterAll(async () => t?.close());

  it("sorts the year into operating, investing and financing, and reconciles to the cash accounts' change", async () => {
    const r = await cashFlows("2025-02-01", "2025-12-31");
    expect(r.cash_accounts.map((a) => [a.account_code, a.start, a.end])).toEqual([
      ["1000", "5000.00", "4500.00"],
      ["1010", "0.00", "800.00"],
    ]);
    expect(r).toMatchObject({
      net_income: "1000.00",
      total_operating: "800.00",
      total_investing: "-2000.00",
      total_financing: "1500.00",
      net_change: "300.00",
      cash_start: "5000.00",
      cash_end: "5300.00",
    });
    expect(r.working_capital.map((l) => [l.account_code, l.amount])).toEqual([
      ["1100", "-300.00"],
      ["2000", "100.00"],
    ]);
  });

  it("shows the year's income after the year is closed (the closing entry is left out), still reconciling", async () => {
    const closed = await call("/year-end/close", { json: { fiscal_year: 2025, reason: "2025 filed" } });
    expect(closed.status, await closed.clone().text()).toBe(200);
    const r = await cashFlows("2025-01-01", "2025-12-31");
    expect(r).toMatchObject({
      net_income: "1000.00",
      total_financing: "6500.00",
      net_change: "5300.00",
      cash_start: "0.00",
      cash_end: "5300.00",
    });
    expect(r.financing.map((l) => l.account_code)).toEqual(["2500", "3000"]);
  });

  it("refuses a bad period with a 400 naming the field, and a stranger with a 404", async () => {
    const res = await call("/reports/cash_flows?start=2025-12-31&end=2025-01-01");
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { fields: object }).fields)).toEqual(["start"]);
    expect((await call("/reports/cash_flows?start=2025-01-01&end=2025-12-31", {}, stranger)).status).toBe(404);
  });
});
