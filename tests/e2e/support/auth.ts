import { expect, type Locator, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "./mail.ts";

export interface E2eUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

export function newUser(prefix = "user"): E2eUser {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    email: `${prefix}-${id}@example.com`,
    password: `Quiet-harbor-${id}`,
    firstName: "Dana",
    lastName: "Whitfield",
    companyName: `Whitfield Studio ${id}`,
  };
}

function fixtureIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/**
 * Creates an account through the auth API and follows the verification mail's link, which signs the new user in (as it
 * does for a person): the session cookie lands in the page's browser context. One password hash per fixture user, not
 * the three a sign-in before and after the verification would cost.
 */
export async function signUpAndSignIn(page: Page, user: E2eUser = newUser()): Promise<E2eUser> {
  const origin = process.env.E2E_BASE_URL!;
  // Each fixture user comes from its own client address (the server trusts x-forwarded-for in e2e), so the
  // per-IP sign-up and sign-in limits of a whole test run never add up on one address.
  const ip = fixtureIp();
  const headers = { origin, "content-type": "application/json", "x-forwarded-for": ip };
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers,
    data: {
      email: user.email,
      password: user.password,
      name: `${user.firstName} ${user.lastName}`,
      firstName: user.firstName,
      lastName: user.lastName,
      companyName: user.companyName,
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const mail = await waitForMail(user.email, (m) => /verify/i.test(m.subject));
  const verify = await page.request.get(linkIn(mail), { headers: { "x-forwarded-for": ip }, maxRedirects: 0 });
  expect(verify.status(), await verify.text()).toBeLessThan(400);
  const session = await page.request.get("/api/auth/get-session");
  expect(((await session.json()) as { user?: { email: string } } | null)?.user?.email, "signed in by the verification link").toBe(
    user.email.toLowerCase(),
  );
  return user;
}

/** Fills and sends the sign-up form of the page shown (the sign-in page's "Create an account" view). */
export async function fillSignUp(page: Page, user: E2eUser) {
  const main = page.locator("main");
  await main.getByLabel("First name").fill(user.firstName);
  await main.getByLabel("Last name").fill(user.lastName);
  await main.getByLabel("Company name").fill(user.companyName);
  await main.getByLabel("Email").fill(user.email);
  await main.getByLabel("Password", { exact: true }).fill(user.password);
  await main.getByLabel("Confirm password").fill(user.password);
  await main.getByRole("button", { name: "Create Account" }).click();
}

/**
 * Clicks `target` until `opened` is visible: a click that lands before the page has hydrated does nothing, so it
 * is tried again. For controls that only open something (a menu, a panel), where a second click is harmless.
 */
export async function clickUntilVisible(target: Locator, opened: Locator) {
  await expect(async () => {
    if (!(await opened.isVisible())) await target.click({ timeout: 2000 });
    await expect(opened).toBeVisible({ timeout: 2000 });
  }).toPass();
}

/** Opens the signed-in user's menu in the header. */
export async function openUserMenu(page: Page, email: string) {
  await clickUntilVisible(page.getByRole("banner").getByRole("button", { name: email }), page.getByRole("menuitem", { name: "Sign out" }));
}
