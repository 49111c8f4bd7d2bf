import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { pickAccount } from "./support/entry-form.ts";
import { shot } from "./support/shots.ts";

// A client sets up the monthly rent on the last day of the month, starting three months ago: the drafts of the months
// already passed are made at once and wait in the journal; the schedule is paused, resumed and changed to post the
// entries; an entry of the journal is made recurring; deleting the schedule leaves its entries in the journal.

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** The last day of the month `offset` months from this one (UTC, the server's calendar). */
const lastDayOf = (offset: number) => {
  const now = new Date();
  return iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0)));
};

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`recurring rent at ${viewport.width} px: runs already due made at once, paused, resumed, edited, made from an entry, deleted`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const now = new Date();
    const today = iso(now);
    const start = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1)));
    // The last days from three months ago to this month's: those up to today are due now, the others come next.
    const lastDays = [-3, -2, -1, 0, 1, 2, 3].map(lastDayOf);
    const due = lastDays.filter((d) => d <= today);
    const next = lastDays.filter((d) => d > today).slice(0, 3);

    const orgPath = (await booksApi(page)).replace("/api/accounting/orgs", "/accounting");
    await page.goto(orgPath);
    await openBooksSection(page, "Recurring entries");
    await expect(page.getByRole("heading", { name: "Recurring entries" })).toBeVisible();
    await expect(page.getByText("No recurring entries yet.")).toBeVisible();

    // The new schedule: the rent, 1,500.00 from Cash to Rent Expense, monthly on the last day, from three months ago.
    const dialog = page.getByRole("dialog", { name: "New recurring entry" });
    await expect(async () => {
      await page.getByRole("button", { name: "New recurring entry" }).click();
      await expect(dialog).toBeVisible({ timeout: 2000 });
    }).toPass();
    await dialog.getByLabel("Description", { exact: true }).fill("Office rent");
    await dialog.getByLabel("Reference (optional)").fill("LEASE-7");
    await pickAccount(dialog, 1, "6000 Rent Expense");
    await dialog.getByLabel("Line 1 debit").fill("1,500.00");
    await pickAccount(dialog, 2, "1000 Cash");
    await dialog.getByLabel("Line 2 credit").fill("1500");
    await expect(dialog.getByTestId("total-credit")).toHaveText("$1,500.00");
    await expect(dialog.getByLabel("Frequency")).toHaveValue("monthly");
    await dialog.getByLabel("Day of the month").selectOption({ label: "Last day of the month" });
    await dialog.getByLabel("Start date").fill(start);
    const preview = dialog.getByTestId("schedule-preview");
    await expect(preview).toContainText(`Next runs: ${next.join(", ")}`);
    await expect(preview).toContainText(
      `${due.length} runs are already due (${due[0]} to ${due.at(-1)}): ${due.length} drafts will be made at once when you save.`,
    );
    await expect(dialog.getByLabel("Post each entry automatically (otherwise each is saved as a draft to review)")).not.toBeChecked();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "recurring-dialog");
    await dialog.getByRole("button", { name: "Save recurring entry" }).click();
    await expect(toast(page, "Recurring entry saved")).toContainText(`${due.length} drafts made for the dates already due.`);
    await expect(dialog).toBeHidden();

    const row = page.getByTestId("recurring-row").filter({ hasText: "Office rent" });
    await expect(row).toContainText("Monthly on the last day");
    await expect(row).toContainText(`from ${start}`);
    await expect(row).toContainText("$1,500.00");
    await expect(row).toContainText("Creates drafts");
    await expect(row).toContainText("Active");
    await expect(row).toContainText(next[0]!);
    await expect(row).toContainText(`then ${next.slice(1).join(", ")}`);
    await expect(row.getByRole("cell").nth(6)).toHaveText(new RegExp(`${due.length}$`));
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "recurring-list");

    // The journal holds the drafts made, dated the last days of the months passed.
    await openBooksSection(page, "Journal Entries");
    await page.getByRole("link", { name: `Drafts (${due.length})` }).click();
    const entries = page.getByTestId("entry-row");
    await expect(entries).toHaveCount(due.length);
    for (const [i, date] of [...due].reverse().entries()) {
      await expect(entries.nth(i)).toContainText(date);
      await expect(entries.nth(i)).toContainText("Office rent");
      await expect(entries.nth(i)).toContainText("$1,500.00");
    }

    // Pause, then resume: no date passed meanwhile, the next run stays.
    await openBooksSection(page, "Recurring entries");
    await row.getByRole("button", { name: "Pause Office rent" }).click();
    await expect(toast(page, "Recurring entry paused")).toBeVisible();
    await expect(row).toContainText("Paused");
    await expect(row).toContainText("None while paused");
    await row.getByRole("button", { name: "Resume Office rent" }).click();
    await expect(toast(page, "Recurring entry resumed")).toContainText(`The next run is on ${next[0]}`);
    await expect(row).toContainText("Active");
    await expect(row.getByRole("button", { name: "Pause Office rent" })).toBeVisible();

    // Edited: 1,600.00 from now on, each entry posted. Nothing is due again: the runs made stay as they were.
    await row.getByRole("button", { name: "Edit Office rent" }).click();
    const edit = page.getByRole("dialog", { name: "Edit recurring entry" });
    await expect(edit.getByLabel("Description", { exact: true })).toHaveValue("Office rent");
    await expect(edit.getByLabel("Day of the month")).toHaveValue("31");
    await expect(edit.getByLabel("Start date")).toHaveValue(start);
    await edit.getByLabel("Line 1 debit").fill("1,600.00");
    await edit.getByLabel("Line 2 credit").fill("1,600.00");
    await edit.getByLabel("Post each entry automatically (otherwise each is saved as a draft to review)").check();
    await expect(edit.getByTestId("schedule-preview")).toHaveText(`Next runs: ${next.join(", ")}`);
    await edit.getByRole("button", { name: "Save recurring entry" }).click();
    await expect(toast(page, "Recurring entry saved")).toContainText(`The next run is on ${next[0]}.`);
    await expect(row).toContainText("$1,600.00");
    await expect(row).toContainText("Posts entries");
    await expect(row.getByRole("cell").nth(6)).toHaveText(new RegExp(`${due.length}$`));

    // "Make recurring" from an entry's details opens a new schedule made from it, on its day of the month.
    await openBooksSection(page, "Journal Entries");
    await page
      .getByTestId("entry-row")
      .first()
      .getByRole("button", { name: /^View / })
      .click();
    const details = page.getByRole("dialog", { name: /^Journal Entry JE-/ });
    await details.getByRole("link", { name: "Make recurring" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/recurring\?from=\d+$/);
    const made = page.getByRole("dialog", { name: "New recurring entry" });
    await expect(made.getByLabel("Description", { exact: true })).toHaveValue("Office rent");
    await expect(made.getByLabel("Reference (optional)")).toHaveValue("LEASE-7");
    await expect(made.getByRole("combobox", { name: "Line 1 account" })).toHaveValue("6000 Rent Expense");
    await expect(made.getByLabel("Line 1 debit")).toHaveValue("1500.00");
    await expect(made.getByLabel("Day of the month")).toHaveValue("31");
    await expect(made.getByLabel("Start date")).toHaveValue(lastDays[lastDays.indexOf(due.at(-1)!) + 1]!);
    await made.getByRole("button", { name: "Cancel" }).click();
    const discard = page.getByRole("alertdialog", { name: "Discard this recurring entry?" });
    await discard.getByRole("button", { name: "Discard" }).click();
    await expect(made).toBeHidden();
    await expect(page).toHaveURL(/\/recurring$/);

    // Deleting asks first, and says the entries made stay in the journal.
    await row.getByRole("button", { name: "Delete Office rent" }).click();
    const ask = page.getByRole("alertdialog", { name: "Delete this recurring entry?" });
    await expect(ask).toContainText("“Office rent”, monthly on the last day, for $1,600.00.");
    await expect(ask).toContainText("The entries it already made stay in the journal.");
    await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "recurring-delete");
    await ask.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Recurring entry deleted")).toBeVisible();
    await expect(page.getByText("No recurring entries yet.")).toBeVisible();
    await openBooksSection(page, "Journal Entries");
    await expect(page.getByRole("link", { name: `Drafts (${due.length})` })).toBeVisible();
  });
}
