import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { newUser, openUserMenu, signUpAndSignIn } from "./support/auth.ts";
import { linkIn, waitForMail } from "./support/mail.ts";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** The page's own content (the footer has an email box of its own). */
const main = (page: Page) => page.locator("main");

async function signInThroughForm(page: Page, email: string, password: string, rememberMe = true) {
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password", { exact: true }).fill(password);
  const remember = main(page).getByLabel("Remember me");
  if ((await remember.isChecked()) !== rememberMe) await remember.click();
  await main(page).getByRole("button", { name: "Sign In" }).click();
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "ll.session_token");
}

test.describe("accounts", () => {
  test("sign-up, verification mail, sign-in, reload, protected page, sign-out, back through from", async ({ page }) => {
    const user = newUser("journey");
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(main(page).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(main(page).getByRole("link", { name: "Book a free consultation" })).toHaveAttribute("href", "/consultation");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByLabel("First name").fill(user.firstName);
    await main(page).getByLabel("Last name").fill(user.lastName);
    await main(page).getByLabel("Company name").fill(user.companyName);
    await main(page).getByLabel("Email").fill(user.email);
    await main(page).getByLabel("Password", { exact: true }).fill(user.password);
    await main(page).getByLabel("Confirm password").fill(`${user.password}-typo`);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page, "Password mismatch")).toContainText("Passwords do not match. Please try again.");

    await main(page).getByLabel("Confirm password").fill(user.password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByTestId("check-inbox")).toContainText("Registration successful! Please check your email to verify your account.");
    await main(page).getByRole("button", { name: "Back to sign in" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();

    // Before verifying: refused, with a way to get the mail again.
    await signInThroughForm(page, user.email, user.password);
    await expect(toast(page, "Login failed")).toContainText(/not verified/i);
    await expect(page.getByRole("button", { name: "Resend verification email" })).toBeVisible();

    // The link signs the new client in and opens their books' home.
    const mail = await waitForMail(user.email, (m) => /verify/i.test(m.subject));
    await page.goto(linkIn(mail));
    await expect(page).toHaveURL(/\/accounting\/\d+\/home$/);
    await openUserMenu(page, user.email);
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();

    // Used again, the link only says the address is verified; signing in goes on to the books.
    await page.goto(linkIn(mail));
    await expect(page).toHaveURL(/\/login\?verified=1&from=%2Faccounting$/);
    await expect(page.getByText("Your email address is verified. You can sign in now.")).toBeVisible();
    await signInThroughForm(page, user.email, user.password, true);
    await expect(toast(page, "Welcome back!")).toContainText("You have successfully logged in.");
    await expect(page).toHaveURL(/\/accounting\/\d+\/home$/);
    const menu = page.getByRole("button", { name: user.email });
    await expect(menu).toBeVisible();
    expect((await sessionCookie(page))?.expires).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
    expect((await sessionCookie(page))?.httpOnly).toBe(true);

    await page.reload();
    await expect(page.getByRole("button", { name: user.email })).toBeVisible();
    await page.goto("/calculators");
    await expect(page).toHaveURL(/\/calculators$/);

    // Visiting /login while signed in goes on to `from`, never off-site: a client to her books' home instead.
    await page.goto("/login?from=%2Fcalculators");
    await expect(page).toHaveURL(/\/calculators$/);
    await page.goto("/login?from=https%3A%2F%2Fevil.example%2F");
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/accounting\/\d+\/home$/);

    await openUserMenu(page, user.email);
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    expect(await sessionCookie(page)).toBeUndefined();

    const res = await page.goto("/calculators/roi");
    expect(res?.url()).toMatch(/\/login\?from=%2Fcalculators%2Froi$/);
    await signInThroughForm(page, user.email, user.password, false);
    await expect(page).toHaveURL(/\/calculators\/roi$/);
    await expect(page.getByRole("button", { name: user.email })).toBeVisible();
    // Remember me unchecked: the cookie ends with the browser session.
    expect((await sessionCookie(page))?.expires).toBe(-1);
  });

  test("wrong password, then throttling after repeated failures", async ({ page }) => {
    const user = await signUpAndSignIn(page, newUser("throttle"));
    await page.context().clearCookies();
    await page.goto("/login");
    await signInThroughForm(page, user.email, "Not-the-password-1");
    await expect(toast(page, "Login failed")).toContainText("Invalid email or password");

    let throttled = false;
    for (let i = 0; i < 20 && !throttled; i++) {
      await main(page).getByRole("button", { name: "Sign In" }).click();
      await expect(main(page).getByRole("button", { name: "Sign In" })).toBeEnabled();
      throttled = await page
        .getByText(/Too many attempts\. Please wait \d+ minutes? and try again\./)
        .first()
        .isVisible();
    }
    expect(throttled).toBe(true);
    await expect(toast(page, "Too many attempts")).toContainText("Login failed");
  });

  test("password reset through the mailed link, with both validation messages", async ({ page }) => {
    const user = await signUpAndSignIn(page, newUser("reset"));
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(toast(page, "Password reset email sent")).toContainText("Check your email for password reset instructions.");
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();

    const mail = await waitForMail(user.email, (m) => /reset your password/i.test(m.subject));
    const link = linkIn(mail);
    expect(link).toMatch(new RegExp(`^${process.env.E2E_BASE_URL}/reset-password\\?token=`));
    const res = await page.goto(link);
    expect(res?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
    await expect(page.getByText(/session is already verified/)).toBeVisible();
    await expectNoAxeViolations(page);

    const newPassword = `${user.password}-renewed`;
    await main(page).getByLabel("New Password").fill("short");
    await main(page).getByLabel("Confirm Password").fill("short");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(toast(page, "Password too short")).toContainText("Please use at least 8 characters.");

    await main(page).getByLabel("New Password").fill(newPassword);
    await main(page).getByLabel("Confirm Password").fill(`${newPassword}x`);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(toast(page, "Passwords do not match")).toContainText("Please confirm the same password.");

    await main(page).getByLabel("Confirm Password").fill(newPassword);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(toast(page, "Password updated")).toContainText("Your password has been reset successfully.");
    await expect(page).toHaveURL(/\/login$/);
    await waitForMail(user.email, (m) => /password was changed/i.test(m.subject));

    await signInThroughForm(page, user.email, user.password);
    await expect(toast(page, "Login failed")).toContainText("Invalid email or password");
    await signInThroughForm(page, user.email, newPassword);
    await expect(page.getByRole("button", { name: user.email })).toBeVisible();

    // The link worked once.
    await page.context().clearCookies();
    await page.goto(link);
    await main(page).getByLabel("New Password").fill(`${newPassword}-again`);
    await main(page).getByLabel("Confirm Password").fill(`${newPassword}-again`);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(toast(page, "Unable to reset password")).toBeVisible();
  });

  test("Google sign-in through the local OpenID Connect provider lands on from", async ({ page }) => {
    const email = `google-${Date.now().toString(36)}@example.com`;
    await page.route(`${process.env.E2E_OIDC_URL}/authorize**`, async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set("login_hint", email);
      await route.continue({ url: url.toString() });
    });
    await page.goto("/accounting");
    await expect(page).toHaveURL(/\/login\?from=%2Faccounting$/);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/accounting\/\d+\/home$/);
    await expect(page.getByRole("button", { name: email })).toBeVisible();
  });

  test("Google sign-in never joins an existing account by an unverified Google email", async ({ page }) => {
    const user = await signUpAndSignIn(page, newUser("owner"));
    await page.context().clearCookies();
    await page.route(`${process.env.E2E_OIDC_URL}/authorize**`, async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set("login_hint", `unverified:${user.email}`);
      await route.continue({ url: url.toString() });
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(toast(page, "Google Sign-In failed")).toContainText("An account with this email already exists.");
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  });
});
