import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/**
 * A default start (no PUBLIC_URL) is this machine's site under each of its names: opened at 127.0.0.1 or [::1]
 * instead of localhost, sign-in works (the app's Origin check, the auth library's own, the cookie). A write from
 * any other origin is refused with a message that names the site's address and PUBLIC_URL.
 */

describe("site origins on a default start (PUBLIC_URL not set)", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "", PORT: "3000" });
    user = await createSignedInUser(t);
  });
  afterAll(() => t?.close());

  for (const origin of ["http://127.0.0.1:3000", "http://[::1]:3000"]) {
    it(`signs in, is signed in and signs out from ${origin}`, async () => {
      const signIn = await t.request("/api/auth/sign-in/email", {
        headers: { origin },
        json: { email: user.email, password: user.password, callbackURL: "/portal" },
      });
      expect(signIn.status).toBe(200);
      const setCookies = signIn.headers.getSetCookie();
      expect(setCookies.length).toBeGreaterThan(0);
      // Host-only cookies without Secure: the browser sends them back to http://127.0.0.1:3000.
      for (const c of setCookies) expect(c).not.toMatch(/;\s*(domain|secure)\b/i);
      const cookie = cookieFrom(signIn);

      const session = await t.request("/api/auth/get-session", { cookie });
      expect(((await session.json()) as { user: { email: string } }).user.email).toBe(user.email);

      // A write of the portal, and the auth library's sign-out (it checks the Origin of a request with cookies).
      const profile = await t.request("/api/account/profile", {
        headers: { origin },
        cookie,
        json: { firstName: "Loop", lastName: "Back", companyName: "Local" },
      });
      expect(profile.status).toBe(200);
      const signOut = await t.request("/api/auth/sign-out", { headers: { origin }, cookie, json: {} });
      expect(signOut.status).toBe(200);
    });
  }

  it("refuses a write from another origin, naming the site's address and PUBLIC_URL", async () => {
    const res = await t.request("/api/auth/sign-in/email", {
      headers: { origin: "http://192.168.1.20:3000" },
      json: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: "Cross-site request refused: this site's address is http://localhost:3000 (PUBLIC_URL)",
      code: "CROSS_SITE",
    });
  });
});

describe("site origins with PUBLIC_URL set", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://www.example.com", PORT: "3000" });
  });
  afterAll(() => t?.close());

  it("accepts only PUBLIC_URL's origin: a loopback name is refused with a message naming PUBLIC_URL", async () => {
    const res = await t.request("/api/auth/sign-in/email", {
      headers: { origin: "http://127.0.0.1:3000" },
      json: { email: "someone@example.com", password: "correct-horse-battery-staple" },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe(
      "Cross-site request refused: this site's address is https://www.example.com (PUBLIC_URL)",
    );
    const own = await t.request("/api/auth/sign-in/email", {
      headers: { origin: "https://www.example.com" },
      json: { email: "someone@example.com", password: "correct-horse-battery-staple" },
    });
    expect(own.status).toBe(401);
  });
});
