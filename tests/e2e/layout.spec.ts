import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { gotoHydrated } from "./support/hydration.ts";

test.describe("shared layout", () => {
  test("unknown path: 404 status, the 404 page, the path logged to the console", async ({ page }) => {
    const logs: string[] = [];
    page.on("console", (m) => logs.push(m.text()));
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect.poll(() => logs.some((l) => l.includes("/no/such/page"))).toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("default title, description and canonical link from the current path", async ({ page, baseURL }) => {
    await page.goto("/pricing");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/pricing`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expect(page).toHaveTitle(/Ledgerline/);
  });

  test("navigation highlights the active item, Services on any /services path", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.goto("/pricing");
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    await page.goto("/services/erp");
    await expect(nav.getByRole("link", { name: "Services", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("services dropdown opens on hover and closes 200 ms after the pointer leaves", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const dropdown = page.getByTestId("services-dropdown");
    await expect(dropdown).toBeHidden();
    await nav.getByRole("link", { name: "Services", exact: true }).hover();
    await expect(dropdown).toBeVisible();
    await expect(dropdown.getByRole("link")).toHaveText(["Bookkeeping", "Tax Services", "ERP Consulting", "Financial Advisory"]);
    // Record, in the page, when the panel gets hidden, to compare with when the pointer left.
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid="services-dropdown"]')!;
      new MutationObserver(() => {
        if (el.hasAttribute("hidden")) (window as unknown as { closedAt: number }).closedAt = performance.now();
      }).observe(el, { attributes: true, attributeFilter: ["hidden"] });
      document.addEventListener("pointerout", () => ((window as unknown as { leftAt: number }).leftAt ??= performance.now()), {
        once: true,
      });
    });
    await page.mouse.move(640, 600);
    await expect(dropdown).toBeHidden();
    const { closedAt, leftAt } = await page.evaluate(() => {
      const w = window as unknown as { closedAt: number; leftAt: number };
      return { closedAt: w.closedAt, leftAt: w.leftAt };
    });
    expect(closedAt - leftAt).toBeGreaterThanOrEqual(195);
    expect(closedAt - leftAt).toBeLessThan(1000);
  });

  test("services dropdown works by keyboard: focus opens it, Tab reaches its links, Escape closes it", async ({ page }) => {
    await page.goto("/pricing");
    const nav = page.getByRole("navigation", { name: "Main" });
    const services = nav.getByRole("link", { name: "Services", exact: true });
    await services.focus();
    const dropdown = page.getByTestId("services-dropdown");
    await expect(dropdown).toBeVisible();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(dropdown.getByRole("link", { name: "Bookkeeping" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/services\/bookkeeping$/);
    await nav.getByRole("link", { name: "Services", exact: true }).focus();
    await expect(dropdown).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dropdown).toBeHidden();
  });

  test("signed out: Login and Free Consultation buttons", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("banner").getByRole("link", { name: "Free Consultation" })).toHaveAttribute("href", "/consultation");
  });

  test("footer: columns, links and the current year", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const name of [
      "About Us",
      "Our Team",
      "Careers",
      "Press",
      "Blog",
      "Case Studies",
      "Calculators",
      "Webinars",
      "Privacy Policy",
      "Terms of Service",
      "LinkedIn",
      "WhatsApp",
    ]) {
      await expect(footer.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: "Our Team" })).toHaveAttribute("href", "/about#team");
    await expect(footer.getByRole("link", { name: "Webinars" })).toHaveAttribute("href", "/resources#webinars");
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer.getByRole("button", { name: "Subscribe" })).toBeVisible();
  });

  test("navigating scrolls to the top of the new page", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("forms validate without breaking the Content-Security-Policy", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
    expect(await violations()).toEqual([]);
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("the layout has no accessibility violations", async ({ page }) => {
    await page.goto("/no-such-page");
    await expectNoAxeViolations(page);
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a toggle opens a full-screen menu that closes on selection", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeHidden();
    await page.getByLabel("Open menu").click();
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(370);
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
  });

  test("the menu opens and closes by keyboard", async ({ page }) => {
    // With the page's script running: without it the menu is a plain <details>, which Escape does not close.
    await gotoHydrated(page, "/");
    const toggle = page.getByLabel("Open menu");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("mobile-menu")).toBeVisible();
    // The menu's own state has it open (its toggle says so) before Escape: the details element opens at once, the
    // page's state follows with the toggle event.
    await expect(page.getByLabel("Close menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
  });
});
