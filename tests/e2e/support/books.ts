import type { Page } from "@playwright/test";

/** The API path of the signed-in user's first organization's books (`/api/accounting/orgs/:id`). */
export async function booksApi(page: Page): Promise<string> {
  const res = await page.request.get("/api/accounting/orgs");
  if (!res.ok()) throw new Error(`organizations: ${res.status()}`);
  const { organizations } = (await res.json()) as { organizations: { id: number }[] };
  return `/api/accounting/orgs/${organizations[0]!.id}`;
}
