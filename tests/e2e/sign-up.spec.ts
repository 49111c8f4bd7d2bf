import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { waitUntilStill } from "./support/frames.ts";
import { newUser, signUpAndSignIn, type E2eUser } from "./support/auth.ts";
import { allMail, linkIn } from "./support/mail.ts";
import { freePort, runServer, waitHealthy } from "./support/server-process.ts";

const main = (page: Page) => page.locator("main");
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

async function fillSignUp(page: Page, user: E2eUser) {
  await main(page).getByLabel("First name").fill(user.firstName);
  await main(page).getByLabel("Last name").fill(user.lastName);
  await main(page).getByLabel("Company name").fill(user.companyName);
  await main(page).getByLabel("Email").fill(user.email);
  await main(page).getByLabel("Password", { exact: true }).fill(user.password);
  await main(page).getByLabel("Confirm password").fill(user.password);
  await main(page).getByRole("button", { name: "Create Account" }).click();
}

const verificationMails = (email: string) => allMail().filter((m) => m.to.includes(email.toLowerCase()) && /verify/i.test(m.subject));

async function isOnTop(item: Locator): Promise<boolean> {
  return item.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`sign-up at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("after sign-up a check-your-inbox page names the address and resends; the link signs in and opens the books", async ({ page }) => {
      const user = newUser("inbox");
      await page.goto("/login");
      await main(page).getByRole("button", { name: "Create an account" }).click();
      await fillSignUp(page, user);

      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
      const inbox = page.getByTestId("check-inbox");
      await expect(inbox).toContainText(user.email);
      await expect(inbox.getByRole("status")).toHaveText("Registration successful! Please check your email to verify your account.");
      // Not a toast over an empty form: the sign-up form is gone.
      await expect(main(page).getByRole("button", { name: "Create Account" })).toHaveCount(0);
      await expect(main(page).getByLabel("Password", { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);

      await expect.poll(() => verificationMails(user.email).length).toBe(1);
      await inbox.getByRole("button", { name: "Resend verification email" }).click();
      await expect(toast(page, "Verification email sent")).toContainText(user.email);
      await expect.poll(() => verificationMails(user.email).length).toBe(2);

      const latest = verificationMails(user.email).at(-1)!;
      await page.goto(linkIn(latest));
      await expect(page).toHaveURL(/\/accounting\/\d+\/home$/);
      await expect(page.getByRole("heading", { name: "Accounting", level: 1 })).toBeVisible();
      if (viewport.width >= 1024) {
        await expect(page.getByRole("banner").getByRole("button", { name: user.email })).toBeVisible();
      } else {
        await page.getByLabel("Open menu").click();
        await expect(page.getByTestId("mobile-menu").getByText(user.email)).toBeVisible();
      }
    });

    test("the welcome toast after sign-in does not cover the header or its menu", async ({ page }) => {
      const user = await signUpAndSignIn(page, newUser("welcome"));
      await page.context().clearCookies();
      await page.goto("/login");
      await main(page).getByLabel("Email").fill(user.email);
      await main(page).getByLabel("Password", { exact: true }).fill(user.password);
      await main(page).getByRole("button", { name: "Sign In" }).click();
      const welcome = toast(page, "Welcome back!");
      await expect(welcome).toBeVisible();
      await expect(page).toHaveURL(/\/accounting\/\d+\/home$/);
      const menu =
        viewport.width >= 1024 ? page.getByRole("banner").getByRole("button", { name: user.email }) : page.getByLabel("Open menu");
      await expect(menu).toBeVisible();
      await waitUntilStill(welcome); // the toast has slid in and rests where it stays
      const header = (await page.getByRole("banner").boundingBox())!;
      const box = (await welcome.boundingBox())!;
      expect(box.y, "the toast starts below the header").toBeGreaterThanOrEqual(header.y + header.height);
      expect(await isOnTop(menu), "the menu is on top while the toast shows").toBe(true);
    });
  });
}

test.describe("sign-up from a protected page", () => {
  test("the verification link carries the new client on to the page they came from", async ({ page }) => {
    const user = newUser("from");
    await page.goto("/calculators/rd-tax-credit");
    await expect(page).toHaveURL(/\/login\?from=%2Fcalculators%2Frd-tax-credit$/);
    await main(page).getByRole("button", { name: "Create an account" }).click();
    await fillSignUp(page, user);
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect.poll(() => verificationMails(user.email).length).toBe(1);
    await page.goto(linkIn(verificationMails(user.email)[0]!));
    await expect(page).toHaveURL(/\/calculators\/rd-tax-credit$/);
    await expect(page.getByRole("heading", { name: "R&D Tax Credit Calculator", level: 1 })).toBeVisible();
  });
});

test.describe("Google sign-in", () => {
  test("offered and enabled when configured", async ({ page }) => {
    await page.goto("/login");
    await expect(main(page).getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });

  test("shown disabled, with the reason, when Google is not configured", async ({ page }) => {
    test.setTimeout(180_000);
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), "no-google-button-"));
    const server = runServer({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}` });
    try {
      await waitHealthy(port);
      await page.goto(`http://localhost:${port}/login`);
      // After hydration, as a person would meet it.
      await expect(main(page).getByRole("button", { name: "Sign In" })).toBeEnabled();
      const google = main(page).getByRole("button", { name: "Continue with Google" });
      await expect(google).toBeDisabled();
      await expect(google).toHaveAccessibleDescription("Google sign-in is not configured on this site.");
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
