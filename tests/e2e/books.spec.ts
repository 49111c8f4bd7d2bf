import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { expectOnTop } from "./support/on-top.ts";
import { clickUntilVisible, signUpAndSignIn } from "./support/auth.ts";
import { openBooksSection, booksApi } from "./support/books.ts";
import { shot } from "./support/shots.ts";

/**
 * The books as a new user meets them: deleting a used account, inactive accounts, editing low in a long chart,
 * confirming posts and reversals, the journal's order, the trial balance of a date range, and the reports on a phone.
 */

interface Api {
  codes: Record<string, number>;
  post: (path: string, data?: unknown) => Promise<Record<string, unknown>>;
  entry: (
    date: string,
    description: string,
    lines: [string, number, number][],
    post?: boolean,
  ) => Promise<{ id: number; entry_number: string }>;
}

/** Data set up through the API the screens use (the screens under test are then checked in the browser). */
async function apiFor(page: Page): Promise<Api> {
  const headers = { origin: process.env.E2E_BASE_URL!, "content-type": "application/json" };
  const books = await booksApi(page);
  const post = async (path: string, data?: unknown) => {
    const res = await page.request.post(`${books}${path}`, { headers, data: data ?? {} });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  };
  const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  const entry: Api["entry"] = async (date, description, lines, postIt = true) => {
    const { entry } = (await post("/entries", {
      description,
      entry_date: date,
      lines: lines.map(([code, debit, credit]) => ({ account_id: codes[code], debit_amount: debit, credit_amount: credit })),
    })) as { entry: { id: number; entry_number: string } };
    if (postIt) await post(`/entries/${entry.id}/post`);
    return entry;
  };
  return { codes, post, entry };
}

test.describe("books", () => {
  test("a used account asks before it goes, naming its balance; inactive accounts come back; Edit low in the chart shows the form", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUpAndSignIn(page);
    await page.goto("/accounting");
    const api = await apiFor(page);
    await api.entry("2026-10-01", "Owner investment", [
      ["1000", 55500, 0],
      ["3000", 0, 55500],
    ]);
    await api.entry("2026-11-20", "November sales", [
      ["1000", 13300.5, 0],
      ["4000", 0, 13300.5],
    ]);
    for (let i = 0; i < 30; i++)
      await api.post("/accounts", {
        account_code: `9${String(i).padStart(3, "0")}`,
        account_name: `Project ${i}`,
        account_type: "Expense",
      });
    // The chart of accounts (a client lands on her books' home).
    await page.goto(new URL(page.url()).pathname.replace(/\/home$/, ""));

    // Edit on the last account of a long chart brings the form into view, on the name field. (The reloaded page
    // answers a click once hydrated: clicked again until the form opens.)
    await clickUntilVisible(
      page.getByRole("button", { name: "Edit account 9029" }),
      page.getByRole("heading", { name: "Edit account 9029" }),
    );
    await expect(page.getByRole("heading", { name: "Edit account 9029" })).toBeInViewport();
    await expect(page.getByLabel("Account name")).toBeFocused();
    await expectOnTop(page.getByLabel("Account name"));
    await page.getByLabel("Account name").fill("Project twenty-nine");
    await page.getByRole("button", { name: "Update Account" }).click();
    await expect(page.getByText("Account updated successfully").last()).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit account 9029" })).toBeFocused();

    // Cash carries posted entries: the dialog names its balance and needs an explicit confirmation.
    await page.getByRole("button", { name: "Delete account 1000" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete account 1000 Cash?" });
    await expect(dialog).toContainText("Are you sure you want to delete this account?");
    await expect(dialog.getByTestId("account-usage")).toContainText(
      "Account 1000 Cash has a balance of $68,800.50 and 2 journal entry lines.",
    );
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    const confirm = dialog.getByRole("button", { name: "Delete Account" });
    await expect(confirm).toBeDisabled();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "books-chart-delete-dialog");
    await dialog.getByLabel(/Delete 1000 Cash although it has a balance of \$68,800\.50/).check();
    await expectOnTop(confirm);
    await confirm.click();
    await expect(page.getByText("Account deleted successfully").last()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("account-row").filter({ hasText: "Cash" })).toHaveCount(0);

    // An unused account: the spec's question alone, no checkbox.
    await page.getByRole("button", { name: "Delete account 9000" }).click();
    const plain = page.getByRole("alertdialog", { name: "Delete account 9000 Project 0?" });
    await expect(plain).toContainText("No journal entry uses it.");
    await plain.getByRole("button", { name: "Delete Account" }).click();
    await expect(plain).toBeHidden();

    // Deleted accounts are listed under Show inactive and can be reactivated; code 1000 is Cash again.
    await page.getByLabel(/Show inactive/).check();
    const cash = page.getByTestId("account-row").filter({ hasText: "1000" });
    await expect(cash).toContainText("Inactive");
    await expect(page.getByLabel("Show inactive (2)")).toBeChecked();
    await shot(page, "books-chart-inactive");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await cash.getByRole("button", { name: "Reactivate account 1000" }).click();
    await expect(page.getByText("Account reactivated successfully").last()).toBeVisible();
    await expect(cash).not.toContainText("Inactive");
    await page.getByLabel(/Show inactive/).uncheck();
    await expect(page.getByTestId("account-row").filter({ hasText: "1000" })).toContainText("Cash");
    await expect(page.getByTestId("account-row").filter({ hasText: "9000" })).toHaveCount(0);
  });

  test("the journal lists by date, newest first; posts and reversals ask first; reversed entries say so", async ({ page }) => {
    test.setTimeout(180_000);
    await signUpAndSignIn(page);
    await page.goto("/accounting");
    const api = await apiFor(page);
    await api.entry("2026-01-10", "January rent", [
      ["6000", 1200, 0],
      ["1000", 0, 1200],
    ]);
    await api.entry("2026-11-05", "November sales", [
      ["1000", 800, 0],
      ["4000", 0, 800],
    ]);
    await api.entry("2026-10-02", "October supplies", [
      ["6000", 75.25, 0],
      ["1000", 0, 75.25],
    ]);
    const draft = await api.entry(
      "2026-03-15",
      "March consulting",
      [
        ["1100", 650, 0],
        ["4000", 0, 650],
      ],
      false,
    );

    await openBooksSection(page, "Journal Entries");
    const rows = page.getByTestId("entry-row");
    await expect(rows).toHaveCount(4);
    expect(await rows.locator("td:nth-child(2)").allInnerTexts()).toEqual(["2026-11-05", "2026-10-02", "2026-03-15", "2026-01-10"]);

    // Drafts are one click away.
    await page.getByRole("link", { name: "Drafts (1)" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("March consulting");
    await shot(page, "books-journal-drafts");

    // Post asks first, naming the entry and its amount; Cancel leaves it a draft.
    const row = rows.filter({ hasText: "March consulting" });
    await row.getByRole("button", { name: `Post ${draft.entry_number}` }).click();
    let ask = page.getByRole("alertdialog", { name: `Post ${draft.entry_number}?` });
    await expect(ask).toContainText(`${draft.entry_number} “March consulting” for $650.00`);
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toBeHidden();
    await expect(row).toContainText("Draft");

    await page.getByRole("link", { name: "All entries" }).click();
    await expect(rows).toHaveCount(4);
    await row.getByRole("button", { name: `Post ${draft.entry_number}` }).click();
    ask = page.getByRole("alertdialog", { name: `Post ${draft.entry_number}?` });
    await expectOnTop(ask.getByRole("button", { name: "Post Entry" }));
    await ask.getByRole("button", { name: "Post Entry" }).click();
    // The success message, and the list shows the entry as posted, with no Post action. (The toast follows the
    // loaders' revalidation; React may commit the new list a frame after it, so these wait for it.)
    await expect(page.getByText("Journal entry posted successfully").last()).toBeVisible();
    await expect(row.getByRole("button", { name: `Post ${draft.entry_number}` })).toHaveCount(0);
    await expect(row).toContainText("Posted");
    await expect(page.getByRole("link", { name: "Drafts (0)" })).toBeVisible();

    // Reverse asks first too; afterwards the original says Reversed and the reversal names it.
    const janNumber = (await rows.filter({ hasText: "January rent" }).locator("td").first().innerText()).trim();
    // The original's own row (the reversal's description names it too).
    const jan = rows.filter({ has: page.getByRole("button", { name: `View ${janNumber}`, exact: true }) });
    await jan.getByRole("button", { name: `View ${janNumber}` }).click();
    const details = page.getByRole("dialog", { name: `Journal Entry ${janNumber}` });
    await details.getByLabel("Reversal date").fill("2026-01-31");
    await details.getByRole("button", { name: "Reverse Entry" }).click();
    const askReverse = page.getByRole("alertdialog", { name: `Reverse ${janNumber}?` });
    await expect(askReverse).toContainText(`${janNumber} “January rent” for $1,200.00`);
    await expect(askReverse).toContainText("dated 2026-01-31");
    await askReverse.getByRole("button", { name: "Reverse Entry" }).click();
    await expect(page.getByText("Journal entry reversed successfully").last()).toBeVisible();
    await expect(details).toContainText("Reversed by");
    await page.keyboard.press("Escape");
    await expect(details).toBeHidden();
    await expect(jan.locator("td").nth(5)).toContainText("Reversed");
    await expect(jan).toContainText("Reversed by JE-");
    const reversal = rows.filter({ hasText: `Reversal of ${janNumber}` });
    await expect(reversal.locator("td").nth(5)).toContainText("Posted");
    await expect(reversal.locator("td").nth(5)).toContainText(`Reversal of ${janNumber}`);
    // The reversal, dated 31 January, sits between November and January by date.
    expect(await rows.locator("td:nth-child(2)").allInnerTexts()).toEqual([
      "2026-11-05",
      "2026-10-02",
      "2026-03-15",
      "2026-01-31",
      "2026-01-10",
    ]);
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "books-journal");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "books-journal");
  });

  test("the trial balance of a date range has opening and closing balances; reports fit a phone", async ({ page }) => {
    test.setTimeout(180_000);
    await signUpAndSignIn(page);
    await page.goto("/accounting");
    const api = await apiFor(page);
    await api.entry("2026-10-01", "Owner investment", [
      ["1000", 60000, 0],
      ["3000", 0, 60000],
    ]);
    await api.entry("2026-10-15", "October rent", [
      ["6000", 4500, 0],
      ["1000", 0, 4500],
    ]);
    await api.entry("2026-11-20", "November sales", [
      ["1000", 13300.5, 0],
      ["4000", 0, 13300.5],
    ]);

    await openBooksSection(page, "Reports");
    await page.getByLabel("Start date").fill("2026-11-15");
    await page.getByLabel("End date").fill("2026-11-30");
    const rows = page.getByTestId("report-row");
    // Accounts without activity in the range but with a balance stay listed.
    await expect(rows).toHaveCount(4);
    const cash = rows.filter({ hasText: "Cash" });
    await expect(cash.locator("td").nth(3)).toHaveText("$55,500.00");
    await expect(cash.locator("td").nth(5)).toHaveText("$13,300.50");
    await expect(cash.getByTestId("closing-debit")).toHaveText("$68,800.50");
    await expect(rows.filter({ hasText: "Owner's Equity" }).getByTestId("closing-credit")).toHaveText("$60,000.00");
    for (const [debit, credit, amount] of [
      ["total-opening-debits", "total-opening-credits", "$60,000.00"],
      ["total-debits", "total-credits", "$13,300.50"],
      ["total-closing-debits", "total-closing-credits", "$73,300.50"],
    ]) {
      await expect(page.getByTestId(debit!)).toHaveText(amount!);
      await expect(page.getByTestId(credit!)).toHaveText(amount!);
    }
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "books-reports-tb");

    // The balance sheet is a position: no start date; the year's income not closed to equity is its current-year earnings.
    await page.getByLabel("Report type").selectOption("balance_sheet");
    await expect(page.getByLabel("Start date")).toHaveCount(0);
    await expect(page.getByText("Current-year earnings")).toBeVisible();
    await expect(page.getByTestId("total-assets")).toContainText("$68,800.50");
    await shot(page, "books-reports-bs");

    // On a tablet and a phone every amount of the trial balance is on screen, the page never scrolls sideways.
    for (const width of [768, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1024 });
      await page.getByLabel("Report type").selectOption("trial_balance");
      await expect(rows).toHaveCount(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await cash.getByTestId("closing-debit").scrollIntoViewIfNeeded();
      await expectOnTop(cash.getByTestId("closing-debit"));
      // On narrow screens each amount is labelled with its column's name (the header row is not shown).
      expect(
        await cash.getByTestId("closing-debit").evaluate((el) => [el.dataset.label, getComputedStyle(el, "::before").content]),
      ).toEqual(["Closing balance (Dr)", '"Closing balance (Dr)"']);
      await expect(cash.getByTestId("closing-debit")).toContainText("$68,800.50");
      await page.getByTestId("total-closing-credits").scrollIntoViewIfNeeded();
      await expectOnTop(page.getByTestId("total-closing-credits"));
      await shot(page, "books-reports-tb");
      await page.getByLabel("Report type").selectOption("profit_loss");
      await expect(page.getByTestId("total-net-income")).toContainText("$13,300.50");
      const sales = page.getByTestId("statement-account").filter({ hasText: "Sales Revenue" });
      await sales.locator("td").last().scrollIntoViewIfNeeded();
      await expectOnTop(sales.locator("td").last());
      // Profit and loss is a table from 768 px up (with its period's header on screen), cards below.
      const period = "2026-11-15 to 2026-11-30";
      if (width < 768)
        expect(
          await sales
            .locator("td")
            .last()
            .evaluate((el) => getComputedStyle(el, "::before").content),
        ).toBe(`"${period}"`);
      else await expectOnTop(page.getByRole("columnheader", { name: period }).first());
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, { exclude: [TOASTS] });
      await shot(page, "books-reports-pl");
    }
    await openBooksSection(page, "Chart of Accounts");
    await shot(page, "books-chart");
  });
});
