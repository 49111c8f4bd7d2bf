import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { pickAccount } from "./support/entry-form.ts";
import { isOnTop } from "./support/on-top.ts";
import { openBooksSection, booksApi } from "./support/books.ts";

async function openNewEntry(page: Page) {
  await page.goto("/accounting");
  await openBooksSection(page, "Journal Entries");
  await page.getByRole("button", { name: "New Entry" }).click();
  const dialog = page.getByRole("dialog", { name: "New Journal Entry" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** An ISO date `days` days after today (UTC). */
function daysAhead(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

test.describe("journal entry form", () => {
  test("amounts are read exactly, refused amounts and dates are named on their field, and the account picker finds by code and name", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpAndSignIn(page);
    const dialog = await openNewEntry(page);
    const save = dialog.getByRole("button", { name: "Save Draft" });
    const notBalanced = dialog.getByText("Entry is not balanced. Debits must equal credits.");

    // Nothing typed yet: no red message, Save not yet possible.
    await expect(save).toBeDisabled();
    await expect(notBalanced).toBeHidden();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });

    await dialog.getByLabel("Description", { exact: true }).fill("Office rent");

    // The mouse wheel over a focused amount leaves it as typed.
    const debit1 = dialog.getByLabel("Line 1 debit");
    await expect(debit1).toHaveAttribute("inputmode", "decimal");
    await expect(debit1).toHaveAttribute("type", "text");
    await debit1.fill("500");
    await debit1.hover();
    await page.mouse.wheel(0, 200);
    await page.mouse.wheel(0, -200);
    await page.keyboard.press("ArrowDown");
    await expect(debit1).toHaveValue("500");
    await expect(notBalanced).toBeVisible();
    await expect(notBalanced).toContainText("Difference: $500.00.");

    // The account picker: by name, then by code, with the keyboard.
    const account1 = dialog.getByRole("combobox", { name: "Line 1 account" });
    await account1.fill("rent");
    await expect(dialog.getByRole("option")).toHaveText(["6000 Rent Expense"]);
    await account1.fill("1");
    await expect(dialog.getByRole("option").first()).toHaveText("1000 Cash");
    await expect(dialog.getByRole("option", { name: "6000 Rent Expense" })).toHaveCount(0);
    await account1.fill("cash");
    await expect(dialog.getByRole("option", { name: "1000 Cash" })).toBeVisible();
    await expect(account1).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await account1.fill("600");
    await page.keyboard.press("Enter");
    await expect(account1).toHaveValue("6000 Rent Expense");
    await expect(account1).toHaveAttribute("aria-expanded", "false");
    await account1.fill("payroll");
    await expect(dialog.getByText("No account matches “payroll”")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(account1).toHaveValue("6000 Rent Expense");

    // Tab from a line's credit goes to the next line's account, not to "Remove".
    await dialog.getByLabel("Line 1 credit").focus();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("combobox", { name: "Line 2 account" })).toBeFocused();
    await pickAccount(dialog, 2, "1000 Cash");
    await dialog.getByLabel("Line 2 credit").fill("500");
    await expect(notBalanced).toBeHidden();
    await expect(save).toBeEnabled();

    // Add Line puts the focus on the new line's account.
    await dialog.getByRole("button", { name: "Add Line" }).click();
    await expect(dialog.getByRole("combobox", { name: "Line 3 account" })).toBeFocused();

    // Amounts the form cannot take are named on the field and in the toast, never silently left out.
    const debit3 = dialog.getByLabel("Line 3 debit");
    await debit3.fill("-50");
    await expect(debit3).toHaveAttribute("aria-invalid", "true");
    await expect(debit3).toHaveAccessibleDescription("Amount must not be negative");
    await save.click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Line 3 debit: Amount must not be negative" })).toContainText(
      "Validation Error",
    );
    await debit3.fill("100.999");
    await expect(debit3).toHaveAccessibleDescription("Amount must have at most 2 decimals");
    await debit3.fill("12abc");
    await expect(debit3).toHaveAccessibleDescription("Enter an amount such as 1250.00");
    await expect(dialog.getByTestId("total-debit")).toHaveText("$500.00");

    // The keyboard removes the line it is in; the focus stays in the lines.
    await debit3.press("Control+Shift+Backspace");
    await expect(dialog.getByTestId("entry-line")).toHaveCount(2);
    await expect(dialog.getByRole("combobox", { name: "Line 2 account" })).toBeFocused();

    // Dates outside 1900-2200 or more than a year ahead are refused with a message on the field.
    const date = dialog.getByLabel("Entry date");
    for (const [value, message] of [
      ["2300-01-01", "Entry date must not be after 2200-12-31"],
      ["1899-12-31", "Entry date must not be before 1900-01-01"],
      [daysAhead(400), "Entry date must not be more than one year ahead"],
    ]) {
      await date.fill(value!);
      await expect(date).toHaveAccessibleDescription(message!);
    }
    await save.click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Entry date must not be more than one year ahead" })).toBeVisible();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });

    // The API refuses the same date, naming the field.
    const books = await booksApi(page);
    const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as { accounts: { id: number }[] };
    const refused = await page.request.post(`${books}/entries`, {
      headers: { origin: new URL(page.url()).origin },
      data: {
        description: "Far ahead",
        entry_date: daysAhead(400),
        lines: [
          { account_id: accounts[0]!.id, debit_amount: 1, credit_amount: 0 },
          { account_id: accounts[1]!.id, debit_amount: 0, credit_amount: 1 },
        ],
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe("entry_date: Entry date must not be more than one year ahead");

    await date.fill(daysAhead(0));
    await expect(date).not.toHaveAttribute("aria-invalid");
    await save.click();
    await expect(page.getByText("Journal entry saved successfully").last()).toBeVisible();
    const row = page.getByTestId("entry-row").filter({ hasText: "Office rent" });
    await expect(row).toContainText("$500.00");
  });

  test("a half-typed entry is not thrown away without asking", async ({ page }) => {
    await signUpAndSignIn(page);
    let dialog = await openNewEntry(page);
    const confirm = page.getByRole("alertdialog", { name: "Discard this entry?" });

    // Nothing typed: Escape closes at once.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(confirm).toBeHidden();

    dialog = await openNewEntry(page);
    await dialog.getByLabel("Description", { exact: true }).fill("Half-typed rent");
    await dialog.getByLabel("Line 1 debit").fill("1200");

    // Escape asks; "Keep editing" has the focus and keeps everything.
    await page.keyboard.press("Escape");
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Keep editing" })).toBeFocused();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(dialog.getByLabel("Description", { exact: true })).toHaveValue("Half-typed rent");

    // A click outside asks too (clicked again if it came before the dialog took outside clicks again, under load).
    await expect(async () => {
      await page.mouse.click(3, 3);
      await expect(confirm).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    await expect(dialog.getByLabel("Line 1 debit")).toHaveValue("1200");

    // Escape inside an open account list closes the list only.
    const account1 = dialog.getByRole("combobox", { name: "Line 1 account" });
    await account1.fill("ca");
    await expect(dialog.getByRole("option").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(account1).toHaveAttribute("aria-expanded", "false");
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();

    // Cancel asks; Discard closes and the next form starts empty.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Discard entry" }).click();
    await expect(dialog).toBeHidden();
    dialog = await openNewEntry(page);
    await expect(dialog.getByLabel("Description", { exact: true })).toHaveValue("");
    await expect(dialog.getByLabel("Line 1 debit")).toHaveValue("");
  });

  for (const [width, height] of [
    [390, 844],
    [768, 1024],
    [1280, 800],
  ] as const) {
    test(`at ${width}x${height} the pickers show the chosen account and every control is on top and reachable`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height });
      await signUpAndSignIn(page);
      const dialog = await openNewEntry(page);
      await dialog.getByLabel("Description", { exact: true }).fill("Phone entry");
      await pickAccount(dialog, 1, "1100 Accounts Receivable");
      await dialog.getByLabel("Line 1 debit").fill("250.50");
      await pickAccount(dialog, 2, "4000 Sales Revenue");
      await dialog.getByLabel("Line 2 credit").fill("250.50");

      // The chosen account is readable in full: the picker is wide enough and its text is not cut.
      for (const line of [1, 2]) {
        const input = dialog.getByRole("combobox", { name: `Line ${line} account` });
        const fits = await input.evaluate((el: HTMLInputElement) => ({ width: el.clientWidth, text: el.scrollWidth <= el.clientWidth }));
        expect(fits.text, `line ${line} account text fits`).toBe(true);
        expect(fits.width).toBeGreaterThan(Math.min(width * 0.6, 200));
      }
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      // Every control is on top where it shows, in order down the form.
      const controls = [
        dialog.getByLabel("Description", { exact: true }),
        dialog.getByLabel("Entry date"),
        dialog.getByLabel("Reference (optional)"),
        ...[1, 2].flatMap((n) => [
          dialog.getByRole("combobox", { name: `Line ${n} account` }),
          dialog.getByLabel(`Line ${n} description`),
          dialog.getByLabel(`Line ${n} debit`),
          dialog.getByLabel(`Line ${n} credit`),
          dialog.getByRole("button", { name: `Remove line ${n}` }),
        ]),
        dialog.getByRole("button", { name: "Add Line" }),
        dialog.getByRole("button", { name: "Cancel" }),
        dialog.getByRole("button", { name: "Save Draft" }),
      ];
      for (const control of controls) expect(await isOnTop(control), await control.evaluate((el) => el.outerHTML.slice(0, 120))).toBe(true);

      // An open list lies over what follows it, and its options can be reached and picked.
      const account2 = dialog.getByRole("combobox", { name: "Line 2 account" });
      await account2.fill("");
      await account2.press("ArrowDown");
      const last = dialog.getByRole("option").last();
      await expect(last).toBeVisible();
      expect(await isOnTop(dialog.getByRole("option").first())).toBe(true);
      expect(await isOnTop(last)).toBe(true);
      await page.keyboard.press("Escape");
      await expect(account2).toHaveValue("4000 Sales Revenue");
      await expectNoAxeViolations(page, { exclude: [TOASTS] });

      await dialog.getByRole("button", { name: "Save Draft" }).click();
      await expect(page.getByText("Journal entry saved successfully").last()).toBeVisible();
    });
  }

  test("by keyboard: 1,234.56 typed, Tab from the last credit opens a line, Balance offers the difference, Save and New, then Duplicate", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpAndSignIn(page);
    const dialog = await openNewEntry(page);
    await dialog.getByLabel("Description", { exact: true }).fill("Flour and sugar");
    await dialog.getByLabel("Entry date", { exact: true }).fill("2026-03-02");
    await pickAccount(dialog, 1, "5000 Cost of Goods Sold");
    await dialog.getByLabel("Line 1 debit").fill("1,234.56");
    await pickAccount(dialog, 2, "1000 Cash");
    await dialog.getByLabel("Line 2 credit").fill("1,000");
    await expect(dialog.getByText("Difference: $234.56.")).toBeVisible();

    // Tab from the last credit while the entry does not balance: a third line, its account focused.
    await dialog.getByLabel("Line 2 credit").focus();
    await page.keyboard.press("Tab");
    await expect(dialog.getByTestId("entry-line")).toHaveCount(3);
    await expect(dialog.getByRole("combobox", { name: "Line 3 account" })).toBeFocused();
    await page.keyboard.type("2000");
    await dialog.getByRole("option", { name: "2000 Accounts Payable", exact: true }).click();

    // The remaining difference, offered for the last line, lands on its credit.
    await dialog.getByRole("button", { name: "Balance with a credit of $234.56" }).click();
    await expect(dialog.getByLabel("Line 3 credit")).toHaveValue("234.56");
    await expect(dialog.getByTestId("total-debit")).toHaveText("$1,234.56");
    await expect(dialog.getByTestId("total-credit")).toHaveText("$1,234.56");

    // Save and New: saved, the dialog stays open on a blank entry of the same date, its description focused.
    await dialog.getByRole("button", { name: "Save and New" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Journal entry saved successfully" }).first()).toBeVisible();
    await expect(dialog.getByLabel("Description", { exact: true })).toHaveValue("");
    await expect(dialog.getByLabel("Description", { exact: true })).toBeFocused();
    await expect(dialog.getByLabel("Entry date", { exact: true })).toHaveValue("2026-03-02");
    await expect(dialog.getByTestId("entry-line")).toHaveCount(2);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    const rows = page.getByTestId("entry-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("$1,234.56");

    // Duplicate: a new entry with the same description, reference and lines, dated today.
    const number = (await rows.first().locator("td").first().innerText()).trim();
    await page.getByRole("button", { name: `View ${number}`, exact: true }).click();
    await page
      .getByRole("dialog", { name: `Journal Entry ${number}` })
      .getByRole("button", { name: "Duplicate" })
      .click();
    const copy = page.getByRole("dialog", { name: "New Journal Entry" });
    await expect(copy.getByLabel("Description", { exact: true })).toHaveValue("Flour and sugar");
    await expect(copy.getByTestId("entry-line")).toHaveCount(3);
    await expect(copy.getByLabel("Line 3 credit")).toHaveValue("234.56");
    await expect(copy.getByLabel("Entry date", { exact: true })).not.toHaveValue("2026-03-02");
    await copy.getByRole("button", { name: "Save Draft" }).click();
    await expect(copy).toBeHidden();
    await expect(rows).toHaveCount(2);
  });
});
