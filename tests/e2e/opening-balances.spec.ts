import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { expectOnTop } from "./support/on-top.ts";
import { shot } from "./support/shots.ts";

// A new bookkeeper brings the books in: each account's balance as of January 1, the difference to Opening Balance
// Equity, the trial balance on that day showing exactly that; then a correction replaces the opening entry.

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** The trial balance's row of an account on the opening date: its closing debit and credit cells' text. */
async function trialBalanceRow(page: Page, orgPath: string, account: string) {
  await page.goto(`${orgPath}/reports?type=trial_balance&start=2026-01-01&end=2026-01-01`);
  const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: account, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`opening balances at ${viewport.width} px: entered, posted, shown by the trial balance, then replaced`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const orgPath = (await booksApi(page)).replace("/api/accounting/orgs", "/accounting");
    await page.goto(orgPath);
    await openBooksSection(page, "Opening balances");
    const form = page.getByRole("form", { name: "Opening balances" });
    await expect(form.getByLabel("As of")).toHaveValue(/^\d{4}-01-01$/);
    await expect(async () => {
      await form.getByLabel("As of").fill("2026-01-01");
      await form.getByLabel("1000 Cash Debit").fill("10,000");
      await form.getByLabel("1100 Accounts Receivable Debit").fill("2500.50");
      await form.getByLabel("2000 Accounts Payable Credit").fill("4,000.00");
      await expect(form.getByTestId("opening-debits")).toHaveText("$12,500.50", { timeout: 2000 });
    }).toPass();
    await expect(form.getByTestId("opening-credits")).toHaveText("$4,000.00");
    await expect(form.getByTestId("opening-equity")).toHaveText("credit $8,500.50");
    await shot(page, "opening-balances");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    const post = form.getByRole("button", { name: "Post opening balances" });
    await expectOnTop(post);
    await post.click();
    await expect(toast(page, "Opening balances posted")).toBeVisible();
    await expect(form.getByText(/Posted as JE-\d+, as of 2026-01-01\./)).toBeVisible();

    // The trial balance on that day: exactly what was entered, the rest in Opening Balance Equity.
    await expect(await trialBalanceRow(page, orgPath, "Cash")).toContainText("$10,000.00");
    await expect(await trialBalanceRow(page, orgPath, "Opening Balance Equity")).toContainText("$8,500.50");

    // A correction: Cash was 12,000 and there was nothing receivable. Saving asks first, then replaces the entry.
    await page.goto(`${orgPath}/opening-balances`);
    // Typed again until the page has hydrated (what is typed before is replaced by the hydrated form's values).
    await expect(async () => {
      await form.getByLabel("1000 Cash Debit").fill("12000");
      await form.getByLabel("1100 Accounts Receivable Debit").fill("");
      await expect(form.getByTestId("opening-equity")).toHaveText("credit $8,000.00", { timeout: 2000 });
    }).toPass();
    await form.getByRole("button", { name: "Post opening balances" }).click();
    const ask = page.getByRole("alertdialog", { name: "Replace the opening balances?" });
    await expect(ask).toContainText("is reversed on its own date");
    await ask.getByRole("button", { name: "Replace" }).click();
    await expect(toast(page, "Opening balances posted")).toContainText("which is reversed");
    await expect(await trialBalanceRow(page, orgPath, "Cash")).toContainText("$12,000.00");
    await expect(await trialBalanceRow(page, orgPath, "Opening Balance Equity")).toContainText("$8,000.00");

    // A wrong amount is named on its field and nothing is sent (typed again until the page has hydrated).
    await page.goto(`${orgPath}/opening-balances`);
    await expect(async () => {
      await form.getByLabel("1000 Cash Debit").fill("12.345");
      await form.getByRole("button", { name: "Post opening balances" }).click();
      await expect(form.getByText("Debit must have at most 2 decimals")).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(form.getByLabel("1000 Cash Debit")).toHaveAttribute("aria-invalid", "true");
  });
}
