import { expect, type Page } from "@playwright/test";

/** The API path of the signed-in user's first organization's books (`/api/accounting/orgs/:id`). */
export async function booksApi(page: Page): Promise<string> {
  const res = await page.request.get("/api/accounting/orgs");
  if (!res.ok()) throw new Error(`organizations: ${res.status()}`);
  const { organizations } = (await res.json()) as { organizations: { id: number }[] };
  return `/api/accounting/orgs/${organizations[0]!.id}`;
}

export type BooksSection =
  | "Home"
  | "Chart of Accounts"
  | "Journal Entries"
  | "Recurring entries"
  | "Bank"
  | "Tax"
  | "Tax return"
  | "Questions"
  | "Reports"
  | "Opening balances"
  | "Members"
  | "Closing"
  | "Import and export";

/** Opens a section of the books from their navigation and waits until it is the page shown. */
export async function openBooksSection(page: Page, name: BooksSection): Promise<void> {
  const link = page.getByRole("navigation", { name: "Accounting sections" }).getByRole("link", { name, exact: true });
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
}
