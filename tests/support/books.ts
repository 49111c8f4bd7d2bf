import type { TestApp } from "./test-app.ts";

/** Where the books of an organization live in the API. */
export const booksPath = (organizationId: number) => `/api/accounting/orgs/${organizationId}`;

/**
 * The API path of a user's first organization's books (created on first use, as the app does when the books are
 * first opened). Each call asks the server again until it has answered once for this cookie.
 */
export function firstBooks(t: Pick<TestApp, "request">) {
  const known = new Map<string, string>();
  return async (cookie: string | undefined): Promise<string> => {
    if (!cookie) return booksPath(1);
    const hit = known.get(cookie);
    if (hit) return hit;
    const res = await t.request("/api/accounting/orgs", { cookie });
    if (!res.ok) return booksPath(1);
    const { organizations } = (await res.json()) as { organizations: { id: number }[] };
    const path = booksPath(organizations[0]!.id);
    known.set(cookie, path);
    return path;
  };
}
