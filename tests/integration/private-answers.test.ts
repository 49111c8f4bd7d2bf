import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { apiRoutes } from "../support/route-table.ts";

/** A value for each path parameter: the user's own organization where one is needed, else an id of nothing. */
function fill(path: string, orgId: string): string {
  const values: Record<string, string> = { orgId, type: "trial-balance", key: "hero_title" };
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? "00000000-0000-4000-8000-000000000000"));
}

describe("private answers are never stored", () => {
  let t: TestApp;
  let admin: TestUser;
  let client: TestUser;
  let orgId: string;
  beforeAll(async () => {
    t = await createTestApp({ MAIL_CATCHER: "1" });
    admin = await createSignedInUser(t, { role: "admin" });
    client = await createSignedInUser(t);
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: client.cookie })).json()) as { organizations: { id: string }[] };
    orgId = orgs.organizations[0]!.id;
  });
  afterAll(() => t.close());

  it("every GET route of the API answers a signed-in user with Cache-Control: private, no-store", async () => {
    const routes = apiRoutes(t.app).filter((r) => r.method === "GET");
    expect(routes.length).toBeGreaterThan(25);
    // The auth library's own GET endpoints sit behind one catch-all route: the ones a signed-in browser reads.
    const paths = [...routes.map((r) => fill(r.path, orgId)), "/api/auth/get-session", "/api/auth/list-sessions"];
    const missing: string[] = [];
    for (const path of paths) {
      // The books are the client's (their own organization); everything else is asked by an admin, who reaches most.
      const res = await t.request(path, { cookie: path.startsWith("/api/accounting/") ? client.cookie : admin.cookie });
      if (res.headers.get("cache-control") !== "private, no-store")
        missing.push(`${path} (${res.status}): ${res.headers.get("cache-control")}`);
    }
    expect(missing).toEqual([]);
  });

  it("refusals and unknown API paths are not stored either", async () => {
    for (const res of [
      await t.request("/api/account/sessions"),
      await t.request("/api/firm/leads", { cookie: (await createSignedInUser(t)).cookie }),
      await t.request("/api/no-such-route", { cookie: admin.cookie }),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});
