import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { newUser, signUpAndSignIn } from "./support/auth.ts";
import { pickAccount } from "./support/entry-form.ts";
import { openBooksSection, booksApi } from "./support/books.ts";

type Line = [account: string, debit: string, credit: string];

const openTab = openBooksSection;

async function fillLines(page: Page, lines: Line[]) {
  const dialog = page.getByRole("dialog");
  while ((await dialog.getByTestId("entry-line").count()) < lines.length) await dialog.getByRole("button", { name: "Add Line" }).click();
  for (const [i, [account, debit, credit]] of lines.entries()) {
    if (account) await pickAccount(dialog, i + 1, account);
    if (debit) await dialog.getByLabel(`Line ${i + 1} debit`).fill(debit);
    if (credit) await dialog.getByLabel(`Line ${i + 1} credit`).fill(credit);
  }
}

async function createEntry(page: Page, description: string, date: string, lines: Line[]) {
  await page.getByRole("button", { name: "New Entry" }).click();
  const dialog = page.getByRole("dialog", { name: "New Journal Entry" });
  await dialog.getByLabel("Description", { exact: true }).fill(description);
  await dialog.getByLabel("Entry date").fill(date);
  await fillLines(page, lines);
  await dialog.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Journal entry saved successfully").last()).toBeVisible();
  await expect(dialog).toBeHidden();
  return page.getByTestId("entry-row").filter({ hasText: description }).first();
}

/** "Save and Post": the journal's question first, then the entry is saved and posted in one step. */
async function createAndPost(page: Page, description: string, date: string, lines: Line[], total: string) {
  await page.getByRole("button", { name: "New Entry" }).click();
  const dialog = page.getByRole("dialog", { name: "New Journal Entry" });
  await dialog.getByLabel("Description", { exact: true }).fill(description);
  await dialog.getByLabel("Entry date").fill(date);
  await fillLines(page, lines);
  await dialog.getByRole("button", { name: "Save and Post" }).click();
  const ask = page.getByRole("alertdialog", { name: "Post this entry?" });
  await expect(ask).toContainText(`The entry “${description}” for ${total}, dated ${date}, goes into the books.`);
  await ask.getByRole("button", { name: "Post Entry" }).click();
  await expect(page.getByText(/JE-\d+ saved and posted/).last()).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("entry-row").filter({ hasText: description }).first();
  await expect(row).toContainText("Posted");
  return row;
}

async function postRow(page: Page, row: ReturnType<Page["getByTestId"]>) {
  await row.getByRole("button", { name: /^Post / }).click();
  await page
    .getByRole("alertdialog", { name: /^Post JE-/ })
    .getByRole("button", { name: "Post Entry" })
    .click();
  await expect(page.getByText("Journal entry posted successfully").last()).toBeVisible();
  await expect(row).toContainText("Posted");
}

/** "1,000", "-75.5", "250.50" -> "1000.00", "-75.50", "250.50" (string work only: amounts stay exact). */
function twoDecimals(amount: string): string {
  const [whole, frac = ""] = amount.replace(/,/g, "").split(".");
  return `${whole}.${frac.padEnd(2, "0")}`;
}

/** Debit minus credit of each account code with a non-zero net, from the CSV's rows. */
function csvNet(csvLines: string[]): Map<string, string> {
  const net = new Map<string, string>();
  for (const line of csvLines.slice(1).filter(Boolean)) {
    const cells = line.split(",");
    const [debit, credit] = [cells.at(-3)!, cells.at(-2)!].map((x) => BigInt(x.replace(".", "")));
    const cents = debit! - credit!;
    const abs = cents < 0n ? -cents : cents;
    if (cents !== 0n) net.set(cells[0]!, `${cents < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`);
  }
  return net;
}

/**
 * Balances by Debian's `ledger` (https://ledger-cli.org) of the posted entries the API lists, in the range:
 * an independent double-entry engine checking the trial balance.
 */
async function ledgerNet(page: Page, start: string, endExclusive: string): Promise<Map<string, string>> {
  const books = await booksApi(page);
  const list = (await (await page.request.get(`${books}/entries`)).json()) as { entries: { id: number; status: string }[] };
  let journal = "";
  for (const { id } of list.entries.filter((e) => e.status === "posted")) {
    const { entry } = (await (await page.request.get(`${books}/entries/${id}`)).json()) as {
      entry: {
        entry_number: string;
        entry_date: string;
        lines: { account_code: string; account_type: string; debit_amount: string; credit_amount: string }[];
      };
    };
    journal += `\n${entry.entry_date} * ${entry.entry_number}\n`;
    for (const l of entry.lines) {
      journal += `    ${l.account_type}:${l.account_code}  $${l.debit_amount !== "0.00" ? l.debit_amount : `-${l.credit_amount}`}\n`;
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), "ledger-"));
  try {
    const file = path.join(dir, "books.ledger");
    writeFileSync(file, journal);
    const r = spawnSync(
      "ledger",
      ["-f", file, "-b", start, "-e", endExclusive, "bal", "--flat", "--no-total", "-F", "%(account)\t%(quantity(display_total))\n"],
      { encoding: "utf8" },
    );
    expect(r.error, "Debian's ledger must be installed (apt-get install ledger)").toBeUndefined();
    expect(r.status, r.stderr).toBe(0);
    const net = new Map<string, string>();
    for (const line of r.stdout.trim().split("\n").filter(Boolean)) {
      const [account, quantity] = line.split("\t");
      net.set(account!.split(":")[1]!, twoDecimals(quantity!));
    }
    return net;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test.describe("accounting module", () => {
  test("accounts, entries with every validation rule, posting, reversal, reports, CSV and PDF", async ({ page }) => {
    test.setTimeout(360_000);
    await signUpAndSignIn(page);
    await page.goto("/accounting");
    await expect(page.getByRole("heading", { name: "Accounting", level: 1 })).toBeVisible();
    await openBooksSection(page, "Chart of Accounts");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });

    // Chart of accounts: create, list by code, edit with the code locked, duplicate refused, soft delete.
    const createAccount = async (code: string, name: string, type: string) => {
      await page.getByLabel("Account code").fill(code);
      await page.getByLabel("Account name").fill(name);
      await page.getByLabel("Account type").selectOption(type);
      await page.getByRole("button", { name: "Create Account" }).click();
    };
    await createAccount("4200", "Consulting Revenue", "Revenue");
    await expect(page.getByText("Account created successfully").last()).toBeVisible();
    await createAccount("1010", "Petty Cash", "Asset");
    await expect(page.getByTestId("account-row").filter({ hasText: "Petty Cash" })).toBeVisible();
    const codes = await page.getByTestId("account-row").locator("td:first-child").allInnerTexts();
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(["1000", "1010", "4200"]));

    await page.getByRole("button", { name: "Edit account 1010" }).click();
    await expect(page.getByLabel("Account code")).toHaveValue("1010");
    await expect(page.getByLabel("Account code")).toHaveAttribute("readonly", "");
    await page.getByLabel("Account name").fill("Petty Cash Box");
    await page.getByRole("button", { name: "Update Account" }).click();
    await expect(page.getByText("Account updated successfully").last()).toBeVisible();
    await expect(page.getByTestId("account-row").filter({ hasText: "Petty Cash Box" })).toBeVisible();

    await createAccount("1010", "Duplicate", "Asset");
    await expect(page.getByText(/Account code 1010 is already used/).last()).toBeVisible();

    await page.getByRole("button", { name: "Delete account 1010" }).click();
    const confirmDelete = page.getByRole("alertdialog", { name: "Delete account 1010 Petty Cash Box?" });
    await expect(confirmDelete).toContainText("Are you sure you want to delete this account?");
    await confirmDelete.getByRole("button", { name: "Delete Account" }).click();
    await expect(page.getByText("Account deleted successfully").last()).toBeVisible();
    await expect(page.getByTestId("account-row").filter({ hasText: "Petty Cash" })).toHaveCount(0);

    // Journal entries: empty state, then every validation message in the spec's order.
    await openTab(page, "Journal Entries");
    await expect(page.getByText("No journal entries yet.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Entry" })).toBeVisible();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await page.getByRole("button", { name: "Create Entry" }).click();
    const dialog = page.getByRole("dialog", { name: "New Journal Entry" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    const save = dialog.getByRole("button", { name: "Save Draft" });
    await expect(save).toBeDisabled();

    // A line holds a debit or a credit: typing one clears the other.
    await dialog.getByLabel("Line 1 credit").fill("12");
    await dialog.getByLabel("Line 1 debit").fill("600");
    await expect(dialog.getByLabel("Line 1 credit")).toHaveValue("");
    await expect(dialog.getByText("Entry is not balanced. Debits must equal credits.")).toBeVisible();
    await pickAccount(dialog, 1, "1000 Cash");
    await dialog.getByLabel("Line 2 credit").fill("600");
    await expect(save).toBeEnabled();
    await expect(dialog.getByText("Entry is not balanced. Debits must equal credits.")).toBeHidden();

    const expectValidation = async (message: string) => {
      await save.click();
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: message });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText("Validation Error");
    };
    await expectValidation("Description is required");
    await dialog.getByLabel("Description", { exact: true }).fill("Consulting invoice");
    await dialog.getByLabel("Entry date").fill("");
    await expectValidation("Entry date is required");
    await dialog.getByLabel("Entry date").fill("2026-03-15");
    await expectValidation("At least two account lines are required");
    await pickAccount(dialog, 2, "4200 Consulting Revenue");
    await dialog.getByLabel("Line 2 credit").fill("400");
    await dialog.getByRole("button", { name: "Add Line" }).click();
    await dialog.getByLabel("Line 3 credit").fill("200");
    await expectValidation("Debits must equal credits");
    await dialog.getByRole("button", { name: "Remove line 3" }).click();
    await dialog.getByLabel("Line 2 credit").fill("600");
    await save.click();
    await expect(page.getByText("Journal entry saved successfully").last()).toBeVisible();
    const first = page.getByTestId("entry-row").filter({ hasText: "Consulting invoice" });
    await expect(first).toContainText("JE-000001");
    await expect(first).toContainText("$600.00");
    await expect(first).toContainText("Draft");

    // Remove is disabled on the last line.
    await page.getByRole("button", { name: "New Entry" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove line 2" }).click();
    await expect(page.getByRole("dialog").getByRole("button", { name: "Remove line 1" })).toBeDisabled();
    await page.keyboard.press("Escape");

    // Edit the draft, then post it.
    await first.getByRole("button", { name: "Edit JE-000001" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Journal Entry JE-000001" });
    await expect(edit.getByLabel("Description", { exact: true })).toHaveValue("Consulting invoice");
    await edit.getByLabel("Line 1 debit").fill("650");
    await edit.getByLabel("Line 2 credit").fill("650");
    await edit.getByRole("button", { name: "Save Draft" }).click();
    await expect(first).toContainText("$650.00");
    await postRow(page, first);
    await expect(first.getByRole("button", { name: "Edit JE-000001" })).toHaveCount(0);

    // Four more entries, saved and posted (the last in one step).
    const more: [string, string, Line[]][] = [
      [
        "Owner investment",
        "2026-02-01",
        [
          ["1000 Cash", "1000", ""],
          ["3000 Owner's Equity", "", "1000"],
        ],
      ],
      [
        "February rent",
        "2026-02-05",
        [
          ["6000 Rent Expense", "400", ""],
          ["1000 Cash", "", "400"],
        ],
      ],
      [
        "Goods sold on credit",
        "2026-04-01",
        [
          ["1100 Accounts Receivable", "250.50", ""],
          ["4000 Sales Revenue", "", "250.50"],
        ],
      ],
    ];
    for (const [description, date, lines] of more) await postRow(page, await createEntry(page, description, date, lines));
    await createAndPost(
      page,
      "Supplier prepaid",
      "2026-04-02",
      [
        ["2000 Accounts Payable", "75", ""],
        ["1000 Cash", "", "75"],
      ],
      "$75.00",
    );

    // Details, PDF export, reversal with the audit trail.
    await first.getByRole("button", { name: "View JE-000001" }).click();
    const details = page.getByRole("dialog", { name: "Journal Entry JE-000001" });
    await expect(details.getByTestId("detail-line")).toHaveCount(2);
    await expect(details.getByTestId("audit-trail")).toContainText("Created");
    await expect(details.getByTestId("audit-trail")).toContainText("Edited");
    await expect(details.getByTestId("audit-trail")).toContainText("Posted");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    const pdfDownload = page.waitForEvent("download");
    await details.getByRole("link", { name: "Export PDF" }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe("JE-000001.pdf");
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    await details.getByLabel("Reversal date").fill("2026-03-31");
    await details.getByRole("button", { name: "Reverse Entry" }).click();
    await page.getByRole("alertdialog", { name: "Reverse JE-000001?" }).getByRole("button", { name: "Reverse Entry" }).click();
    await expect(page.getByText("Journal entry reversed successfully").last()).toBeVisible();
    await expect(details.getByTestId("audit-trail")).toContainText("Reversed");
    await expect(details).toContainText("Reversed by");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("entry-row").filter({ hasText: "Reversal of JE-000001" })).toContainText("Posted");

    // Reports.
    await openTab(page, "Reports");
    await page.getByLabel("Start date").fill("2026-01-01");
    await page.getByLabel("End date").fill("2026-12-31");
    const rows = page.getByTestId("report-row");
    await expect(rows.first()).toBeVisible();
    await expect(rows).toHaveCount(7);
    await expect(rows.filter({ hasText: "Accounts Payable" }).getByTestId("closing-debit")).toHaveText("$75.00");
    await expect(rows.filter({ hasText: "Cash" }).first()).toContainText("$525.00");
    await expect(page.getByTestId("total-debits")).toContainText("$3,025.50");
    await expect(page.getByTestId("total-credits")).toContainText("$3,025.50");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });

    const csvDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe("trial_balance_2026-01-01_2026-12-31.csv");
    await expect(page.getByText("Report has been exported to CSV").last()).toBeVisible();
    const csvLines = readFileSync((await csv.path())!, "utf8").split("\r\n");
    expect(csvLines[0]).toBe("Account Code,Account Name,Account Type,Debit,Credit,Balance");
    expect(csvLines).toContain("1000,Cash,Asset,1650.00,1125.00,525.00");
    expect(csvLines).toContain("2000,Accounts Payable,Liability,75.00,0.00,-75.00");
    expect(csvLines).toContain(`3000,Owner's Equity,Equity,0.00,1000.00,1000.00`);
    // The same posted entries through `ledger` give the same balance on every account.
    const fromLedger = await ledgerNet(page, "2026-01-01", "2027-01-01");
    expect(fromLedger.size).toBe(6);
    expect(fromLedger).toEqual(csvNet(csvLines));

    // Ledger drill-down with a running balance.
    await rows.filter({ hasText: "Cash" }).first().getByRole("button", { name: "Cash" }).click();
    const ledger = page.getByRole("dialog", { name: "Ledger: 1000 Cash" });
    await expect(ledger.getByTestId("ledger-line")).toHaveCount(5);
    await expect(ledger.getByTestId("ledger-line").last()).toContainText("$525.00");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await page.keyboard.press("Escape");

    await page.getByLabel("Report type").selectOption("profit_loss");
    await expect(page.getByTestId("total-net-income")).toContainText("Net loss");
    await expect(page.getByTestId("total-net-income")).toContainText("-$149.50");
    await page.getByLabel("Report type").selectOption("balance_sheet");
    await expect(page.getByTestId("total-assets")).toContainText("$775.50");
    await expect(page.getByTestId("total-liabilities-and-equity")).toContainText("$775.50");
    await expect(page.getByText("Current-year earnings")).toBeVisible();

    await page.getByLabel("Report type").selectOption("trial_balance");
    await page.getByLabel("Start date").fill("2020-01-01");
    await page.getByLabel("End date").fill("2020-12-31");
    await expect(page.getByText("No posted journal entries for the selected date range.")).toBeVisible();
  });

  test("a second user sees none of the first user's accounts or entries", async ({ browser }) => {
    const a = await browser.newPage();
    await signUpAndSignIn(a, newUser("first"));
    await a.goto("/accounting");
    await openBooksSection(a, "Chart of Accounts");
    await a.getByLabel("Account code").fill("7777");
    await a.getByLabel("Account name").fill("Private Reserve Alpha");
    await a.getByLabel("Account type").selectOption("Asset");
    await a.getByRole("button", { name: "Create Account" }).click();
    await expect(a.getByTestId("account-row").filter({ hasText: "Private Reserve Alpha" })).toBeVisible();

    const bContext = await browser.newContext();
    const b = await bContext.newPage();
    await signUpAndSignIn(b, newUser("second"));
    await b.goto("/accounting");
    await openBooksSection(b, "Chart of Accounts");
    await expect(b.getByTestId("account-row").first()).toBeVisible();
    await expect(b.getByText("Private Reserve Alpha")).toHaveCount(0);
    await expect(b.getByTestId("account-row").filter({ hasText: "7777" })).toHaveCount(0);
    await openBooksSection(b, "Journal Entries");
    await expect(b.getByText("No journal entries yet.")).toBeVisible();
    await bContext.close();
    await a.close();
  });

  test("signed-out visitors are sent to sign-in", async ({ page }) => {
    await page.goto("/accounting");
    await expect(page).toHaveURL(/\/login\?from=%2Faccounting/);
  });
});
