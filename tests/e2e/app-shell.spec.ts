import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { openUserMenu, signUpAndSignIn } from "./support/auth.ts";
import { isOnTop } from "./support/on-top.ts";
import { ROLE_USERS, signInWithRole } from "./support/role-users.ts";

const PHONE = { width: 390, height: 844 };

/** The portal's screens a client has, with the section each belongs to. */
const CLIENT_SCREENS = [
  { path: "/accounting", url: /\/accounting\/\d+\/home$/, section: "Books", heading: "Accounting" },
  { path: "/calculators", url: /\/calculators$/, section: "Calculators", heading: "Financial Calculators" },
  { path: "/account", url: /\/account$/, section: "Account", heading: "Your account" },
];

const portalNav = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: "Portal" });

/** Only `active` of the section links carries aria-current="page". */
async function expectActiveSection(page: Page, sections: string[], active: string) {
  for (const name of sections) {
    const link = portalNav(page).getByRole("link", { name, exact: true });
    await expect(link).toBeVisible();
    if (name === active) await expect(link, `${name} is marked as the current section`).toHaveAttribute("aria-current", "page");
    else await expect(link, `${name} is not marked`).not.toHaveAttribute("aria-current", "page");
  }
}

/** The application's header and slim footer, not the marketing site's navigation, footer columns or newsletter box. */
async function expectAppLayout(page: Page) {
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Free Consultation" })).toHaveCount(0);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Our Team" })).toHaveCount(0);
  await expect(footer.getByRole("button", { name: "Subscribe" })).toHaveCount(0);
}

test.describe("the portal's application shell on a desktop", () => {
  test("a client sees the portal's sections, the current one marked, the user menu and a way back to the public site", async ({ page }) => {
    const user = await signUpAndSignIn(page);
    for (const screen of CLIENT_SCREENS) {
      await page.goto(screen.path);
      await expect(page).toHaveURL(screen.url);
      await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
      await expectActiveSection(page, ["Books", "Calculators", "Account"], screen.section);
      await expect(portalNav(page).getByRole("link", { name: "Firm workspace" })).toHaveCount(0);
      await expect(page.getByRole("banner").getByRole("link", { name: "Public site" })).toHaveAttribute("href", "/");
      await expectAppLayout(page);
      await expectNoAxeViolations(page);
    }

    // The sections work as links, and the user menu is the same as on the public site.
    await portalNav(page).getByRole("link", { name: "Calculators" }).click();
    await expect(page).toHaveURL(/\/calculators$/);
    await expectActiveSection(page, ["Books", "Calculators", "Account"], "Calculators");
    await openUserMenu(page, user.email);
    await expect(page.getByRole("menuitem", { name: "Accounting" })).toBeVisible();
    await page.keyboard.press("Escape");

    // The public site keeps its own header.
    await page.getByRole("banner").getByRole("link", { name: "Public site" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Portal" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("button", { name: user.email })).toBeVisible();
  });

  test("staff see the firm's workspace among the sections, marked on its pages, beside the workspace's own navigation", async ({
    page,
  }) => {
    await signInWithRole(page, "staff");
    await page.goto("/firm/leads");
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    await expectActiveSection(page, ["Books", "Calculators", "Account", "Firm workspace"], "Firm workspace");
    const firmNav = page.getByRole("navigation", { name: "Firm workspace" });
    await expect(firmNav.getByRole("link", { name: "Leads" })).toHaveAttribute("aria-current", "page");
    // Client activity carries the reader's unread count, when there is any.
    await expect(firmNav.getByRole("link")).toHaveText([
      "Overview",
      "My week",
      "Work",
      "Leads",
      "Clients",
      /^Client activity/,
      "Messages",
      "Requests",
      "Proposals",
      "Site content",
    ]);
    await expect(page.getByRole("banner").getByRole("button", { name: ROLE_USERS.staff.email })).toBeVisible();
    await expectAppLayout(page);
    await expectNoAxeViolations(page);

    await page.goto("/calculators");
    await expectActiveSection(page, ["Books", "Calculators", "Account", "Firm workspace"], "Calculators");
  });
});

test.describe("the application shell on a phone", () => {
  test.use({ viewport: PHONE });

  test("one menu button opens the sections on top of the page; Escape closes it and gives the focus back", async ({ page }) => {
    const user = await signUpAndSignIn(page);
    for (const screen of CLIENT_SCREENS) {
      await page.goto(screen.path);
      await expect(page).toHaveURL(screen.url);
      await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
      await expectAppLayout(page);
      await expectNoAxeViolations(page);

      const toggle = page.getByRole("banner").getByLabel("Open menu");
      const menu = page.getByTestId("mobile-menu");
      await expect(menu).toBeHidden();
      await toggle.click();
      await expect(menu).toBeVisible();
      await expect(menu.getByText(user.email)).toBeVisible();
      await expectActiveSection(page, ["Books", "Calculators", "Account"], screen.section);
      for (const name of ["Books", "Calculators", "Account", "Public site"]) {
        const link = menu.getByRole("link", { name, exact: true });
        expect(await isOnTop(link), `${name} is the topmost element at its centre`).toBe(true);
      }
      expect(await isOnTop(menu.getByRole("button", { name: "Sign out" }))).toBe(true);
      await expect(menu.getByRole("link", { name: "Firm workspace" })).toHaveCount(0);
      await expectNoAxeViolations(page);

      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(page.getByRole("banner").getByLabel("Open menu")).toBeFocused();
    }

    // By keyboard: Enter opens, Tab reaches the first section, Enter follows it and the menu closes.
    const toggle = page.getByRole("banner").getByLabel("Open menu");
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Books" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/accounting\/\d+\/home$/);
    await expect(menu).toBeHidden();

    // A tap on a section lands: the page changes and the menu is gone.
    await page.getByRole("banner").getByLabel("Open menu").click();
    await menu.getByRole("link", { name: "Calculators" }).click();
    await expect(page).toHaveURL(/\/calculators$/);
    await expect(page.getByRole("heading", { level: 1, name: "Financial Calculators" })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test("an admin reaches every section of the firm's workspace, none off-screen, and the firm workspace in the menu", async ({ page }) => {
    await signInWithRole(page, "admin");
    await page.goto("/firm/leads");
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    await expectAppLayout(page);
    const firmNav = page.getByRole("navigation", { name: "Firm workspace" });
    const tabs = [
      "Overview",
      "My week",
      "Work",
      "Leads",
      "Clients",
      /^Client activity/,
      "Messages",
      "Requests",
      "Proposals",
      "Site content",
      "Catalogue",
      "Team",
      "Audit log",
    ];
    await expect(firmNav.getByRole("link")).toHaveText(tabs);
    for (const name of tabs) await expect(firmNav.getByRole("link", { name }), `${String(name)} is on screen`).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page);

    await firmNav.getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL(/\/firm\/audit-log$/);
    await expect(firmNav.getByRole("link", { name: "Audit log" })).toHaveAttribute("aria-current", "page");

    await page.getByRole("banner").getByLabel("Open menu").click();
    const menu = page.getByTestId("mobile-menu");
    const workspace = menu.getByRole("link", { name: "Firm workspace" });
    await expect(workspace).toHaveAttribute("aria-current", "page");
    expect(await isOnTop(workspace)).toBe(true);
    await expectNoAxeViolations(page);
    // The firm keeps its clients' books: "Books" takes an admin to the clients, not to books of their own.
    await menu.getByRole("link", { name: "Books" }).click();
    await expect(page).toHaveURL(/\/firm\/clients$/);
    await expect(menu).toBeHidden();
  });
});
