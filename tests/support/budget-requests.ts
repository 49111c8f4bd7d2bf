import type { TestApp, TestUser } from "./test-app.ts";
import type { ValidRequest } from "./api-requests.ts";

/*
 * Budgets in the route catalogue (api-requests.ts, decision 123): a revenue account of the books for the grid's rows,
 * the fiscal year 2026, a month of it for the budget against actual, and a CSV for the import.
 */

export interface BudgetFixtures {
  /** A revenue account of the books (4000 Sales Revenue). */
  accountId: number;
}

export async function createBudgetFixtures(t: TestApp, admin: TestUser, orgId: number): Promise<BudgetFixtures> {
  const res = await t.request(`/api/accounting/orgs/${orgId}/accounts`, { cookie: admin.cookie });
  if (!res.ok) throw new Error(`budget fixture: ${res.status} ${await res.text()}`);
  const { accounts } = (await res.json()) as { accounts: { id: number; account_code: string }[] };
  const sales = accounts.find((a) => a.account_code === "4000");
  if (!sales) throw new Error("budget fixture: no account 4000 in the books");
  return { accountId: sales.id };
}

const twelve = (amount: string) => Array.from({ length: 12 }, () => amount);

export function budgetRequests(f: { orgId: number; budgets: BudgetFixtures }): ValidRequest[] {
  const org = { orgId: () => String(f.orgId) };
  const year = { ...org, year: () => "2026" };
  return [
    { method: "GET", path: "/api/accounting/orgs/:orgId/budgets/:year", params: year },
    {
      method: "PUT",
      path: "/api/accounting/orgs/:orgId/budgets/:year",
      params: year,
      body: () => ({ rows: [{ account_id: f.budgets.accountId, amounts: twelve("1,250.00") }] }),
      deep: ["rows.0.account_id", "rows.0.amounts", "rows.0.amounts.0"],
    },
    { method: "POST", path: "/api/accounting/orgs/:orgId/budgets/:year/copy", params: year, body: () => ({ percent: "10" }) },
    { method: "GET", path: "/api/accounting/orgs/:orgId/reports/budget_actual", params: org, query: () => ({ month: "2026-03" }) },
    { method: "GET", path: "/api/accounting/orgs/:orgId/reports/budget_actual/pdf", params: org, query: () => ({ month: "2026-03" }) },
    { method: "GET", path: "/api/budgets-csv/:orgId/:year", params: year },
    {
      method: "POST",
      path: "/api/budgets-csv/:orgId/:year",
      params: year,
      file: () =>
        `account_code,${twelve("m")
          .map((_, i) => `2026-${String(i + 1).padStart(2, "0")}`)
          .join(",")}\r\n4000,${twelve("100.00").join(",")}\r\n`,
    },
  ];
}
