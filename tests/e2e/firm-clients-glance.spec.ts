import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { newUser, signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";

/** The last day of last month (UTC), which "reconciled through last month" compares with. */
function lastMonthEnd(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0)).toISOString().slice(0, 10);
}

/** A client signs up and opens a bank account in her books; reconciled through last month when `reconciled`. */
async function clientWithBank(page: Page, companyName: string, reconciled: boolean) {
  const origin = process.env.E2E_BASE_URL!;
  await signUpAndSignIn(page, { ...newUser("glance"), companyName });
  const books = await booksApi(page);
  const orgId = books.split("/").pop()!;
  const chart = await page.request.post(`${books}/accounts`, {
    headers: { origin },
    data: { account_code: "1010", account_name: "Operating account", account_type: "Asset" },
  });
  expect(chart.ok(), await chart.text()).toBe(true);
  const { account } = (await chart.json()) as { account: { id: number } };
  const bank = await page.request.post(`/api/bank/${orgId}/accounts`, {
    headers: { origin },
    data: { name: "Operating account", kind: "bank", account_id: account.id, currency: "USD" },
  });
  expect(bank.ok(), await bank.text()).toBe(true);
  if (!reconciled) return;
  const { account: created } = (await bank.json()) as { account: { id: number } };
  const done = await page.request.post(`/api/bank/${orgId}/accounts/${created.id}/reconciliations`, {
    headers: { origin },
    data: { statement_date: lastMonthEnd(), statement_balance: "0.00" },
  });
  expect(done.ok(), await done.text()).toBe(true);
}

test("the clients list filters by 'not reconciled through last month'", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [done, behind] = [`Glance Reconciled ${id}`, `Glance Behind ${id}`];
  for (const [name, reconciled] of [
    [done, true],
    [behind, false],
  ] as const) {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    await clientWithBank(await context.newPage(), name, reconciled);
    await context.close();
  }

  // The firm, at 1280 px: both clients, each with its bank's state; then only the one behind.
  await signInWithRole(page, "staff");
  await page.goto(`/firm/clients?q=${id}`);
  const table = page.getByRole("table", { name: "Clients at a glance" });
  await expect(table.getByRole("row").filter({ hasText: done })).toContainText(`Through ${lastMonthEnd()}`);
  await expect(table.getByRole("row").filter({ hasText: behind })).toContainText("Never reconciled");
  const filters = page.getByRole("search", { name: "Filter the clients" });
  await filters.getByLabel("Not reconciled through last month").check();
  await filters.getByRole("button", { name: "Show clients" }).click();
  await expect(page).toHaveURL(/unreconciled=1/);
  await expect(table.getByRole("row").filter({ hasText: behind })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: done })).toHaveCount(0);
  await expect(filters.getByLabel("Not reconciled through last month")).toBeChecked();
  await expectNoAxeViolations(page);
  await shot(page, "firm-clients-glance");

  // The client's page: each bank account, and the way back.
  await table.getByRole("link", { name: behind }).click();
  await expect(page.getByRole("heading", { level: 1, name: behind })).toBeAttached();
  await expect(page.getByRole("list", { name: "Bank accounts" })).toContainText("Operating account");
  await expect(page.getByRole("list", { name: "Bank accounts" })).toContainText("Never reconciled");
  await expectNoAxeViolations(page);
  await shot(page, "firm-client-glance");

  // On a 390 px phone: the same clients as cards, every fact labelled.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/firm/clients?q=${id}&unreconciled=1`);
  const cards = page.getByRole("list", { name: "Clients at a glance" });
  const card = cards.getByRole("listitem").filter({ hasText: behind });
  await expect(card).toContainText("Never reconciled");
  await expect(card).toContainText("Waiting on client");
  await expect(cards.getByRole("listitem").filter({ hasText: done })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await shot(page, "firm-clients-glance");
});
