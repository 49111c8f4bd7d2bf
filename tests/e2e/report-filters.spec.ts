import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { shot } from "./support/shots.ts";

// The Reports screen's filters are a GET search form of the URL's query (type, start, end, compare): each choice shows
// its report at once and leaves the focus where it was, so a date can be typed digit by digit; a preset fills the
// dates; another navigation draws the form again from the URL; a wrong date in the URL is named at its field while the
// other filters apply; without a script the form's button shows the report.

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
  test(`the report filters at ${viewport.width} px: a search form of the URL, followed at once`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.clock.setFixedTime(new Date("2026-11-20T12:00:00"));
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const api = await booksApi(page);
    const { accounts } = (await (await page.request.get(`${api}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
    const ids = new Map(accounts.map((a) => [a.account_code, a.id]));
    await post(page, api, ids, "2026-09-05", "1000", "3000", "10000.00"); // the owner's capital
    await post(page, api, ids, "2026-09-20", "1000", "4000", "1500.00"); // September's sales
    await post(page, api, ids, "2026-10-10", "1000", "4000", "2500.00"); // October's sales
    const reports = `${api.replace("/api/accounting/orgs", "/accounting")}/reports`;

    // The URL fills the form; the preset that names the period is shown.
    await page.goto(`${reports}?type=profit_loss&start=2026-10-01&end=2026-10-31`);
    const filters = page.getByRole("search", { name: "Report filters" });
    const heading = page.locator("section[aria-live] h2");
    await expect(filters.getByLabel("Report type")).toHaveValue("profit_loss");
    await expect(filters.getByLabel("Period")).toHaveValue("last_month");
    await expect(filters.getByLabel("Start date")).toHaveValue("2026-10-01");
    await expect(page.getByTestId("total-net-income")).toContainText("$2,500.00");

    // A start date typed digit by digit: each complete date shows its report, the field keeps the focus to the end.
    const start = filters.getByLabel("Start date");
    await start.focus();
    await page.keyboard.type("09012026");
    await expect(page).toHaveURL(/start=2026-09-01&end=2026-10-31/);
    await expect(start).toBeFocused();
    await expect(start).toHaveValue("2026-09-01");
    await expect(heading).toContainText("2026-09-01 to 2026-10-31");
    await expect(page.getByTestId("total-net-income")).toContainText("$4,000.00");
    await expect(filters.getByLabel("Period")).toHaveValue("");

    // A preset fills both dates; a comparison is part of the URL.
    await filters.getByLabel("Period").selectOption("this_month");
    await expect(page).toHaveURL(/start=2026-11-01&end=2026-11-30/);
    await expect(filters.getByLabel("Start date")).toHaveValue("2026-11-01");
    await expect(filters.getByLabel("End date")).toHaveValue("2026-11-30");
    await filters.getByLabel("Period").selectOption("last_month");
    await filters.getByLabel("Compare with").selectOption("previous_period");
    await expect(page).toHaveURL(/type=profit_loss&compare=previous_period&start=2026-10-01&end=2026-10-31/);
    await expect(page.getByTestId("total-operating-revenue")).toContainText("$1,500.00");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "report-filters-profit-loss");

    // The balance sheet: an end date only, the focus still on the type.
    const type = filters.getByLabel("Report type");
    await type.focus();
    await type.selectOption("balance_sheet");
    await expect(heading).toContainText("as of 2026-10-31");
    await expect(filters.getByLabel("Start date")).toHaveCount(0);
    await expect(type).toBeFocused();
    await expect(page.getByTestId("accounting-equation")).toHaveText("Assets $14,000.00 = Liabilities $0.00 + Equity $14,000.00");
    await shot(page, "report-filters-balance-sheet");

    // The trial balance has no comparison: it leaves the URL; the start date given before is back.
    await type.selectOption("trial_balance");
    await expect(filters.getByLabel("Start date")).toHaveValue("2026-10-01");
    await expect(filters.getByLabel("Compare with")).toHaveCount(0);
    await expect(page).toHaveURL(/type=trial_balance&start=2026-10-01&end=2026-10-31$/);

    // Another navigation draws the form from its URL (the default: the trial balance from January 1).
    await filters.getByLabel("Start date").fill("2026-09-01");
    await expect(page).toHaveURL(/start=2026-09-01/);
    await openBooksSection(page, "Reports");
    await expect(page).not.toHaveURL(/start=/);
    await expect(filters.getByLabel("Start date")).toHaveValue("2026-01-01");
    await expect(filters.getByLabel("Report type")).toHaveValue("trial_balance");

    // A date in the URL that is no date is named at its field; the comparison and the end date still apply.
    await page.goto(`${reports}?type=profit_loss&start=2026-13-01&end=2026-10-31&compare=previous_year`);
    await expect(filters.getByText("Start date must be a date as YYYY-MM-DD")).toBeVisible();
    await expect(filters.getByLabel("Start date")).toHaveAttribute("aria-invalid", "true");
    await expect(filters.getByLabel("Compare with")).toHaveValue("previous_year");
    await expect(heading).toContainText("2026-01-01 to 2026-10-31");
    await expect(page.getByTestId("total-net-income")).toContainText("$4,000.00");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "report-filters-wrong-date");

    // A period that ends before it starts makes no report: the toast and the start date say why.
    await page.goto(`${reports}?type=trial_balance&start=2026-10-31&end=2026-10-01`);
    await expect(toast(page, "Error generating report")).toContainText("Start date must not be after the end date");
    await expect(filters.getByText("Start date must not be after the end date")).toBeVisible();

    // Without a script the form's button shows the report.
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noScript.newPage();
    await plain.setViewportSize(viewport);
    await plain.goto(reports);
    const plainFilters = plain.getByRole("search", { name: "Report filters" });
    await plainFilters.getByLabel("Report type").selectOption("profit_loss");
    await plainFilters.getByLabel("Start date").fill("2026-09-01");
    await plainFilters.getByLabel("End date").fill("2026-09-30");
    await plainFilters.getByRole("button", { name: "Show report" }).click();
    await expect(plain).toHaveURL(/type=profit_loss&start=2026-09-01&end=2026-09-30/);
    await expect(plain.getByTestId("total-net-income")).toContainText("$1,500.00");
    await noScript.close();
  });
}
