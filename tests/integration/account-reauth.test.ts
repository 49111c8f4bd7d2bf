import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createSignedInUser, createTestApp, type TestApp } from "../support/test-app.ts";
import { ageSessions, enrolTwoFactor, totp } from "../support/two-factor.ts";

async function codeOf(res: Response) {
  return ((await res.json()) as { code: string; fields?: Record<string, string> }).code;
}

describe("account: re-authentication for sensitive changes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.execute(sql`delete from rate_limits`);
  });

  it("a fresh sign-in changes the email at once", async () => {
    const user = await createSignedInUser(t);
    const res = await t.request("/api/auth/change-email", { cookie: user.cookie, json: { newEmail: `new-${user.email}` } });
    expect(res.status).toBe(200);
  });

  it("over 10 minutes after sign-in: email, password, two-factor and deletion are refused until the password is entered again", async () => {
    const user = await createSignedInUser(t);
    await ageSessions(t, user.id, 11);
    const attempts = [
      () => t.request("/api/auth/change-email", { cookie: user.cookie, json: { newEmail: `other-${user.email}` } }),
      () =>
        t.request("/api/auth/change-password", {
          cookie: user.cookie,
          json: { currentPassword: user.password, newPassword: "another-long-passphrase-42" },
        }),
      () => t.request("/api/auth/two-factor/enable", { cookie: user.cookie, json: { password: user.password } }),
      () => t.request("/api/account/delete", { cookie: user.cookie, json: {} }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(401);
      expect(await codeOf(res)).toBe("REAUTH_REQUIRED");
    }
    // 9 minutes is still recent.
    await ageSessions(t, user.id, 9);
    expect((await attempts[0]!()).status).toBe(200);
    await ageSessions(t, user.id, 11);

    const wrong = await t.request("/api/account/reauthenticate", { cookie: user.cookie, json: { password: "not-the-password" } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields.password).toBe("Your password is not correct");
    expect((await attempts[0]!()).status).toBe(401);

    const ok = await t.request("/api/account/reauthenticate", { cookie: user.cookie, json: { password: user.password } });
    expect(ok.status).toBe(200);
    expect((await attempts[0]!()).status).toBe(200);
    expect((await attempts[1]!()).status).toBe(200);
  });

  it("with two-factor on, re-authentication needs a code too, each accepted once", async () => {
    const user = await enrolTwoFactor(t, await createSignedInUser(t));
    await ageSessions(t, user.id, 11);
    const change = () => t.request("/api/auth/change-email", { cookie: user.cookie, json: { newEmail: `x-${user.email}` } });
    expect(await codeOf(await change())).toBe("REAUTH_REQUIRED");

    const noCode = await t.request("/api/account/reauthenticate", { cookie: user.cookie, json: { password: user.password } });
    expect(noCode.status).toBe(400);
    expect(await codeOf(noCode)).toBe("CODE_REQUIRED");
    expect((await change()).status).toBe(401);

    const code = totp(user.secret, Date.now(), 1);
    const ok = await t.request("/api/account/reauthenticate", { cookie: user.cookie, json: { password: user.password, code } });
    expect(ok.status).toBe(200);
    expect((await change()).status).toBe(200);

    await ageSessions(t, user.id, 11);
    const reused = await t.request("/api/account/reauthenticate", { cookie: user.cookie, json: { password: user.password, code } });
    expect(reused.status).toBe(400);
    expect((await change()).status).toBe(401);

    const backup = await t.request("/api/account/reauthenticate", {
      cookie: user.cookie,
      json: { password: user.password, code: user.backupCodes[0] },
    });
    expect(backup.status).toBe(200);
    expect((await change()).status).toBe(200);
  });

  it("tries are throttled per user", async () => {
    const user = await createSignedInUser(t);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await t.request("/api/account/reauthenticate", { cookie: user.cookie, json: { password: "wrong-password-x" } })).status;
    }
    expect(last).toBe(429);
  });
});
