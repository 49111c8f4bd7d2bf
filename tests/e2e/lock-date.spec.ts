import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { pickAccount } from "./support/entry-form.ts";
import { expectOnTop } from "./support/on-top.ts";
import { shot } from "./support/shots.ts";

// January is closed: the bookkeeper locks the books up to January 31 with a reason; an entry dated in January is
// refused, the date field saying why; a February date saves; then the books are unlocked, again with a reason.

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const LOCKED = "The books are locked up to 2026-01-31 (January 2026 closed): choose a later date";

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`lock date at ${viewport.width} px: set with a reason, a January entry refused on its date, unlocked with a reason`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const orgPath = (await booksApi(page)).replace("/api/accounting/orgs", "/accounting");
    await page.goto(orgPath);
    await openBooksSection(page, "Closing");
    const status = page.getByTestId("lock-status");
    await expect(status).toHaveText("The books are not locked");

    // The reason is required (typed again until the page has hydrated).
    const lockForm = page.getByRole("form", { name: "Lock the books" });
    await expect(async () => {
      await lockForm.getByLabel("Lock date").fill("2026-01-31");
      await lockForm.getByRole("button", { name: "Set lock date" }).click();
      await expect(lockForm.getByText("Reason is required")).toBeVisible({ timeout: 2000 });
    }).toPass();
    await lockForm.getByLabel("Reason").fill("January closed and filed");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    const set = lockForm.getByRole("button", { name: "Set lock date" });
    await expectOnTop(set);
    await set.click();
    await expect(toast(page, "Books locked up to 2026-01-31")).toBeVisible();
    await expect(status).toContainText("Locked up to 2026-01-31");
    await expect(status).toContainText("January closed and filed");
    await shot(page, "lock-closing");

    // An entry dated in January is refused: the date field says why; a February date saves.
    await openBooksSection(page, "Journal Entries");
    await page.getByRole("button", { name: "New Entry" }).click();
    const dialog = page.getByRole("dialog", { name: "New Journal Entry" });
    await dialog.getByLabel("Description", { exact: true }).fill("January rent");
    const date = dialog.getByLabel("Entry date");
    await date.fill("2026-01-15");
    await pickAccount(dialog, 1, "6000 Rent Expense");
    await dialog.getByLabel("Line 1 debit").fill("500");
    await pickAccount(dialog, 2, "1000 Cash");
    await dialog.getByLabel("Line 2 credit").fill("500");
    await dialog.getByRole("button", { name: "Save Draft" }).click();
    await expect(dialog.getByText(LOCKED)).toBeVisible();
    await expect(date).toHaveAttribute("aria-invalid", "true");
    await shot(page, "lock-refused");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await date.fill("2026-02-02");
    await expect(dialog.getByText(LOCKED)).toBeHidden();
    await dialog.getByRole("button", { name: "Save Draft" }).click();
    await expect(toast(page, "Journal entry saved successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    // Unlocking needs a reason too; the history keeps both changes.
    await openBooksSection(page, "Closing");
    const unlockForm = page.getByRole("form", { name: "Unlock the books" });
    await unlockForm.getByRole("button", { name: "Unlock" }).click();
    await expect(unlockForm.getByText("Reason is required")).toBeVisible();
    await unlockForm.getByLabel("Reason for unlocking").fill("Auditor's adjustment to January");
    await unlockForm.getByRole("button", { name: "Unlock" }).click();
    await expect(toast(page, "Books unlocked")).toBeVisible();
    await expect(status).toHaveText("The books are not locked");
    const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText("Unlocked");
    await expect(history.first()).toContainText("Auditor's adjustment to January");
    await expect(history.nth(1)).toContainText("Locked up to 2026-01-31");
  });
}
