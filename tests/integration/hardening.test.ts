import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT_BYPASSES } from "../support/redirect-bypasses.ts";
import { createSignedInUser, createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app.ts";
import { firstBooks } from "../support/books.ts";

/** Where a redirect answer sends the browser, resolved as the browser would. */
function redirectOrigin(res: Response): string | null {
  const location = res.headers.get("location");
  return location === null ? null : new URL(location, TEST_ORIGIN).origin;
}

describe("redirect targets the auth library takes from a request", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses every bypass in the verification link's callbackURL before the library sees it", async () => {
    for (const target of REDIRECT_BYPASSES.filter(Boolean)) {
      const res = await t.request(`/api/auth/verify-email?token=bad&callbackURL=${encodeURIComponent(target)}`, { redirect: "manual" });
      expect(res.status, target).toBe(400);
      expect(redirectOrigin(res), target).toBeNull();
      const body = (await res.json()) as { code: string; fields: Record<string, string> };
      expect(body.code).toBe("INVALID_REDIRECT");
      expect(body.fields.callbackURL).toMatch(/path on this site/);
    }
  });

  it("sends a bad verification token to the site's own callback", async () => {
    const res = await t.request(`/api/auth/verify-email?token=bad&callbackURL=${encodeURIComponent("/login?verified=1")}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(redirectOrigin(res)).toBe(TEST_ORIGIN);
    expect(res.headers.get("location")).toMatch(/^\/login\?verified=1/);
  });

  it("refuses bypasses in redirectTo, callbackURL, errorCallbackURL and newUserCallbackURL of JSON bodies, whatever the key's case", async () => {
    const cases: [string, Record<string, unknown>][] = [
      ["/api/auth/request-password-reset", { email: "someone@example.com" }],
      ["/api/auth/sign-in/email", { email: "someone@example.com", password: "whatever-password" }],
      ["/api/auth/send-verification-email", { email: "someone@example.com" }],
      ["/api/auth/sign-in/social", { provider: "google" }],
    ];
    const fields = ["redirectTo", "callbackURL", "errorCallbackURL", "newUserCallbackURL", "CALLBACKURL"];
    for (const [path, base] of cases) {
      for (const field of fields) {
        for (const target of [
          "/.//evil.example",
          "/..//evil.example",
          "/a/..//evil.example",
          "https://evil.example",
          "/\\evil.example",
          "/%2F%2Fevil.example",
        ]) {
          const res = await t.request(path, { json: { ...base, [field]: target }, redirect: "manual" });
          expect(res.status, `${path} ${field}=${target}`).toBe(400);
          expect(redirectOrigin(res)).toBeNull();
        }
      }
    }
  });

  it("passes a local target on in its normalised form", async () => {
    const res = await t.request(`/api/auth/verify-email?token=bad&callbackURL=${encodeURIComponent("/a/../login?verified=1")}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?verified=1/);
  });
});

describe("redirects the app makes from a request", () => {
  it("sends the newsletter form back to a page of this site, whatever the Referer says", async () => {
    const t = await createTestApp();
    try {
      for (const referer of [
        `${TEST_ORIGIN}//evil.example/x`,
        `${TEST_ORIGIN}/.//evil.example`,
        "https://evil.example/blog",
        `${TEST_ORIGIN}/\\evil.example`,
      ]) {
        const res = await t.request("/api/content/newsletter", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", referer },
          body: "email=not-an-email&source=footer",
          redirect: "manual",
        });
        expect(res.status, referer).toBe(303);
        expect(redirectOrigin(res), referer).toBe(TEST_ORIGIN);
        expect(res.headers.get("location"), referer).toMatch(/^\/\?newsletter=/);
      }
      const ok = await t.request("/api/content/newsletter", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", referer: `${TEST_ORIGIN}/blog?x=1` },
        body: "email=not-an-email&source=footer",
        redirect: "manual",
      });
      expect(ok.headers.get("location")).toMatch(/^\/blog\?newsletter=/);
    } finally {
      await t.close();
    }
  });
});

describe("logs", () => {
  it("carry no value a request sent, even when the request fails", async () => {
    const lines: string[] = [];
    const t = await createTestApp({}, { logLines: lines });
    const secretName = "Zebulon-Quixote-7731";
    const secretEmail = "private-person-5521@example.com";
    const longTarget = `/${"x".repeat(20_000)}`;
    try {
      const user = await createSignedInUser(t, { email: secretEmail, firstName: secretName });
      // A redirect target the library would have logged verbatim.
      await t.request("/api/auth/request-password-reset", {
        json: { email: secretEmail, redirectTo: `https://evil.example/${secretName}` },
      });
      await t.request(`/api/auth/verify-email?token=${secretName}&callbackURL=${encodeURIComponent(longTarget)}`);
      // Text with NUL characters and a value the database refuses.
      await t.request("/api/leads/contact", {
        json: {
          firstName: `${secretName}\u0000`,
          lastName: "X",
          email: secretEmail,
          message: `${secretName} message \u0000`,
          formToken: "x",
        },
      });
      const books = await firstBooks(t)(user.cookie);
      await t.request(`${books}/accounts`, {
        cookie: user.cookie,
        json: { code: "9999", name: `${secretName}\u0000`, type: "asset" },
      });
      // The database goes away while requests carry personal data.
      await t.testDb.database.close();
      await t.request("/api/leads/contact", {
        json: { firstName: secretName, lastName: "X", email: secretEmail, message: `${secretName} says hello`, formToken: "x" },
      });
      await t.request(`${books}/accounts`, { cookie: user.cookie, json: { code: "9998", name: secretName, type: "asset" } });
      await t.request(`${books}/accounts`, { cookie: user.cookie });
    } finally {
      await t.ctx.mail.stop();
    }
    const log = lines.join("");
    expect(lines.length).toBeGreaterThan(0);
    expect(log).toContain("database unavailable");
    for (const value of [secretName, secretEmail, "evil.example", "x".repeat(100)]) expect(log).not.toContain(value);
  });
});

describe("when the database cannot be reached", () => {
  it("answers 503 with Retry-After and a message saying so, never 500", async () => {
    const t = await createTestApp();
    const user = await createSignedInUser(t);
    const books = await firstBooks(t)(user.cookie);
    await t.testDb.database.close();
    try {
      const answers = await Promise.all([
        t.request(`${books}/accounts`, { cookie: user.cookie }),
        t.request(`${books}/entries`, { cookie: user.cookie }),
        t.request("/api/leads/contact", {
          json: { firstName: "A", lastName: "B", email: "a@example.com", message: "Hello there, this is a message.", formToken: "x" },
        }),
        t.request("/api/content/newsletter", { json: { email: "a@example.com", source: "footer" } }),
        t.request("/api/calculators/submissions", { cookie: user.cookie }),
      ]);
      for (const res of answers) {
        expect(res.status, res.url).toBe(503);
        expect(res.headers.get("retry-after")).toBe("5");
        const body = (await res.json()) as { error: string; code: string };
        expect(body.code).toBe("UNAVAILABLE");
        expect(body.error).toMatch(/temporarily unavailable/i);
      }
    } finally {
      await t.ctx.mail.stop();
    }
  });
});
