import { expect, test } from "@playwright/test";
import { REDIRECT_BYPASSES } from "../support/redirect-bypasses.ts";
import { signUpAndSignIn } from "./support/auth.ts";

// Every redirect target the site takes from a request must end on this site, as Chromium resolves it.
test.describe("redirect targets from a request stay on this site", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a signed-in visitor sent to /login?from=<bypass> lands on this site", async ({ page }) => {
    await signUpAndSignIn(page);
    const site = new URL(process.env.E2E_BASE_URL!).origin;
    // Chromium may try to reach evil.example: stop it at the network layer and record it.
    const offSite: string[] = [];
    await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, async (route) => {
      offSite.push(route.request().url());
      await route.abort();
    });
    for (const target of REDIRECT_BYPASSES.filter(Boolean)) {
      // Where the redirects end is known once the last document's DOM is read: its scripts and images are not waited for.
      await page.goto(`/login?from=${encodeURIComponent(target)}`, { waitUntil: "domcontentloaded" }).catch(() => undefined);
      expect(new URL(page.url()).origin, target).toBe(site);
    }
    expect(offSite).toEqual([]);
  });

  test("the verification link's callbackURL cannot send anyone away", async ({ page }) => {
    const site = new URL(process.env.E2E_BASE_URL!).origin;
    const offSite: string[] = [];
    await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, async (route) => {
      offSite.push(route.request().url());
      await route.abort();
    });
    for (const target of [
      "/.//evil.example",
      "/..//evil.example",
      "/a/..//evil.example",
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
    ]) {
      await page.goto(`/api/auth/verify-email?token=bad&callbackURL=${encodeURIComponent(target)}`).catch(() => undefined);
      expect(new URL(page.url()).origin, target).toBe(site);
    }
    expect(offSite).toEqual([]);
  });
});
