import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN, cookieFrom, createTestApp, type TestApp } from "../support/test-app.ts";
import { mailsTo } from "../support/outbox.ts";

const PASSWORD = "Quiet-harbor-lantern-42";
let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}@example.com`;

async function verificationLocation(t: TestApp, email: string) {
  const [mail] = await mailsTo(t.ctx.db, email);
  const link = mail!.text_body.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\S+/)![0];
  const res = await t.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
  expect(res.status).toBe(302);
  return { location: res.headers.get("location"), cookie: cookieFrom(res) };
}

describe("the verification link", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (email: string, callbackURL?: string) =>
    t.request("/api/auth/sign-up/email", {
      json: { email, password: PASSWORD, name: "Dana Whitfield", firstName: "Dana", lastName: "Whitfield", companyName: "", callbackURL },
    });

  it("signs the new client in and carries them on to the page they signed up from", async () => {
    const email = uniqueEmail("from");
    expect((await signUp(email, "/calculators/roi")).status).toBe(200);
    const { location, cookie } = await verificationLocation(t, email);
    expect(location).toBe("/login?verified=1&from=%2Fcalculators%2Froi");
    const session = await t.request("/api/auth/get-session", { cookie });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it("resending keeps the page to return to", async () => {
    const email = uniqueEmail("resend-from");
    await signUp(email, "/calculators/rd-tax-credit");
    const res = await t.request("/api/auth/send-verification-email", { json: { email, callbackURL: "/calculators/rd-tax-credit" } });
    expect(res.status).toBe(200);
    expect((await verificationLocation(t, email)).location).toBe("/login?verified=1&from=%2Fcalculators%2Frd-tax-credit");
  });

  it("never carries the visitor off to a path the site does not choose", async () => {
    const email = uniqueEmail("odd-from");
    // A relative path the auth library lets through, but the link only carries local pages that are not the API.
    expect((await signUp(email, "/api/auth/sign-out")).status).toBe(200);
    expect((await verificationLocation(t, email)).location).toBe("/login?verified=1&from=%2Faccounting");
    // Another site is refused outright: no account, no mail.
    const other = uniqueEmail("evil-from");
    expect((await signUp(other, "https://evil.example/")).status).toBe(400);
    expect(await mailsTo(t.ctx.db, other)).toEqual([]);
  });

  it("a link used a second time goes to the sign-in page with the notice, without a session", async () => {
    const email = uniqueEmail("twice");
    await signUp(email);
    const [mail] = await mailsTo(t.ctx.db, email);
    const link = mail!.text_body.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\S+/)![0].replace(TEST_ORIGIN, "");
    await t.request(link, { redirect: "manual" });
    const again = await t.request(link, { redirect: "manual" });
    expect(again.headers.get("location")).toBe("/login?verified=1&from=%2Faccounting");
    expect(cookieFrom(again)).toBe("");
  });
});
