import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { shot } from "./support/shots.ts";

// A month of a small shop, laid out: a sub-account made in the chart under Rent, a few entries posted, then the Profit
// & Loss of last month (a preset) with its gross profit, a parent folded and unfolded, the comparisons with the month
// before and the same month last year, and the balance sheet with Assets = Liabilities + Equity.

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** Posts a two-line entry through the API of the signed-in user's books. */
async function post(page: Page, api: string, ids: Map<string, number>, date: string, debit: string, credit: string, amount: string) {
  const res = await page.request.post(`${api}/entries`, {
    data: {
      description: `Entry of ${date}`,
      entry_date: date,
      reference: "",
      lines: [
        { account_id: ids.get(debit), description: null, debit_amount: amount, credit_amount: "0" },
        { account_id: ids.get(credit), description: null, debit_amount: "0", credit_amount: amount },
      ],
    },
  });
  expect(res.status()).toBe(201);
  const { entry } = (await res.json()) as { entry: { id: number } };
  expect((await page.request.post(`${api}/entries/${entry.id}/post`)).status()).toBe(200);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`statements at ${viewport.width} px: gross profit, a parent folded, comparisons, A = L + E`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.clock.setFixedTime(new Date("2026-11-20T12:00:00"));
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const api = await booksApi(page);
    await page.goto(api.replace("/api/accounting/orgs", "/accounting"));

    // A sub-account of rent, made in the chart: its detail type and parent chosen in the form.
    const form = page.getByRole("form", { name: "New account" });
    await expect(async () => {
      await form.getByLabel("Account type").selectOption("Expense");
      await expect(form.getByLabel("Detail type")).toHaveValue("operating_expense", { timeout: 2000 });
    }).toPass();
    await form.getByLabel("Account code").fill("6010");
    await form.getByLabel("Account name").fill("Office Rent");
    await form.getByLabel("Parent account").selectOption({ label: "6000 Rent Expense" });
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page, "Account created successfully")).toBeVisible();
    const office = page.getByTestId("account-row").filter({ hasText: "Office Rent" });
    await expect(office).toHaveAttribute("data-level", "2");
    await expect(office).toContainText("Office Rent, sub-account of 6000");
    await expect(office).toContainText("Operating expense");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "statements-chart");

    const { accounts } = (await (await page.request.get(`${api}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
    const ids = new Map(accounts.map((a) => [a.account_code, a.id]));
    await post(page, api, ids, "2025-10-05", "1000", "3000", "10000.00"); // the owner's capital
    await post(page, api, ids, "2025-10-10", "1000", "4000", "3000.00"); // October 2025's sales
    await post(page, api, ids, "2025-10-12", "5000", "1200", "1000.00"); // and their cost
    await post(page, api, ids, "2026-09-15", "1000", "4000", "4000.00"); // September 2026's sales
    await post(page, api, ids, "2026-10-03", "1000", "4000", "5000.00"); // October 2026's sales
    await post(page, api, ids, "2026-10-04", "5000", "1200", "2000.00"); // and their cost
    await post(page, api, ids, "2026-10-05", "6000", "1000", "700.00"); // the shop's rent
    await post(page, api, ids, "2026-10-06", "6010", "1000", "300.00"); // the office's rent
    await post(page, api, ids, "2026-10-07", "1500", "2500", "8000.00"); // a van on a loan

    // Last month's Profit & Loss, laid out.
    await openBooksSection(page, "Reports");
    await page.getByLabel("Report type").selectOption("profit_loss");
    await page.getByLabel("Period").selectOption("last_month");
    await expect(page).toHaveURL(/start=2026-10-01&end=2026-10-31/);
    const statement = page.getByTestId("statement");
    await expect(page.getByTestId("total-operating-revenue")).toContainText("$5,000.00");
    await expect(page.getByTestId("total-cost-of-sales")).toContainText("$2,000.00");
    await expect(page.getByTestId("total-gross-profit")).toContainText("Gross profit");
    await expect(page.getByTestId("total-gross-profit")).toContainText("$3,000.00");
    await expect(page.getByTestId("total-operating-income")).toContainText("$2,000.00");
    await expect(page.getByTestId("total-net-income")).toContainText("$2,000.00");
    await expect(statement.getByRole("columnheader", { name: /debit|credit/i })).toHaveCount(0);

    // Rent shows its own and its sub-account's; folded, the sub-account's row goes, the total stays.
    const rent = page.getByTestId("statement-account").filter({ hasText: "Rent Expense" });
    const officeRow = page.getByTestId("statement-account").filter({ hasText: "Office Rent" });
    await expect(rent).toContainText("$1,000.00");
    await expect(officeRow).toContainText("$300.00");
    const fold = rent.getByRole("button", { name: "Hide the sub-accounts of 6000" });
    await expect(fold).toHaveAttribute("aria-expanded", "true");
    await fold.click();
    await expect(officeRow).toHaveCount(0);
    const unfold = rent.getByRole("button", { name: "Show the sub-accounts of 6000" });
    await expect(unfold).toHaveAttribute("aria-expanded", "false");
    await expect(rent).toContainText("$1,000.00");
    await shot(page, "statements-pl-folded");
    await unfold.click();
    await expect(officeRow).toBeVisible();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "statements-pl");

    // Beside September and October 2025: the change and the change in per cent.
    await page.getByLabel("Compare with").selectOption("both");
    await expect(page).toHaveURL(/compare=both/);
    const revenue = page.getByTestId("total-operating-revenue");
    await expect(revenue).toContainText("$4,000.00");
    await expect(revenue).toContainText("$3,000.00");
    await expect(revenue).toContainText("25.0%");
    await expect(revenue).toContainText("66.7%");
    if (viewport.width >= 768)
      await expect(statement.getByRole("columnheader", { name: "Change from previous period", exact: true })).toBeVisible();
    else
      expect(
        await revenue
          .locator("td")
          .nth(3)
          .evaluate((el) => getComputedStyle(el, "::before").content),
      ).toBe('"Change from previous period"');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "statements-pl-compared");

    // The balance sheet at the end of October: current and non-current assets, a long-term loan, A = L + E.
    await page.getByLabel("Report type").selectOption("balance_sheet");
    await expect(page.getByTestId("total-current-assets")).toContainText("$18,000.00");
    await expect(page.getByTestId("total-non-current-assets")).toContainText("$8,000.00");
    await expect(page.getByTestId("total-long-term-liabilities")).toContainText("$8,000.00");
    await expect(page.getByText("Current-year earnings")).toBeVisible();
    await expect(page.getByTestId("accounting-equation")).toHaveText("Assets $26,000.00 = Liabilities $8,000.00 + Equity $18,000.00");
    await expect(page.getByTestId("total-liabilities-and-equity")).toContainText("$26,000.00");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "statements-bs");

    // A fiscal year from April (the Closing section): the year to date starts on April 1.
    await openBooksSection(page, "Closing");
    const fiscal = page.getByRole("form", { name: "Fiscal year" });
    await fiscal.getByLabel("The fiscal year starts in").selectOption({ label: "April" });
    await fiscal.getByRole("button", { name: "Save fiscal year" }).click();
    await expect(toast(page, "The fiscal year starts in April")).toBeVisible();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "statements-fiscal-year");
    await openBooksSection(page, "Reports");
    await page.getByLabel("Report type").selectOption("profit_loss");
    await page.getByLabel("Period").selectOption("year_to_date");
    await expect(page).toHaveURL(/start=2026-04-01&end=2026-11-20/);
    await expect(page.getByTestId("total-operating-revenue")).toContainText("$9,000.00");
  });
}
