import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { expectOnTop } from "./support/on-top.ts";
import { shot } from "./support/shots.ts";

// The journal's search lives in the URL: a search is a link that opens the same results, the back button returns to
// the search before, and a bad filter is named at its field while the others still apply.

async function entries(page: Page, books: string, list: { description: string; date: string; reference?: string; expense?: boolean }[]) {
  const headers = { origin: process.env.E2E_BASE_URL! };
  const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const id = (code: string) => accounts.find((a) => a.account_code === code)!.id;
  for (const e of list) {
    const res = await page.request.post(`${books}/entries`, {
      headers,
      data: {
        description: e.description,
        reference: e.reference ?? "",
        entry_date: e.date,
        lines: [
          { account_id: id(e.expense ? "6000" : "1000"), debit_amount: 100, credit_amount: 0 },
          { account_id: id(e.expense ? "1000" : "4000"), debit_amount: 0, credit_amount: 100 },
        ],
      },
    });
    expect(res.status()).toBe(201);
  }
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`journal search at ${viewport.width} px: words, period and account in the URL; back returns; a bad date is named`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const books = await booksApi(page);
    await entries(page, books, [
      { description: "Flour delivery", date: "2026-02-03", reference: "MILL-7", expense: true },
      { description: "Bread sales, week 6", date: "2026-02-08" },
      { description: "Flour delivery", date: "2026-03-03", reference: "MILL-9", expense: true },
      { description: "Bread sales, week 10", date: "2026-03-08" },
    ]);
    const journal = `${books.replace("/api/accounting/orgs", "/accounting")}/journal`;
    await page.goto(journal);
    const rows = page.getByTestId("entry-row");
    await expect(rows).toHaveCount(4);

    // Words: every one must appear (description or reference); the URL carries the search.
    const search = page.getByRole("search", { name: "Search the journal" });
    await search.getByLabel("Search", { exact: true }).fill("flour mill-9");
    await search.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=flour\+mill-9/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("2026-03-03");

    // A period and an account, on top of nothing else: the February expense only.
    await search.getByLabel("Search", { exact: true }).fill("");
    await search.getByLabel("From", { exact: true }).fill("2026-02-01");
    await search.getByLabel("To", { exact: true }).fill("2026-02-28");
    await search.getByLabel("Account", { exact: true }).selectOption({ label: "6000 Rent Expense" });
    await search.getByRole("button", { name: "Search", exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Flour delivery");
    await expect(rows.first()).toContainText("2026-02-03");
    await shot(page, "journal-search");
    await expectNoAxeViolations(page);

    // The URL opens the same results in a fresh page; the back button returns to the word search.
    const shared = page.url();
    await page.goto(shared);
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole("search").getByLabel("From", { exact: true })).toHaveValue("2026-02-01");
    await page.goBack();
    await expect(page).toHaveURL(/[?&]q=flour\+mill-9/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("2026-03-03");
    await expect(page.getByRole("search").getByLabel("Search", { exact: true })).toHaveValue("flour mill-9");

    // A date that is no date is named at its field; the other filters still apply.
    await page.goto(`${journal}?q=bread&from=2026-13-01`);
    await expect(page.getByRole("search").getByText("From must be a date as YYYY-MM-DD")).toBeVisible();
    await expect(page.getByRole("search").getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(rows).toHaveCount(2);

    // Nothing found says so, and the search can be cleared.
    await page.goto(`${journal}?q=croissant`);
    await expect(page.getByText("No entry matches these filters.")).toBeVisible();
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(rows).toHaveCount(4);
    await expectOnTop(page.getByRole("button", { name: "New Entry" }));
  });
}
