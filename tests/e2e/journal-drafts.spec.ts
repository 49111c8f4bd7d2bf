import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { openBooksSection, booksApi } from "./support/books.ts";
import { shot } from "./support/shots.ts";

// A mistaken draft is deleted (asked first); several drafts are posted together, and the one that could not be is
// named with its reason. At a desktop's width and a phone's.

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

async function drafts(page: Page, descriptions: string[]) {
  const books = await booksApi(page);
  const headers = { origin: process.env.E2E_BASE_URL! };
  const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const id = (code: string) => accounts.find((a) => a.account_code === code)!.id;
  const made: { id: number; entry_number: string }[] = [];
  for (const [i, description] of descriptions.entries()) {
    const res = await page.request.post(`${books}/entries`, {
      headers,
      data: {
        description,
        entry_date: `2026-03-0${i + 1}`,
        lines: [
          { account_id: id("6000"), debit_amount: 100 * (i + 1), credit_amount: 0 },
          { account_id: id("1000"), debit_amount: 0, credit_amount: 100 * (i + 1) },
        ],
      },
    });
    expect(res.status()).toBe(201);
    made.push(((await res.json()) as { entry: { id: number; entry_number: string } }).entry);
  }
  return { books, made, headers };
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`drafts at ${viewport.width} px: delete one after asking, post several together, the one that could not be is named`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const { books, made, headers } = await drafts(page, ["Flour delivery", "Oven repair", "Typed twice by mistake"]);
    const [flour, oven, mistake] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    await page.goto(books.replace("/api/accounting/orgs", "/accounting"));
    await openBooksSection(page, "Journal Entries");
    await page.getByRole("link", { name: "Drafts (3)" }).click();
    const rows = page.getByTestId("entry-row");
    await expect(rows).toHaveCount(3);

    // Delete asks first, naming the draft; afterwards it is gone from the list.
    await page.getByRole("button", { name: `Delete ${mistake.entry_number}` }).click();
    const ask = page.getByRole("alertdialog", { name: `Delete ${mistake.entry_number}?` });
    await expect(ask).toContainText("“Typed twice by mistake” for $300.00");
    await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await ask.getByRole("button", { name: "Delete Draft" }).click();
    await expect(toast(page, "Draft deleted")).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Drafts (2)" })).toBeVisible();

    // Both remaining drafts chosen; meanwhile someone else posts one of them.
    await page.getByRole("checkbox", { name: `Select ${flour.entry_number} to post` }).check();
    await page.getByRole("checkbox", { name: `Select ${oven.entry_number} to post` }).check();
    expect((await page.request.post(`${books}/entries/${oven.id}/post`, { headers })).status()).toBe(200);
    await page.getByRole("button", { name: "Post selected (2)" }).click();
    const askPost = page.getByRole("alertdialog", { name: "Post 2 drafts?" });
    await expect(askPost).toContainText("Flour delivery");
    await expect(askPost).toContainText("Oven repair");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "journal-post-chosen", { fullPage: false });
    await askPost.getByRole("button", { name: "Post Entries" }).click();
    await expect(toast(page, "1 entry posted")).toBeVisible();
    const notPosted = page.getByRole("status").filter({ hasText: "Not posted:" });
    await expect(notPosted).toContainText(`${oven.entry_number}: Only draft entries can be posted`);
    await expect(page.getByRole("link", { name: "Drafts (0)" })).toBeVisible();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(viewport.width);
    await shot(page, "journal-after-post");
  });
}
