import { spawnSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { shot } from "./support/shots.ts";

// A budget for 2026 copied from 2025's actuals at +10 %: the first quarter sold and paid the same rent in both years,
// so the Budget vs. Actual of March shows sales 9.1 % under budget (unfavourable) and rent 9.1 % under (favourable).
// The figures below are worked out by hand from the entries.

const SALES: [month: string, amount: string][] = [
  ["01", "2000.00"],
  ["02", "2500.50"],
  ["03", "3000.05"],
];
const RENT = "1500.00";

async function seed(page: Page): Promise<string> {
  const origin = process.env.E2E_BASE_URL!;
  const api = await booksApi(page);
  const { accounts } = (await (await page.request.get(`${api}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const id = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  const post = async (entry_date: string, debit: string, credit: string, amount: string) => {
    const res = await page.request.post(`${api}/entries?post=true`, {
      headers: { origin },
      data: {
        description: `Entry of ${entry_date}`,
        entry_date,
        lines: [
          { account_id: id[debit], debit_amount: amount, credit_amount: "0" },
          { account_id: id[credit], debit_amount: "0", credit_amount: amount },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  for (const year of ["2025", "2026"])
    for (const [month, amount] of SALES) {
      await post(`${year}-${month}-10`, "1000", "4000", amount);
      await post(`${year}-${month}-01`, "6000", "1000", RENT);
    }
  return api.replace("/api/accounting/orgs", "/accounting");
}

/** The cells of the report's row for a line (its label first). */
async function rowCells(page: Page, label: string): Promise<string[]> {
  const row = page.getByRole("region", { name: "Budget vs. Actual, scrolls sideways" }).getByRole("row", { name: new RegExp(`^${label}`) });
  return (await row.locator("th, td").allInnerTexts()).map((s) => s.trim());
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a budget copied from last year at +10 % gives the expected differences at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const books = await seed(page);

    await gotoHydrated(page, `${books}/budgets?year=2026`);
    await expect(page.getByRole("heading", { name: "Budget 2026 by account and month" })).toBeVisible();
    await page.getByRole("button", { name: "Copy last year's actuals…" }).click();
    const dialog = page.getByRole("dialog", { name: "Copy last year's actuals" });
    await dialog.getByLabel("Change by (%)").fill("10");
    await dialog.getByRole("button", { name: "Copy into the budget" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Budget 2026 made from 2025's actuals" })).toBeVisible();
    await expect(dialog).toBeHidden();
    // 2,000.00, 2,500.50 and 3,000.05 at +10 %: 2,200.00, 2,750.55, 3,300.06 (3,300.055, a half rounded up); rent 1,650.00.
    const cell = (account: string, month: string) => page.getByRole("textbox", { name: `${account}, ${month} 2026`, exact: true });
    await expect(cell("4000 Sales Revenue", "January")).toHaveValue("2200.00");
    await expect(cell("4000 Sales Revenue", "February")).toHaveValue("2750.55");
    await expect(cell("4000 Sales Revenue", "March")).toHaveValue("3300.06");
    await expect(cell("6000 Rent Expense", "March")).toHaveValue("1650.00");
    await expect(cell("6000 Rent Expense", "April")).toHaveValue("");
    await expect(
      page
        .getByRole("row", { name: /^4000 Sales Revenue/ })
        .getByRole("cell")
        .last(),
    ).toHaveText("$8,250.61");
    // The grid scrolls sideways inside a region the keyboard reaches; its cells are reached with Tab.
    await page.getByRole("region", { name: "Budget 2026, scrolls sideways" }).focus();
    await page.keyboard.press("Tab");
    await expect(cell("4000 Sales Revenue", "January")).toBeFocused();
    // The page itself does not scroll sideways: only the grid's region does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "budgets-grid");

    await gotoHydrated(page, `${books}/reports?type=budget_actual&end=2026-03-31`);
    await expect(page.getByRole("heading", { name: /Budget vs\. Actual/ })).toBeVisible();
    // March: sales 3,000.05 against 3,300.06, 300.01 short (-9.1 %); the quarter and the year to date (January to
    // March, the same here): 7,500.55 against 8,250.61, 750.06 short (-9.1 %); the forecast: the actuals to March, then
    // a budget of nothing, against the year's 8,250.61.
    expect(await rowCells(page, "4000 Sales Revenue")).toEqual([
      "4000 Sales Revenue",
      ...["$3,000.05", "$3,300.06", "-$300.01", "-9.1 %"],
      ...["$7,500.55", "$8,250.61", "-$750.06", "-9.1 %"],
      ...["$7,500.55", "$8,250.61", "-$750.06", "-9.1 %"],
      ...["$7,500.55", "$8,250.61", "-$750.06", "-9.1 %"],
    ]);
    // Rent: 1,500.00 against 1,650.00 a month, 150.00 favourable (9.1 %).
    expect((await rowCells(page, "6000 Rent Expense")).slice(0, 9)).toEqual([
      "6000 Rent Expense",
      ...["$1,500.00", "$1,650.00", "$150.00", "9.1 %"],
      ...["$4,500.00", "$4,950.00", "$450.00", "9.1 %"],
    ]);
    // Net income for March: 1,500.05 against 1,650.06, 150.01 short: -9.1 % (150.01 / 1,650.06 = 9.09 %).
    expect((await rowCells(page, "Net income")).slice(0, 5)).toEqual(["Net income", "$1,500.05", "$1,650.06", "-$150.01", "-9.1 %"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "budgets-report");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PDF" }).click();
    const file = (await (await download).path())!;
    const text = spawnSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).stdout.replace(/ +/g, " ");
    expect(text).toContain("Budget vs. Actual: March 2026");
    expect(text).toContain("4000 Sales Revenue $3,000.05 $3,300.06 -$300.01 -9.1 %");
    expect(text).toContain("Forecast for the year");
  });
}
