import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { shot } from "./support/shots.ts";

/**
 * The books' tax codes: Belgium's set applied from the screen (its codes listed, its accounts in the chart), then a
 * code added by hand with one part and listed with its rate.
 */

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const row = (page: Page, code: string) => page.getByRole("row").filter({ has: page.getByRole("cell", { name: code, exact: true }) });

test("tax codes: the Belgian set applied, a code added by hand and listed", async ({ page }) => {
  test.setTimeout(150_000);
  await signUpAndSignIn(page);
  const books = await booksApi(page);
  await page.goto(books.replace("/api/accounting/orgs", "/accounting"));
  await openBooksSection(page, "Tax");
  await expect(page.getByText("No tax codes yet.")).toBeVisible();

  await page.getByRole("button", { name: "Apply Belgium VAT" }).click();
  await expect(toast(page, "Belgium VAT: 17 codes added, 5 accounts added to the chart")).toBeVisible();
  await expect(row(page, "BE-S21")).toContainText("21%");
  await expect(row(page, "BE-ICA21")).toContainText("Reverse charge");

  const form = page.getByRole("form", { name: "New tax code" });
  await form.getByLabel("Code", { exact: true }).fill("BE-S05");
  await form.getByLabel("Name", { exact: true }).fill("Sales at 5.5%");
  await form.getByLabel("Boxes of the base").fill("01");
  await form.getByLabel("Part 1 name").fill("VAT 5.5%");
  await form.getByLabel("Rate (%)").fill("5.55555");
  await form.getByLabel("Account", { exact: true }).selectOption({ label: "2322 VAT payable 6%" });
  await form.getByLabel("Boxes (optional)", { exact: true }).fill("54");
  await form.getByRole("button", { name: "Save tax code" }).click();
  await expect(form.getByText("Rate must have at most 4 decimals")).toBeVisible();
  await form.getByLabel("Rate (%)").fill("5.5");
  await form.getByRole("button", { name: "Save tax code" }).click();
  await expect(toast(page, "Tax code saved")).toBeVisible();
  await expect(row(page, "BE-S05")).toContainText("5.5%");
  await expect(row(page, "BE-S05")).toContainText("2322");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "tax-codes", { widths: [390, 1280], part: page.getByRole("table", { name: "Tax codes" }) });
  await shot(page, "tax-code-form", { widths: [390, 1280], part: form });
});
