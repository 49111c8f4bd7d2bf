import { sql } from "drizzle-orm";
import type { TestApp, TestUser } from "./test-app.ts";
import type { Json, ValidRequest } from "./api-requests.ts";

/*
 * The monthly commentary in the route catalogue (api-requests.ts): in the fixtures' books, whose admin is an owner on
 * the firm's side, a draft to review (its last writer set to another of the books' members: a review is another's), a
 * reviewed one to publish and a published one to withdraw.
 */

export interface CommentaryFixtures {
  /** A month to write (no commentary yet), a draft, a reviewed and a published commentary's months. */
  write: string;
  draft: string;
  reviewed: string;
  published: string;
}

export function commentaryBody(headline = "Revenue grew to {{revenue}}"): Json {
  return {
    headline,
    changes: "Sales rose: {{revenue:change_month}} on September.\nCash at the end of the month: {{cash}}.",
    actions: "Keep {{account:1000:balance}} in the bank for the payroll.",
  };
}

export async function createCommentaryFixtures(t: TestApp, admin: TestUser, other: TestUser, orgId: number): Promise<CommentaryFixtures> {
  const books = `/api/accounting/orgs/${orgId}/commentary`;
  const call = async (path: string, json?: Json) => {
    const res = await t.request(`${books}/${path}`, { cookie: admin.cookie, ...(json ? { method: "PUT", json } : { method: "POST" }) });
    if (!res.ok) throw new Error(`commentary fixture ${path}: ${res.status} ${await res.text()}`);
  };
  const f: CommentaryFixtures = { write: "2026-02", draft: "2026-03", reviewed: "2026-04", published: "2026-05" };
  for (const month of [f.draft, f.reviewed, f.published]) {
    await call(month, commentaryBody(`Fixture ${month}`));
    // Written last by another member of the books, so that the admin may review it.
    await t.ctx.db.execute(
      sql`update monthly_commentaries set written_by = ${other.id} where organization_id = ${orgId} and month = ${`${month}-01`}::date`,
    );
  }
  for (const month of [f.reviewed, f.published]) await call(`${month}/review`);
  await call(`${f.published}/publish`);
  return f;
}

export function commentaryRequests(orgId: () => number, c: () => CommentaryFixtures): ValidRequest[] {
  const at = (key: keyof CommentaryFixtures) => ({ orgId: () => String(orgId()), month: () => c()[key] });
  const base = "/api/accounting/orgs/:orgId/commentary";
  return [
    { method: "GET", path: base, params: { orgId: () => String(orgId()) } },
    { method: "GET", path: `${base}/:month`, params: at("published") },
    { method: "PUT", path: `${base}/:month`, params: at("write"), body: () => commentaryBody() },
    { method: "POST", path: `${base}/:month/review`, params: at("draft") },
    { method: "POST", path: `${base}/:month/publish`, params: at("reviewed") },
    { method: "POST", path: `${base}/:month/withdraw`, params: at("published") },
  ];
}
