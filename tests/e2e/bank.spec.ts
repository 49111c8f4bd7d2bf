import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { expectOnTop } from "./support/on-top.ts";
import { shot } from "./support/shots.ts";

/**
 * A month at the bank, as issue 29 tells it: October's statement imported; the two lines the books already hold
 * accepted as suggested; the fuel bought twice posted by a rule tried first (what it posts shown and asked first); the
 * client asked about a transfer and her answer posted; the account reconciled to 0.00 against the statement's closing
 * balance; the report downloaded; the rules' batch, reconciled, kept; the rule given a memo.
 */

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/**
 * October as the bank's CSV export writes it, newest first, the payee apart from the text:
 * 5,000.00 + 1,200.00 − 1,500.00 − 45.10 − 38.90 − 250.00 = 4,366.00.
 */
const STATEMENT = [
  "Booking date;Payee;Text;Amount",
  "30/10/2026;M. Gonzalez;TRANSFER 889201;-250,00",
  "27/10/2026;Shell Station 5678;SHELL OIL 5678;-38,90",
  "20/10/2026;Shell Station 1234;SHELL OIL 1234;-45,10",
  "15/10/2026;Oak Street Properties LLC;RENT OCTOBER;-1.500,00",
  "04/10/2026;Acme Corp;ACME CORP PAYMENT INV 17;1.200,00",
].join("\r\n");

async function pick(scope: Locator | Page, label: string, account: string) {
  const input = scope.getByRole("combobox", { name: label });
  await input.fill(account.split(" ")[0]!);
  await scope.getByRole("option", { name: account, exact: true }).click();
  await expect(input).toHaveValue(account);
}

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a month at the bank at ${viewport.width} px: imported, matched, a rule, a question, reconciled to 0.00, reported`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const books = await booksApi(page);
    const origin = process.env.E2E_BASE_URL!;
    const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as {
      accounts: { id: number; account_code: string }[];
    };
    const code = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
    for (const [date, description, debit, credit, amount] of [
      ["2026-10-01", "Opening balance", "1000", "3000", "5000.00"],
      ["2026-10-03", "Acme invoice 17 paid", "1000", "4100", "1200.00"],
      ["2026-10-15", "October rent", "6000", "1000", "1500.00"],
    ] as const) {
      const saved = await page.request.post(`${books}/entries`, {
        headers: { origin },
        data: {
          description,
          entry_date: date,
          lines: [
            { account_id: code[debit], debit_amount: amount, credit_amount: "0" },
            { account_id: code[credit], debit_amount: "0", credit_amount: amount },
          ],
        },
      });
      const { entry } = (await saved.json()) as { entry: { id: number } };
      expect((await page.request.post(`${books}/entries/${entry.id}/post`, { headers: { origin } })).status()).toBe(200);
    }
    const orgPath = books.replace("/api/accounting/orgs", "/accounting");

    // The bank account, kept in 1000 Cash.
    await page.goto(`${orgPath}/bank`);
    const form = page.getByRole("form", { name: "New bank account" });
    await expect(async () => {
      await form.getByLabel("Name").fill("Main checking");
      await form.getByLabel("Ledger account").selectOption({ label: "1000 · Cash" });
      await form.getByRole("button", { name: "Add bank account" }).click();
      await expect(toast(page, "Bank account added")).toBeVisible({ timeout: 3000 });
    }).toPass();
    await page.getByRole("link", { name: "Main checking" }).click();
    await expect(page.getByRole("heading", { name: "Main checking" })).toBeVisible();

    // October's statement: previewed, then imported; the same file again adds nothing.
    const file = { name: "october.csv", mimeType: "text/csv", buffer: Buffer.from(STATEMENT, "latin1") };
    await expect(async () => {
      await page.getByLabel(/^Statement file/).setInputFiles(file);
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByText(/5 new transactions, 2026-10-04 to 2026-10-30/)).toBeVisible({ timeout: 3000 });
    }).toPass();
    await shot(page, "bank-preview");
    await page.getByRole("button", { name: "Import 5 transactions" }).click();
    await expect(page.getByText("5 transactions imported")).toBeVisible();
    // Oldest first, as the statement reads; the payee shown where the bank's text does not already say it.
    const lines = page
      .getByRole("table", { name: /Statement lines, oldest first/ })
      .getByRole("row")
      .filter({ hasText: /2026-10-\d\d/ });
    await expect(lines.first()).toContainText("2026-10-04");
    await expect(lines.last()).toContainText("2026-10-30");
    await expect(row(page, "RENT OCTOBER")).toContainText("Oak Street Properties LLC");
    await expect(row(page, "ACME CORP PAYMENT")).not.toContainText("Acme Corp");
    await shot(page, "bank-imported");

    // The two lines the books hold already, accepted as suggested.
    for (const [text, entry] of [
      ["ACME CORP PAYMENT", "Acme invoice 17 paid"],
      ["RENT OCTOBER", "October rent"],
    ] as const) {
      await expect(row(page, text)).toContainText(`Suggested: `);
      await expect(row(page, text)).toContainText(entry);
      const accept = row(page, text).getByRole("button", { name: /^Accept/ });
      await expectOnTop(accept);
      await accept.click();
      await expect(toast(page, "Matched to JE-")).toBeVisible();
      await expect(row(page, text)).toHaveCount(0);
    }

    // A rule for the fuel, tried on the lines imported before it is saved, then posting both.
    await page.getByRole("link", { name: "Rules" }).click();
    const rule = page.getByRole("form", { name: "New rule" });
    await rule.getByLabel("Name").fill("Fuel");
    await rule.getByLabel("Words or pattern").fill("shell oil");
    await rule.getByLabel("Money").selectOption({ label: "Out" });
    await pick(rule, "Post to account", "6200 Utilities Expense");
    await rule.getByRole("button", { name: "Try it on past lines" }).click();
    await expect(rule.getByText("It fits 2 lines imported so far.")).toBeVisible();
    await shot(page, "bank-rules");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await rule.getByRole("button", { name: "Save rule" }).click();
    await expect(page.getByText(/1\. Fuel/)).toBeVisible();
    await page.getByRole("link", { name: "Bank accounts" }).click();
    await page.getByRole("link", { name: "Main checking" }).click();
    await expect(row(page, "SHELL OIL 1234")).toContainText("Rule “Fuel”: 6200 · Utilities Expense");
    // What the rules would post is shown and asked about first; the batch is listed on the rules page to be undone.
    await page.getByRole("button", { name: "Post the lines rules choose an account for" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Post what the rules choose?" });
    await expect(confirm).toContainText("2 lines of Main checking, 2026-10-20 to 2026-10-27");
    await expect(confirm.getByRole("row", { name: /6200 Utilities Expense/ })).toContainText("$84.00");
    await shot(page, "bank-rules-confirm");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await confirm.getByRole("button", { name: "Post 2 lines" }).click();
    await expect(toast(page, "2 lines posted by rules")).toBeVisible();
    await expect(row(page, "SHELL OIL")).toHaveCount(0);

    // The transfer: asked, answered by the owner in Questions, posted as answered.
    await row(page, "TRANSFER 889201").getByRole("button", { name: "Ask the client about TRANSFER 889201" }).click();
    const ask = page.getByRole("dialog", { name: "Ask the client" });
    await ask.getByLabel(/Your question/).fill("What was this transfer for?");
    await ask.getByRole("button", { name: "Send question" }).click();
    await expect(toast(page, "Question sent to the client")).toBeVisible();
    await expect(row(page, "TRANSFER 889201")).toContainText("Asked the client; no answer yet");
    await openBooksSection(page, "Questions");
    const question = page.getByRole("list", { name: "Questions" }).getByRole("listitem").filter({ hasText: "TRANSFER 889201" });
    await expect(question).toContainText("What was this transfer for?");
    await pick(question, "Account it belongs to (optional)", "3000 Owner's Equity");
    await question.getByLabel(/Note/).fill("I paid myself");
    await shot(page, "bank-question");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await question.getByRole("button", { name: "Send answer" }).click();
    await expect(toast(page, "Answer sent")).toBeVisible();
    await openBooksSection(page, "Bank");
    await page.getByRole("link", { name: "Main checking" }).click();
    await expect(row(page, "TRANSFER 889201")).toContainText("The client answered: 3000 · Owner's Equity · I paid myself");
    await shot(page, "bank-lines");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await row(page, "TRANSFER 889201")
      .getByRole("button", { name: /Post .* as the client answered/ })
      .click();
    await expect(toast(page, "Posted as the client answered")).toBeVisible();
    await expect(page.getByText("Every statement line is matched.")).toBeVisible();

    // Reconciled to October 31: the opening balance marked cleared, the difference 0.00, then finished.
    await page.getByRole("link", { name: "Reconcile" }).click();
    await page.getByLabel("Statement date").fill("2026-10-31");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("heading", { name: "Uncleared items up to 2026-10-31" })).toBeVisible();
    await page.getByRole("button", { name: /^Mark JE-\d+ cleared$/ }).click();
    await expect(page.getByText("Every posted line of this account up to this date is cleared.")).toBeVisible();
    await expect(async () => {
      await page.getByLabel("Statement closing balance").fill("4,366.00");
      await expect(page.getByText("Difference: $0.00")).toBeVisible({ timeout: 2000 });
    }).toPass();
    await shot(page, "bank-reconcile");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    const finish = page.getByRole("button", { name: "Finish reconciliation" });
    await expectOnTop(finish);
    await finish.click();
    await expect(toast(page, "Reconciled to 2026-10-31")).toBeVisible();
    await expect(page.getByText(/2026-10-31: statement \$4,366\.00, books \$4,366\.00/)).toBeVisible();

    // The report, as a PDF that says so.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Report (PDF)" }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe("reconciliation-2026-10-31.pdf");
    const text = spawnSync("pdftotext", ["-layout", (await pdf.path())!, "-"], { encoding: "utf8" });
    if (text.status === 0) {
      expect(text.stdout).toContain("Bank Reconciliation");
      expect(text.stdout).toMatch(/Main checking \(.+\), statement of October 31, 2026/);
      expect(text.stdout).toContain("Difference $0.00");
      expect(text.stdout).toMatch(/Statement closing balance\s+\$4,366\.00[\s\S]*Book balance\s+\$4,366\.00/);
      expect(text.stdout).toMatch(/Total cleared deposits \(2\)\s+\$6,200\.00[\s\S]*Total cleared payments \(4\)\s+-\$1,834\.00/);
      expect(text.stdout).toContain("Page 1 of 1");
    } else
      expect(
        readFileSync((await pdf.path())!)
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");

    // The rules' batch is listed; reconciled now, it is not undone until the reconciliation is. The rule gets a memo.
    await openBooksSection(page, "Bank");
    await page.getByRole("link", { name: "Main checking" }).click();
    await page.getByRole("link", { name: "Rules" }).click();
    const batch = page.getByRole("list", { name: "Batches posted by rules" }).getByRole("listitem").first();
    await expect(batch).toContainText("2 lines of Main checking ($0.00 in, $84.00 out)");
    await expect(batch).toContainText("2 lines reconciled: undo that reconciliation to undo the batch");
    await expect(batch.getByRole("button", { name: "Undo this batch" })).toHaveCount(0);
    await page.getByRole("button", { name: "Edit Fuel" }).click();
    const edit = page.getByRole("form", { name: "Edit rule Fuel" });
    await expect(edit.getByLabel("Words or pattern")).toHaveValue("shell oil");
    await edit.getByLabel(/^Memo/).fill("Fuel for the van");
    await shot(page, "bank-rule-edit");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, "Rule saved")).toBeVisible();
    await expect(page.getByText("Memo: Fuel for the van")).toBeVisible();
  });
}
