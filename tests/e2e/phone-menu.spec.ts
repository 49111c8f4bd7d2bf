import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { isOnTop } from "./support/on-top.ts";

async function expectEveryItemOnTop(page: Page, names: string[]) {
  const menu = page.getByTestId("mobile-menu");
  for (const name of names) {
    const item = menu.getByRole(name === "Sign out" ? "button" : "link", { name, exact: true });
    await expect(item, `${name} is shown`).toBeVisible();
    expect(await isOnTop(item), `${name} is the topmost element at its centre`).toBe(true);
  }
}

/** Opens the menu with its toggle and checks that it covers the screen below the header. */
async function openMenu(page: Page, viewport: { width: number; height: number }) {
  await page.getByLabel("Open menu").click();
  const menu = page.getByTestId("mobile-menu");
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  const header = (await page.getByRole("banner").boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
  expect(box.y).toBeLessThanOrEqual(header.y + header.height + 1);
  expect(box.y + box.height).toBeGreaterThanOrEqual(viewport.height - 1);
  return menu;
}

const publicItems = [
  "Home",
  "Services",
  "Bookkeeping",
  "Tax Services",
  "ERP Consulting",
  "Financial Advisory",
  "Pricing",
  "Resources",
  "Blog",
  "About",
  "Contact",
];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
]) {
  test.describe(`phone menu at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("signed out: the menu fills the screen below the header and every item can be touched", async ({ page }) => {
      await page.goto("/pricing");
      const menu = await openMenu(page, viewport);
      await expectEveryItemOnTop(page, [...publicItems, "Login", "Free Consultation"]);
      await expectNoAxeViolations(page);
      await menu.getByRole("link", { name: "Contact", exact: true }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(menu).toBeHidden();
    });

    test("signed in: Calculators, Accounting and Sign out can be reached and used", async ({ page }) => {
      const user = await signUpAndSignIn(page);
      await page.goto("/");
      const menu = await openMenu(page, viewport);
      await expect(menu.getByText(user.email)).toBeVisible();
      await expectEveryItemOnTop(page, [...publicItems, "Calculators", "Accounting", "Sign out"]);
      await menu.getByRole("link", { name: "Accounting", exact: true }).click();
      await expect(page).toHaveURL(/\/accounting\/\d+\/home$/);
      await expect(menu).toBeHidden();
      await openMenu(page, viewport);
      const signOut = menu.getByRole("button", { name: "Sign out" });
      expect(await isOnTop(signOut)).toBe(true);
      await signOut.click();
      // Signing out loads the home page afresh: wait for it, not for the page being left.
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByLabel("Open menu")).toBeVisible();
      await openMenu(page, viewport);
      await expect(menu.getByRole("link", { name: "Login" })).toBeVisible();
    });
  });
}
