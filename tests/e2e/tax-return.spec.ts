import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { shot } from "./support/shots.ts";

/**
 * The tax return: last month's sale at 21 % shown in its boxes, a box's lines drilled into, the return filed to the
 * authority's account and listed with its PDF; the revenue account's ledger from the reports shows the line's tax code.
 */

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test("tax return: the boxes of last month, a box's lines, the return filed", async ({ page }) => {
  await signUpAndSignIn(page);
  const books = await booksApi(page);
  const accounts = (await (await page.request.get(`${books}/accounts`)).json()) as {
    accounts: { id: number; account_type: string; account_code: string; account_name: string }[];
  };
  const of = (type: string, n = 0) => accounts.accounts.filter((a) => a.account_type === type)[n]!;
  const vat = of("Liability");
  const authority = of("Liability", 1);
  const code = await page.request.post(`${books}/tax-codes`, {
    data: {
      code: "S21",
      name: "Sales at 21%",
      kind: "output",
      base_boxes: ["03"],
      parts: [{ name: "VAT 21%", rate: "21", role: "due", account_id: vat.id, boxes: ["54"] }],
    },
  });
  expect(code.status(), await code.text()).toBe(201);
  const taxCodeId = ((await code.json()) as { tax_code: { id: number } }).tax_code.id;
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 15)).toISOString().slice(0, 10);
  const sale = await page.request.post(`${books}/entries?post=true`, {
    data: {
      description: "Garden design",
      entry_date: lastMonth,
      lines: [
        { account_id: of("Asset").id, debit_amount: "1210.00", credit_amount: "0" },
        { account_id: of("Revenue").id, debit_amount: "0", credit_amount: "1000.00", tax_code_id: taxCodeId },
      ],
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);

  await page.goto(books.replace("/api/accounting/orgs", "/accounting"));
  await openBooksSection(page, "Tax return");
  const boxes = page.getByRole("table", { name: "Boxes" });
  await expect(boxes.getByRole("row", { name: /^03 / })).toContainText("1,000.00");
  await expect(page.getByTestId("tax-return-net")).toContainText("Net payable");
  await expect(page.getByTestId("tax-return-net")).toContainText("210.00");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "tax-return", { widths: [390, 1280] });

  await boxes.getByRole("button", { name: /base of box 03/ }).click();
  const dialog = page.getByRole("dialog", { name: "Box 03" });
  await expect(dialog.getByTestId("tax-box-lines")).toContainText("Garden design");
  await shot(page, "tax-return-lines", { widths: [390, 1280], part: dialog });
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "File return" }).click();
  const filing = page.getByRole("dialog", { name: "File the return" });
  await filing.getByLabel("Authority account").selectOption({ label: `${authority.account_code} ${authority.account_name}` });
  await filing.getByRole("button", { name: "File", exact: true }).click();
  await expect(toast(page, "filed")).toBeVisible();
  await expect(page.getByTestId("filed-tax-returns")).toContainText("net");
  await expect(page.getByTestId("filed-tax-returns").getByRole("link", { name: /Download/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "File return" })).toHaveCount(0);
  // One return filed: the list has no other page.
  await expect(page.getByRole("navigation", { name: "Filed returns pages" })).toHaveCount(0);
  await shot(page, "tax-return-filed", { widths: [390, 1280] });

  // The revenue account's ledger, opened from the reports of last month, shows the sale's tax code.
  await openBooksSection(page, "Reports");
  await page.getByLabel("Start date").fill(`${lastMonth.slice(0, 8)}01`);
  await page.getByLabel("End date").fill(lastMonth);
  const revenue = of("Revenue");
  await page.getByRole("button", { name: revenue.account_name, exact: true }).first().click();
  const ledger = page.getByRole("dialog", { name: `Ledger: ${revenue.account_code} ${revenue.account_name}` });
  await expect(ledger.getByRole("columnheader", { name: "Tax" })).toBeVisible();
  await expect(ledger.getByTestId("ledger-line").filter({ hasText: "Garden design" }).getByTestId("ledger-line-tax")).toHaveText("S21");
  await shot(page, "tax-ledger-dialog", { widths: [390, 1280], part: ledger });
});
