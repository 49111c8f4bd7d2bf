import { expect, test } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { pickAccount } from "./support/entry-form.ts";
import { shot } from "./support/shots.ts";

/**
 * A purchase typed with its tax (decision 112): 4,400.00 tax-inclusive with a 21 % input code shows 3,636.36 of cost
 * and 763.64 of VAT before it is saved; saved and posted, the entry's details show the VAT line with its code.
 */

interface Account {
  id: number;
  account_code: string;
  account_name: string;
  account_type: string;
}

test("a purchase with 21 % VAT inside: the tax shown before saving, the VAT line posted", async ({ page }) => {
  await signUpAndSignIn(page);
  const books = await booksApi(page);
  const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as { accounts: Account[] };
  const label = (a: Account) => `${a.account_code} ${a.account_name}`;
  const assets = accounts.filter((a) => a.account_type === "Asset");
  const [bank, vat] = [assets[0]!, assets[1]!];
  const cost = accounts.find((a) => a.account_type === "Expense")!;
  const made = await page.request.post(`${books}/tax-codes`, {
    data: {
      code: "V21",
      name: "Input VAT 21 %",
      kind: "input",
      applies_to: "purchases",
      parts: [{ name: "Input VAT", rate: "21", role: "deductible", account_id: vat.id, boxes: "" }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto(books.replace("/api/accounting/orgs", "/accounting"));
  await openBooksSection(page, "Journal Entries");
  await page.getByRole("button", { name: "New Entry" }).click();
  const dialog = page.getByRole("dialog", { name: "New Journal Entry" });
  await dialog.getByLabel("Description", { exact: true }).fill("Mower");
  await dialog.getByLabel("Entry date").fill("2026-03-10");
  await pickAccount(dialog, 1, label(cost));
  await dialog.getByLabel("Line 1 debit").fill("4,400.00");
  await dialog.getByLabel("Line 1 tax code").selectOption({ label: "V21 (Input VAT 21 %)" });
  await pickAccount(dialog, 2, label(bank));
  await dialog.getByLabel("Line 2 credit").fill("4400");
  await dialog.getByLabel("Amounts are").selectOption("inclusive");

  const preview = dialog.getByTestId("tax-preview");
  await expect(preview.getByTestId("preview-line").first()).toContainText("3,636.36");
  await expect(preview.getByLabel("V21 tax debit")).toHaveValue("763.64");
  await expect(preview.getByTestId("preview-tax-line")).toContainText(label(vat));
  await expect(dialog.getByTestId("total-debit")).toContainText("4,400.00");
  await expect(dialog.getByTestId("total-credit")).toContainText("4,400.00");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "entry-tax-form", { widths: [390, 1280], part: dialog });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await preview.scrollIntoViewIfNeeded();
    await shot(page, "entry-tax-preview", { fullPage: false });
  }

  await dialog.getByRole("button", { name: "Save and Post" }).click();
  const ask = page.getByRole("alertdialog", { name: "Post this entry?" });
  await expect(ask).toContainText("4,400.00");
  await ask.getByRole("button", { name: "Post Entry" }).click();
  await expect(page.getByText(/JE-\d+ saved and posted/).last()).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId("entry-row").filter({ hasText: "Mower" }).first();
  await row.getByRole("button", { name: /^View JE-/ }).click();
  const details = page.getByRole("dialog", { name: /^Journal Entry JE-/ });
  await expect(details.getByTestId("detail-line")).toHaveCount(3);
  const vatLine = details.getByTestId("detail-line").filter({ hasText: label(vat) });
  await expect(vatLine).toContainText("763.64");
  await expect(vatLine.getByTestId("detail-line-tax")).toHaveText("V21 tax");
  await expect(details.getByTestId("detail-line").filter({ hasText: label(cost) })).toContainText("3,636.36");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "entry-tax-details", { widths: [390, 1280], part: details });
});
