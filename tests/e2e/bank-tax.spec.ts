import { expect, test, type Locator, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { shot } from "./support/shots.ts";

/**
 * Statement lines posted with tax codes: a laptop bought for 4,400.00 with 21 % VAT inside, categorized with its code
 * (3,636.36 and 763.64 of VAT); 1,000.00 of supplies and books split over two accounts at 21 % and 6 %, the editor
 * showing what is left to split until nothing is, and a row's tax code the server refuses (not valid yet on the line's
 * date) told under that row's field; fuel posted as a rule with the 21 % code proposes (100.00 and 21.00).
 */

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

const STATEMENT = [
  "Date,Description,Amount",
  "2026-05-02,Laptop store,-4400.00",
  "2026-05-03,Office supplies and books,-1000.00",
  "2026-05-04,Fuel station,-121.00",
].join("\r\n");

async function pick(scope: Locator | Page, label: string, account: string) {
  const input = scope.getByRole("combobox", { name: label });
  await input.fill(account.split(" ")[0]!);
  await scope.getByRole("option", { name: account, exact: true }).click();
  await expect(input).toHaveValue(account);
}

test("a line categorized with a tax code, another split over two accounts and codes", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page);
  const books = await booksApi(page);
  const origin = process.env.E2E_BASE_URL!;
  const orgId = Number(books.split("/").pop());
  const post = async <T>(path: string, data: unknown, status = 201): Promise<T> => {
    const res = await page.request.post(path, { headers: { origin }, data });
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()) as T;
  };
  const vat = await post<{ account: { id: number } }>(`${books}/accounts`, {
    account_code: "1400",
    account_name: "VAT receivable",
    account_type: "Asset",
  });
  for (const [code, rate] of [
    ["V21", "21"],
    ["V6", "6"],
  ] as const)
    await post(`${books}/tax-codes`, {
      code,
      name: `Input VAT ${rate}%`,
      kind: "input",
      parts: [{ name: "VAT", rate, role: "deductible", account_id: vat.account.id }],
    });
  await post(`${books}/tax-codes`, {
    code: "V9",
    name: "Input VAT 9% from June",
    kind: "input",
    valid_from: "2026-06-01",
    parts: [{ name: "VAT", rate: "9", role: "deductible", account_id: vat.account.id }],
  });
  const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const bank = await post<{ account: { id: number } }>(`/api/bank/${orgId}/accounts`, {
    name: "Main checking",
    kind: "bank",
    account_id: accounts.find((a) => a.account_code === "1000")!.id,
  });
  const imported = await page.request.post(`/api/bank/${orgId}/accounts/${bank.account.id}/statements?name=may.csv`, {
    headers: { origin, "content-type": "text/csv" },
    data: Buffer.from(STATEMENT),
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await page.goto(`/accounting/${orgId}/bank/${bank.account.id}`);
  await expect(page.getByRole("heading", { name: "Main checking" })).toBeVisible();

  // The laptop: categorized to 1500 Equipment with 21 % input VAT.
  await row(page, "Laptop store").getByRole("button", { name: "Categorize Laptop store" }).click();
  const categorize = page.getByRole("dialog", { name: "Categorize" });
  await pick(categorize, "Account", "1500 Equipment");
  await expect(categorize.getByLabel(/Tax code/).locator("option", { hasText: "V21" })).toHaveCount(1);
  await categorize.getByLabel(/Tax code/).selectOption({ label: "V21 · Input VAT 21%" });
  await expect(categorize.getByLabel(/Tax code/)).toHaveAccessibleDescription("Input VAT 21%");
  await shot(page, "bank-categorize-tax", { widths: [390, 1280], part: categorize });
  await categorize.getByRole("button", { name: "Post entry" }).click();
  await expect(toast(page, "Entry posted")).toBeVisible();
  await expect(row(page, "Laptop store")).toHaveCount(0);

  // The supplies and books: split over 6200 at 21 % and 6000 at 6 %.
  await row(page, "Office supplies and books").getByRole("button", { name: "Categorize Office supplies and books" }).click();
  await page.getByRole("dialog", { name: "Categorize" }).getByRole("button", { name: "Split…" }).click();
  const split = page.getByRole("dialog", { name: "Split" });
  await expect(split.getByTestId("split-remaining")).toHaveText("Left to split: $1,000.00");
  // Rows left empty: the form's own rules are told under each row's fields.
  await split.getByRole("button", { name: "Post entry" }).click();
  await expect(split.locator("#split-0-account-error")).toBeVisible();
  await expect(split.locator("#split-1-amount-error")).toBeVisible();
  await pick(split, "Row 1: account", "6200 Utilities Expense");
  await split.getByLabel("Row 1: amount").fill("700.00");
  await expect(split.getByLabel(/Row 1: tax code/).locator("option", { hasText: "V21" })).toHaveCount(1);
  await split.getByLabel(/Row 1: tax code/).selectOption({ label: "V21 · Input VAT 21%" });
  await pick(split, "Row 2: account", "6000 Rent Expense");
  await split.getByLabel("Row 2: amount").fill("200.00");
  await split.getByLabel(/Row 2: tax code/).selectOption({ label: "V6 · Input VAT 6%" });
  await expect(split.getByTestId("split-remaining")).toHaveText("Left to split: $100.00");
  await split.getByRole("button", { name: "Post entry" }).click();
  await expect(split.getByText("100.00 is left to split")).toBeVisible();
  await split.getByLabel("Row 2: amount").fill("300.00");
  await expect(split.getByTestId("split-remaining")).toHaveText("Nothing left to split");
  await expect(split.getByText("100.00 is left to split")).toHaveCount(0);
  await shot(page, "bank-split", { widths: [390, 1280] });
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  // Row 2 with a code not valid yet on 2026-05-03: the server's refusal is told under that row's tax code.
  await split.getByLabel(/Row 2: tax code/).selectOption({ label: "V9 · Input VAT 9% from June" });
  await split.getByRole("button", { name: "Post entry" }).click();
  await expect(toast(page, "Not posted")).toBeVisible();
  const refused = /Tax code V9 is not valid on 2026-05-03/;
  await expect(split.locator("#split-1-tax-code-error")).toHaveText(refused);
  await expect(split.locator("#split-1-tax-code-error")).toBeVisible();
  await expect(split.getByLabel(/Row 2: tax code/)).toHaveAccessibleDescription(new RegExp(`^Input VAT 9% from June ${refused.source}`));
  await expect(split.locator("#split-0-tax-code-error")).toHaveCount(0);
  await expect(split.locator("#split-error")).toHaveCount(0);
  expect(page.viewportSize()?.width).toBe(1280);
  await shot(page, "bank-split-row-refused");
  await split.getByLabel(/Row 2: tax code/).selectOption({ label: "V6 · Input VAT 6%" });
  await expect(split.locator("#split-1-tax-code-error")).toHaveCount(0);
  await split.getByRole("button", { name: "Post entry" }).click();
  await expect(toast(page, "Entry posted, split")).toBeVisible();
  await expect(split).toHaveCount(0);
  await expect(row(page, "Office supplies and books")).toHaveCount(0);

  // A rule for the fuel with the 21 % code; the line posted as the rule proposes carries the tax.
  await page.getByRole("link", { name: "Rules" }).click();
  const rule = page.getByRole("form", { name: "New rule" });
  await rule.getByLabel("Name").fill("Fuel");
  await rule.getByLabel("Words or pattern").fill("fuel");
  await pick(rule, "Post to account", "6200 Utilities Expense");
  await expect(rule.getByLabel(/Tax code/).locator("option", { hasText: "V21" })).toHaveCount(1);
  await rule.getByLabel(/Tax code/).selectOption({ label: "V21 · Input VAT 21%" });
  await expect(rule.getByLabel(/Tax code/)).toHaveAccessibleDescription(
    "Input VAT 21%. The bank amount is the gross: the tax is taken out of it.",
  );
  await rule.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "1. Fuel" })).toContainText("6200 · Utilities Expense, tax code V21");
  await shot(page, "bank-rule-tax");
  await page.getByRole("link", { name: "Bank accounts" }).click();
  await page.getByRole("link", { name: "Main checking" }).click();
  await row(page, "Fuel station").getByRole("button", { name: "Post Fuel station to Utilities Expense" }).click();
  await expect(toast(page, "Posted to Utilities Expense")).toBeVisible();

  // The books: three posted entries, each of the line's whole amount, the fuel's with its tax line.
  const { entries } = (await (await page.request.get(`${books}/entries?status=posted`)).json()) as {
    entries: { id: number; total_amount: string; description: string }[];
  };
  expect(entries.map((e) => e.total_amount).sort()).toEqual(["1000.00", "121.00", "4400.00"]);
  const fuel = (await (await page.request.get(`${books}/entries/${entries.find((e) => e.total_amount === "121.00")!.id}`)).json()) as {
    entry: { lines: { debit_amount: string; credit_amount: string }[] };
  };
  expect(fuel.entry.lines.map((l) => [l.debit_amount, l.credit_amount])).toEqual([
    ["0.00", "121.00"],
    ["100.00", "0.00"],
    ["21.00", "0.00"],
  ]);
});
