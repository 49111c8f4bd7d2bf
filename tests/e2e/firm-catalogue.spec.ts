import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";

// The firm's catalogue (decision 117): an admin edits what the pricing page sells. Changing a price every visitor
// sees, it runs in the "site-wide" project, alone, after the rest (playwright.config.ts).

const item = (page: Page, name: string) => page.getByRole("listitem", { name, exact: true });

/** Every process reads the catalogue again within a second of a save: the page is loaded again until it shows it. */
async function expectPricingShows(page: Page, plan: string, price: string) {
  await expect(async () => {
    await page.goto("/pricing");
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: plan, exact: true }) })).toContainText(price, {
      timeout: 500,
    });
  }).toPass({ timeout: 5_000 });
}

async function setProfessionalPrice(page: Page, price: string) {
  await page.goto("/firm/catalogue");
  await item(page, "Professional").getByRole("button", { name: "Edit Professional" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Professional" });
  await dialog.getByLabel("Price (USD)").fill(price);
  await dialog.getByRole("button", { name: "Save Professional" }).click();
  await expect(page.getByText("Professional saved")).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("the firm changes a price in its catalogue: the admin edits Professional's price and the public pricing page shows it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithRole(page, "admin");
  await page.goto("/firm/catalogue");
  await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Firm workspace" }).getByRole("link", { name: "Catalogue" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(item(page, "Professional").getByTestId("catalogue-price")).toContainText("$599/month");
  await expect(item(page, "Payroll").getByTestId("catalogue-price")).toContainText("From $50/month");
  await expectNoAxeViolations(page);
  await shot(page, "firm-catalogue", { widths: [390, 1280] });

  // The form refuses what is not a price, naming the field, before anything is sent.
  await item(page, "Professional").getByRole("button", { name: "Edit Professional" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Professional" });
  await dialog.getByLabel("Price (USD)").fill("six hundred");
  await dialog.getByRole("button", { name: "Save Professional" }).click();
  await expect(dialog.getByText("Price must be a number")).toBeVisible();
  await expect(dialog.getByLabel("Price (USD)")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await shot(page, "firm-catalogue-edit", { widths: [390, 1280], fullPage: false });
  await page.keyboard.press("Escape");

  try {
    await setProfessionalPrice(page, "649");
    await expect(item(page, "Professional").getByTestId("catalogue-price")).toContainText("$649/month");
    await expectPricingShows(page, "Professional", "$649/month");
    await expect(page).toHaveTitle("Pricing: Bookkeeping Plans from $299/month | Ledgerline Advisors");
    await shot(page, "pricing-from-catalogue", { widths: [390, 1280] });
  } finally {
    // Back as seeded: the public pages' checks read the seeded prices.
    await setProfessionalPrice(page, "599");
  }
  await expectPricingShows(page, "Professional", "$599/month");
});
