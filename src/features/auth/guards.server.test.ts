import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv, SessionUser } from "~/server/context.ts";
import { requireRole, requireUser, signedIn, withRole } from "./guards.server.ts";

function appAs(user: SessionUser | null) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("user", user);
    await next();
  });
  app.get("/me", (c) => c.json({ id: requireUser(c).id }));
  app.get("/staff", (c) => c.json({ id: requireRole(c, "staff", "admin").id }));
  app.get("/mw", signedIn, (c) => c.text("ok"));
  app.get("/admin", withRole("admin"), (c) => c.text("ok"));
  return app;
}

const user = (role: SessionUser["role"]): SessionUser => ({
  id: `u-${role}`,
  email: `${role}@example.com`,
  name: role,
  emailVerified: true,
  role,
});

describe("auth guards", () => {
  it("answers 401 JSON without a user", async () => {
    const app = appAs(null);
    for (const path of ["/me", "/staff", "/mw", "/admin"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({ error: "Not authenticated" });
    }
  });

  it("checks roles on the server", async () => {
    expect((await appAs(user("client")).request("/staff")).status).toBe(403);
    expect((await appAs(user("client")).request("/admin")).status).toBe(403);
    expect((await appAs(user("staff")).request("/admin")).status).toBe(403);
    const staff = await appAs(user("staff")).request("/staff");
    expect(staff.status).toBe(200);
    expect(await staff.json()).toEqual({ id: "u-staff" });
    expect((await appAs(user("admin")).request("/admin")).status).toBe(200);
    expect((await appAs(user("client")).request("/me")).status).toBe(200);
    expect((await appAs(user("client")).request("/mw")).status).toBe(200);
  });
});
