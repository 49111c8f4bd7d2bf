import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { pickAccount } from "./support/entry-form.ts";
import { shot } from "./support/shots.ts";

// A year of a small business, 2025: the general ledger of Cash for March with its running balances; the year closed
// (its income moved to Retained Earnings, the books locked up to December 31), the balance sheet showing Retained
// Earnings, an entry dated in 2025 refused with the lock's message, and the year reopened with a reason.

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const LOCKED = "The books are locked up to 2025-12-31 (2025 closed): choose a later date";

/** Posts the year's entries through the API, as the entry form would (save, then post). */
async function postYear(page: Page) {
  const books = await booksApi(page);
  const origin = process.env.E2E_BASE_URL!;
  const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const code = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  const entries: [string, string, [string, number, number][]][] = [
    [
      "2025-01-02",
      "Owner's capital",
      [
        ["1000", 5000, 0],
        ["3000", 0, 5000],
      ],
    ],
    [
      "2025-02-20",
      "February sales",
      [
        ["1000", 800, 0],
        ["4000", 0, 800],
      ],
    ],
    [
      "2025-03-03",
      "Consulting for Acme",
      [
        ["1000", 1200, 0],
        ["4100", 0, 1200],
      ],
    ],
    [
      "2025-03-10",
      "March rent",
      [
        ["6000", 700, 0],
        ["1000", 0, 700],
      ],
    ],
    [
      "2025-03-28",
      "Sale with part on account",
      [
        ["1000", 300, 0],
        ["1100", 200, 0],
        ["4000", 0, 500],
      ],
    ],
    [
      "2025-04-10",
      "April rent",
      [
        ["6000", 700, 0],
        ["1000", 0, 700],
      ],
    ],
  ];
  for (const [entry_date, description, lines] of entries) {
    const saved = await page.request.post(`${books}/entries`, {
      headers: { origin },
      data: { description, entry_date, lines: lines.map(([c, d, k]) => ({ account_id: code[c], debit_amount: d, credit_amount: k })) },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const { entry } = (await saved.json()) as { entry: { id: number } };
    expect((await page.request.post(`${books}/entries/${entry.id}/post`, { headers: { origin } })).status()).toBe(200);
  }
  return code;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`general ledger and year-end close at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const code = await postYear(page);
    const orgPath = (await booksApi(page)).replace("/api/accounting/orgs", "/accounting");
    await page.goto(orgPath);

    // The general ledger of Cash for March 2025: opening balance, each line with its counter-account and balance.
    const ledgerLink = page
      .getByRole("navigation", { name: "Accounting sections" })
      .getByRole("link", { name: "General ledger", exact: true });
    await ledgerLink.click();
    await expect(ledgerLink).toHaveAttribute("aria-current", "page");
    const form = page.getByRole("search", { name: "Choose the account and period" });
    await form.getByLabel("Account").selectOption({ label: "1000 Cash" });
    await form.getByLabel("Start date").fill("2025-03-01");
    await form.getByLabel("End date").fill("2025-03-31");
    await form.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`account=${code["1000"]}&start=2025-03-01&end=2025-03-31`));
    await expect(page.getByTestId("gl-opening")).toContainText("$5,800.00");
    const lines = page.getByTestId("gl-line");
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toContainText("4100 Service Revenue");
    await expect(lines.nth(0)).toContainText("$7,000.00");
    await expect(lines.nth(1)).toContainText("6000 Rent Expense");
    await expect(lines.nth(1)).toContainText("$6,300.00");
    await expect(lines.nth(2)).toContainText("Split: 1100 Accounts Receivable, 4000 Sales Revenue");
    await expect(lines.nth(2)).toContainText("$6,600.00");
    await expect(page.getByTestId("gl-closing")).toContainText("$6,600.00");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "gl-close-ledger");

    // Every account of March as one PDF: each account a section, its name whole on its own line.
    await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "All accounts (PDF)" }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe("general_ledger_all_2025-03-01_2025-03-31.pdf");
    const text = spawnSync("pdftotext", ["-layout", (await pdf.path())!, "-"], { encoding: "utf8" });
    if (text.status === 0) {
      expect(text.stdout).toMatch(/^\s*1000 Cash\s*$/m);
      expect(text.stdout).toMatch(/^\s*1100 Accounts Receivable\s*$/m);
      expect(text.stdout).toMatch(/^\s*6000 Rent Expense\s*$/m);
    } else
      expect(
        readFileSync((await pdf.path())!)
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");

    // The year-end close of 2025: the preview, then the close after confirming.
    await openBooksSection(page, "Closing");
    const preview = page.getByTestId("close-preview");
    await expect(preview).toContainText("2025: 2025-01-01 to 2025-12-31");
    await expect(preview).toContainText("Net income $1,100.00 to 3100 Retained Earnings");
    const closeForm = page.getByRole("form", { name: "Close 2025" });
    await expect(async () => {
      await closeForm.getByRole("button", { name: "Close 2025" }).click();
      await expect(page.getByRole("alertdialog", { name: "Close 2025?" })).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await page.getByRole("alertdialog", { name: "Close 2025?" }).getByRole("button", { name: "Close the year" }).click();
    await expect(toast(page, "2025 closed: books locked up to 2025-12-31")).toBeVisible();
    await expect(page.getByTestId("lock-status")).toContainText("Locked up to 2025-12-31");
    await expect(page.getByTestId("closed-year").first()).toContainText("2025 closed");
    await expect(preview).toContainText("2025 is closed already");
    await shot(page, "gl-close-closed");

    // The balance sheet at the year's end shows the income in Retained Earnings.
    await page.goto(`${orgPath}/reports?type=balance_sheet&start=2025-12-31&end=2025-12-31`);
    const report = page.locator("section[aria-live]");
    await expect(report.getByRole("row", { name: /Retained Earnings/ }).first()).toContainText("$1,100.00");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "gl-close-balance-sheet");

    // The cash flows of 2025 reconcile to the change in cash (the closing entry left out of the year's income).
    await page.goto(`${orgPath}/reports?type=cash_flows&start=2025-01-01&end=2025-12-31`);
    await expect(page.getByLabel("Report type")).toHaveValue("cash_flows");
    await expect(page.getByRole("row", { name: /^Net income/ })).toContainText("$1,100.00");
    await expect(page.getByTestId("cash-net-change")).toContainText("$5,900.00");
    await expect(page.getByTestId("cash-end")).toContainText("$5,900.00");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "gl-close-cash-flows");

    // An entry dated in the closed year is refused, the date field saying why.
    await openBooksSection(page, "Journal Entries");
    await page.getByRole("button", { name: "New Entry" }).click();
    const dialog = page.getByRole("dialog", { name: "New Journal Entry" });
    await dialog.getByLabel("Description", { exact: true }).fill("Late December invoice");
    await dialog.getByLabel("Entry date").fill("2025-12-20");
    await pickAccount(dialog, 1, "1100 Accounts Receivable");
    await dialog.getByLabel("Line 1 debit").fill("90");
    await pickAccount(dialog, 2, "4000 Sales Revenue");
    await dialog.getByLabel("Line 2 credit").fill("90");
    await dialog.getByRole("button", { name: "Save Draft" }).click();
    await expect(dialog.getByText(LOCKED)).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog", { name: "Discard this entry?" }).getByRole("button", { name: "Discard entry" }).click();
    await expect(dialog).toBeHidden();

    // Reopening needs a reason; the closing entry is reversed and the lock lifted (there was none before the close).
    await openBooksSection(page, "Closing");
    await page.getByRole("button", { name: "Reopen 2025" }).click();
    const reopen = page.getByRole("alertdialog", { name: "Reopen 2025?" });
    await reopen.getByRole("button", { name: "Reopen the year" }).click();
    await expect(reopen.getByText("Reason is required")).toBeVisible();
    await reopen.getByLabel("Reason for reopening").fill("The December invoice was missed");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "gl-close-reopen");
    await reopen.getByRole("button", { name: "Reopen the year" }).click();
    await expect(toast(page, "2025 reopened: closing entry reversed")).toBeVisible();
    await expect(page.getByTestId("lock-status")).toHaveText("The books are not locked");
    await expect(page.getByTestId("closed-year").first()).toContainText("2025 (reopened)");
    await expect(page.getByTestId("closed-year").first()).toContainText("The December invoice was missed");
  });
}
