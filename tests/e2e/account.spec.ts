import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expectOnTop } from "./support/on-top.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { clickUntilVisible, newUser, openUserMenu, signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { base32Decode, totp } from "./support/totp.ts";
import { FIRM_USER_PASSWORD, POLICY_ADMIN, POLICY_STAFF } from "./support/firm-users.ts";
import { shot } from "./support/shots.ts";
import { strFromU8, unzipSync } from "fflate";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const main = (page: Page) => page.locator("main");

/** A valid code not used before (a code is accepted once). */
function freshCode(secret: Buffer, used: Set<string>): string {
  for (const offset of [0, 1, -1]) {
    const code = totp(secret, offset);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
  throw new Error("no unused code in the current window");
}

/** Signs in from another browser with a backup code, through the API; returns that browser's request context. */
async function signInElsewhere(browser: Browser, email: string, password: string, backupCode: string): Promise<APIRequestContext> {
  const origin = process.env.E2E_BASE_URL!;
  const context = await browser.newContext({
    baseURL: origin,
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
  });
  const headers = { origin, "content-type": "application/json" };
  const step = await context.request.post("/api/auth/sign-in/email", { headers, data: { email, password } });
  expect(((await step.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
  const ok = await context.request.post("/api/auth/two-factor/verify-backup-code", { headers, data: { code: backupCode } });
  expect(ok.ok(), await ok.text()).toBe(true);
  return context.request;
}

async function signedIn(request: APIRequestContext): Promise<boolean> {
  const res = await request.get("/api/auth/get-session");
  return (await res.json()) !== null;
}

async function signOut(page: Page, email: string) {
  await openUserMenu(page, email);
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/login?from=%2Faccount");
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password", { exact: true }).fill(password);
  await main(page).getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Enter your authentication code" })).toBeVisible();
}

test("account: profile, two-factor enrolment, sign-in with a code and a backup code, password change, ending a session", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await signUpAndSignIn(page, newUser("account"));
  const used = new Set<string>();

  // Reached from the user menu.
  await page.goto("/");
  await openUserMenu(page, user.email);
  await page.getByRole("menuitem", { name: "Account", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expectOnTop(page.getByRole("heading", { name: "Your account" }));
  await expect(main(page).getByLabel("First name")).toHaveValue(user.firstName);
  // The page's loader data is private: never stored by a cache (a revalidation must see the change just made).
  const data = await page.request.get("/account.data");
  expect(data.headers()["cache-control"]).toBe("private, no-store");
  await expectNoAxeViolations(page);
  await shot(page, "account", { widths: [390, 1280] });

  // Profile.
  await main(page).getByLabel("Company name").fill("Okafor Design Ltd");
  await main(page).getByRole("button", { name: "Save profile" }).click();
  await expect(toast(page, "Profile updated")).toBeVisible();
  await page.reload();
  await expect(main(page).getByLabel("Company name")).toHaveValue("Okafor Design Ltd");

  // Two-factor enrolment: password, QR code and key, a first code, backup codes shown once.
  await main(page).getByRole("button", { name: "Set up an authenticator app" }).click();
  await main(page).getByLabel("Your password").fill(user.password);
  await main(page).getByRole("button", { name: "Continue" }).click();
  await expectOnTop(page.getByRole("img", { name: /QR code/ }));
  const secret = base32Decode((await page.getByTestId("totp-secret").textContent()) ?? "");
  expect(secret.length).toBeGreaterThan(10);
  await expectNoAxeViolations(page);
  await shot(page, "account-enrol", { widths: [390, 1280] });
  await main(page)
    .getByLabel("Code from your app")
    .fill("000000" === totp(secret) ? "111111" : "000000");
  await main(page).getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(main(page).getByText("That code is not right.").first()).toBeVisible();
  await main(page).getByLabel("Code from your app").fill(freshCode(secret, used));
  await main(page).getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const codes = main(page).getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const backupCodes = (await codes.allTextContents()).map((c) => c.trim());
  const downloadPromise = page.waitForEvent("download");
  await main(page).getByRole("button", { name: "Download as a text file" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("ledgerline-backup-codes.txt");
  const text = await readFile((await download.path())!, "utf8");
  for (const c of backupCodes) expect(text).toContain(c);
  await main(page).getByRole("button", { name: "I have saved my codes" }).click();
  await expect(main(page).getByText("On", { exact: true })).toBeVisible();
  await page.reload();
  await expect(main(page).getByRole("button", { name: "Turn off two-factor sign-in" })).toBeVisible();

  // Sign out, sign in with a code from the app.
  await signOut(page, user.email);
  await passwordStep(page, user.email, user.password);
  await expectOnTop(main(page).getByLabel("Authentication code"));
  await expectNoAxeViolations(page);
  await shot(page, "login-code-step", { widths: [390, 1280] });
  await main(page).getByLabel("Authentication code").fill(freshCode(secret, used));
  await main(page).getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  // Sign out, sign in with a backup code.
  await signOut(page, user.email);
  await passwordStep(page, user.email, user.password);
  await main(page).getByRole("button", { name: "Use a backup code instead" }).click();
  await expect(page.getByRole("heading", { name: "Enter a backup code" })).toBeVisible();
  await main(page).getByLabel("Backup code").fill(backupCodes[0]!);
  await main(page).getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expectOnTop(page.getByRole("heading", { name: "Your account" }));

  // Change the password: another browser's session ends.
  const other = await signInElsewhere(browser, user.email, user.password, backupCodes[1]!);
  expect(await signedIn(other)).toBe(true);
  const newPassword = `${user.password}-New`;
  await main(page).getByLabel("Current password").fill(user.password);
  await main(page).getByLabel("New password", { exact: true }).fill(newPassword);
  await main(page).getByLabel("Confirm new password").fill(newPassword);
  await main(page).getByRole("button", { name: "Change password" }).click();
  await expect(toast(page, "Password changed")).toBeVisible();
  expect(await signedIn(other)).toBe(false);
  await page.reload();
  await expectOnTop(page.getByRole("heading", { name: "Your account" }));

  // End another session from the list.
  const third = await signInElsewhere(browser, user.email, newPassword, backupCodes[2]!);
  await page.reload();
  const row = main(page).getByRole("listitem").filter({ hasText: "Firefox 128 on Windows 10" });
  await expect(row).toBeVisible();
  await expect(main(page).getByText("This browser")).toBeVisible();
  await row.getByRole("button", { name: /^Sign out Firefox 128 on Windows 10/ }).click();
  await expect(toast(page, "Session ended")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await signedIn(third)).toBe(false);
  // Toasts fade out (axe would measure them half-transparent).
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
});

test("account: email change through a link to the new address, with a notice to the old one", async ({ page }) => {
  const user = await signUpAndSignIn(page, newUser("email"));
  const newEmail = `moved-${user.email}`;
  await page.goto("/account");
  await main(page).getByLabel("New email address").fill(newEmail);
  await main(page).getByRole("button", { name: "Send confirmation link" }).click();
  await expect(toast(page, "Check your new inbox")).toBeVisible();
  await expect(main(page).getByText(`You sign in with ${user.email}.`, { exact: false })).toBeVisible();

  const mail = await waitForMail(newEmail, (m) => /confirm your new email/i.test(m.subject));
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/account\?email=changed$/);
  await expectOnTop(
    main(page)
      .getByRole("status")
      .filter({ hasText: `Your email address is now ${newEmail}.` }),
  );
  await waitForMail(user.email, (m) => /email address was changed/i.test(m.subject));
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
});

/** Signs in through the API in this page's browser (the cookie lands in its context), from an address of its own. */
async function apiSignIn(page: Page, email: string, password: string) {
  const headers = {
    origin: process.env.E2E_BASE_URL!,
    "content-type": "application/json",
    "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.7`,
  };
  const res = await page.request.post("/api/auth/sign-in/email", { headers, data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return headers;
}

test("account: your data as a ZIP, a sensitive change after confirming the password, and deleting the account with its books", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await signUpAndSignIn(page, newUser("data"));
  const origin = process.env.E2E_BASE_URL!;
  // Books with one posted entry.
  const books = await booksApi(page);
  const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as {
    accounts: { id: number; account_code: string }[];
  };
  const code = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  const saved = await page.request.post(`${books}/entries`, {
    headers: { origin },
    data: {
      description: "Studio rent received",
      entry_date: "2026-11-02",
      lines: [
        { account_id: code["1000"], debit_amount: 900, credit_amount: 0 },
        { account_id: code["4100"], debit_amount: 0, credit_amount: 900 },
      ],
    },
  });
  expect(saved.status()).toBe(201);

  await page.goto("/account");
  const data = main(page).getByRole("region", { name: "Your data" });
  await expect(data).toBeVisible();
  const downloadPromise = page.waitForEvent("download");
  await data.getByRole("link", { name: "Download your data (ZIP)" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^ledgerline-your-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(JSON.parse(strFromU8(files["profile.json"]!))).toMatchObject({ email: user.email, company_name: user.companyName });
  const entriesFile = Object.keys(files).find((f) => f.endsWith("/journal-entries.json"))!;
  expect(JSON.parse(strFromU8(files[entriesFile]!))).toMatchObject([{ description: "Studio rent received", total_amount: "900.00" }]);

  // A sensitive change whose session is too old (answered here as the server would after 10 minutes): the password
  // is asked in a dialog, then the change goes through.
  let refused = false;
  await page.route("**/api/auth/change-email", async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({
      status: 401,
      contentType: "application/json",
      body: JSON.stringify({ error: "For your security, enter your password again to continue.", code: "REAUTH_REQUIRED" }),
    });
  });
  await main(page).getByLabel("New email address").fill(`later-${user.email}`);
  await main(page).getByRole("button", { name: "Send confirmation link" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm it is you" });
  await expectOnTop(confirm.getByLabel("Password"));
  await expectNoAxeViolations(page);
  await shot(page, "account-reauth", { widths: [390, 1280] });
  await confirm.getByLabel("Password").fill("not-my-password");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm.getByText("Your password is not correct")).toBeVisible();
  await confirm.getByLabel("Password").fill(user.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(toast(page, "Check your new inbox")).toBeVisible();
  await page.unroute("**/api/auth/change-email");

  // Delete: the organization's name typed, the password, then the account is gone.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await shot(page, "account-your-data", { widths: [390, 1280] });
  await data.getByRole("button", { name: "Delete account..." }).click();
  const dialog = page.getByRole("dialog", { name: "Delete account" });
  const orgField = dialog.getByLabel(`Type ${user.companyName} to delete it with all its books`);
  await expect(orgField).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "account-delete", { widths: [390, 1280] });
  await orgField.fill("Something else");
  await dialog.getByLabel("Password").fill(user.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText(`Type ${user.companyName} to confirm`)).toBeVisible();
  await orgField.fill(user.companyName);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/\?account=deleted$/);
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  const again = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin, "content-type": "application/json" },
    data: { email: user.email, password: user.password },
  });
  expect(again.status()).toBe(401);
});

test("account: the firm requires two-factor sign-in for staff; a staff member is sent to enrolment after the password", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The admin has an authenticator app (the policy covers admins too).
  const adminHeaders = await apiSignIn(page, POLICY_ADMIN.email, FIRM_USER_PASSWORD);
  const enable = await page.request.post("/api/auth/two-factor/enable", { headers: adminHeaders, data: { password: FIRM_USER_PASSWORD } });
  const adminSecret = base32Decode(new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get("secret")!);
  const on = await page.request.post("/api/auth/two-factor/verify-totp", { headers: adminHeaders, data: { code: totp(adminSecret) } });
  expect(on.ok(), await on.text()).toBe(true);

  await page.goto("/firm/team");
  const policy = main(page).getByRole("region", { name: "Two-factor sign-in policy" });
  const staffBox = policy.getByLabel("Require two-factor sign-in for staff and admins");
  await expect(staffBox).not.toBeChecked();
  await staffBox.check();
  await policy.getByRole("button", { name: "Save policy" }).click();
  await expect(toast(page, "Two-factor policy saved")).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
  await shot(page, "firm-team-policy", { widths: [390, 1280] });

  // The staff member signs in with the password and lands on enrolment; nothing else opens.
  const staffContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const staff = await staffContext.newPage();
  await staff.goto("/login?from=%2Ffirm");
  await main(staff).getByLabel("Email").fill(POLICY_STAFF.email);
  await main(staff).getByLabel("Password", { exact: true }).fill(FIRM_USER_PASSWORD);
  await main(staff).getByRole("button", { name: "Sign In" }).click();
  await expect(staff).toHaveURL(/\/account\/two-factor-setup$/);
  await expectOnTop(staff.getByRole("heading", { name: "Set up two-factor sign-in" }));
  await staff.goto("/firm/leads");
  await expect(staff).toHaveURL(/\/account\/two-factor-setup$/);
  expect((await staff.request.get("/api/account")).status()).toBe(403);
  await expectNoAxeViolations(staff);
  await shot(staff, "two-factor-setup", { widths: [390, 1280] });

  await main(staff).getByRole("button", { name: "Set up an authenticator app" }).click();
  await main(staff).getByLabel("Your password").fill(FIRM_USER_PASSWORD);
  await main(staff).getByRole("button", { name: "Continue" }).click();
  await expect(staff.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = base32Decode((await staff.getByTestId("totp-secret").textContent()) ?? "");
  await shot(staff, "two-factor-setup-scan", { widths: [390, 1280] });
  await main(staff).getByLabel("Code from your app").fill(totp(secret));
  await main(staff).getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await main(staff).getByRole("button", { name: "I have saved my codes" }).click();
  await expect(staff).toHaveURL(/\/firm$/);
  expect((await staff.request.get("/api/account")).status()).toBe(200);
  await staffContext.close();

  // Back as it was for the rest of the run.
  const off = await page.request.put("/api/account/two-factor-policy", {
    headers: adminHeaders,
    data: { requireForStaff: false, requireForClients: false },
  });
  expect(off.ok(), await off.text()).toBe(true);
});

test("account: a user who signs in only with Google sets up two-factor sign-in and deletes the account after confirming through Google", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `google-only-${Date.now().toString(36)}@example.com`;
  const used = new Set<string>();
  // The local provider standing in for Google signs in this address; it records what the app asked of it.
  const asked: URL[] = [];
  await page.route(`${process.env.E2E_OIDC_URL}/authorize**`, async (route) => {
    const url = new URL(route.request().url());
    asked.push(new URL(url));
    url.searchParams.set("login_hint", email);
    await route.continue({ url: url.toString() });
  });
  await page.goto("/login?from=%2Faccount");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/account$/);

  // No password: the Password section offers to set one; two-factor sign-in starts without one.
  const password = main(page).getByRole("region", { name: "Password" });
  await expect(password.getByRole("button", { name: "Set a password" })).toBeVisible();
  await expect(password.getByLabel("Current password")).toHaveCount(0);
  // Right after the way back from Google: the first click may come before the page has hydrated.
  await clickUntilVisible(
    main(page).getByRole("button", { name: "Set up an authenticator app" }),
    page.getByRole("img", { name: /QR code/ }),
  );
  await expectOnTop(page.getByRole("img", { name: /QR code/ }));
  const secret = base32Decode((await page.getByTestId("totp-secret").textContent()) ?? "");
  await main(page).getByLabel("Code from your app").fill(freshCode(secret, used));
  await main(page).getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(main(page).getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
  await main(page).getByRole("button", { name: "I have saved my codes" }).click();
  await expect(main(page).getByText("On", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "account-google-only", { widths: [390, 1280] });

  // Deleting, when the sign-in is over 10 minutes old (answered here as the server would then): Google again,
  // after the code, and back to the account page.
  let refused = false;
  await page.route("**/api/account/delete", async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({
      status: 401,
      contentType: "application/json",
      body: JSON.stringify({ error: "For your security, enter your password again to continue.", code: "REAUTH_REQUIRED" }),
    });
  });
  const data = main(page).getByRole("region", { name: "Your data" });
  await data.getByRole("button", { name: "Delete account..." }).click();
  const dialog = page.getByRole("dialog", { name: "Delete account" });
  await expect(dialog.getByLabel("Password")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("Sign in with Google again, then delete your account.")).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "account-google-reauth", { widths: [390, 1280] });
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  await expect(dialog.getByText("Enter the 6-digit code from your authenticator app, or a backup code")).toBeVisible();
  await dialog.getByLabel("Authenticator code or backup code").fill(freshCode(secret, used));
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  await expect(toast(page, "You confirmed it is you")).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  const reauth = asked.at(-1)!;
  expect(reauth.searchParams.get("prompt")).toBe("login");
  expect(reauth.searchParams.get("max_age")).toBe("0");

  await data.getByRole("button", { name: "Delete account..." }).click();
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/\?account=deleted$/);
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
});
