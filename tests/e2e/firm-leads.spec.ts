import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { requestConsultation } from "./support/leads.ts";
import { signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function staffPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  await signInWithRole(page, "staff");
  return page;
}

test.describe("the firm's leads inbox", () => {
  test("a consultation request reaches Leads; staff take it, note it and schedule a meeting", async ({ browser, page }) => {
    const id = unique();
    await requestConsultation(page, id);
    // The visitor learns nothing of the workspace.
    expect((await page.goto("/firm/leads"))?.status()).toBe(404);

    const staff = await staffPage(browser, 1280);
    await staff.goto("/firm");
    await expect(staff.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(staff.getByRole("link", { name: /New leads?$/ })).toBeVisible();
    await expectNoAxeViolations(staff);
    await shot(staff, "firm-overview");

    await staff.getByRole("navigation", { name: "Firm workspace" }).getByRole("link", { name: "Leads" }).click();
    await expect(staff.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    await staff.getByLabel("Search").fill(`okafor logistics ${id}`);
    await staff.getByText("More filters").click();
    await staff.getByLabel("Kind").selectOption("consultation");
    await staff.getByRole("button", { name: "Apply filters" }).click();
    await expect(staff).toHaveURL(/kind=consultation/);
    await expect(staff.getByRole("status").filter({ hasText: "1 lead" })).toBeVisible();
    const row = staff.getByRole("row").filter({ hasText: `lena-${id}@example.com` });
    await expect(row).toContainText("Consultation request");
    await expect(row).toContainText("New");
    await expect(row).toContainText("No owner");
    await expectNoAxeViolations(staff);
    await shot(staff, "firm-leads");

    await row.getByRole("link", { name: "Lena Okafor" }).click();
    await expect(staff.getByRole("heading", { level: 1, name: "Lena Okafor" })).toBeVisible();
    await expect(staff.getByText("Quarterly estimates keep surprising us.")).toBeVisible();

    await staff.getByRole("button", { name: "Take ownership" }).click();
    await expect(staff.getByRole("combobox", { name: "Owner" })).toHaveValue(/.+/);
    await expect(staff.getByRole("listitem").filter({ hasText: "Owner: staff@ledgerline.test" })).toContainText("Sam Staff");

    await staff.getByLabel("New note").fill("Prefers a call before 11am.");
    await staff.getByRole("button", { name: "Add note" }).click();
    await expect(staff.getByText("Prefers a call before 11am.")).toBeVisible();
    await expect(staff.getByLabel("New note")).toHaveValue("");

    await staff.getByRole("combobox", { name: "Status" }).selectOption("meeting_scheduled");
    await staff.getByRole("button", { name: "Save status" }).click();
    await expect(staff.getByRole("listitem").filter({ hasText: "Status: New → Meeting scheduled" })).toContainText("Sam Staff");
    // The page itself, once the toasts (checked by their own component) have gone.
    await expect(staff.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    await expectNoAxeViolations(staff);
    await shot(staff, "firm-lead");

    // The inbox shows the new state; the CSV of the same filters carries it too.
    await staff.goto(`/firm/leads?q=${encodeURIComponent(`lena-${id}`)}&status=meeting_scheduled`);
    await expect(staff.getByRole("row").filter({ hasText: `lena-${id}@example.com` })).toContainText("Sam Staff");
    const csv = await staff.request.get(`/api/firm/leads/export.csv?q=lena-${id}`);
    expect(await csv.text()).toContain("Meeting scheduled");
    await staff.context().close();
  });

  test("usable at phone width: cards, filters and the lead page", async ({ browser, page }) => {
    const id = unique();
    await requestConsultation(page, id);
    const phone = await staffPage(browser, 390);
    await phone.goto("/firm");
    await shot(phone, "firm-overview");
    await phone.goto("/firm/leads");
    await expect(phone.getByRole("table")).toBeHidden();
    const card = phone.getByRole("listitem").filter({ hasText: `lena-${id}@example.com` });
    await expect(card).toBeVisible();
    await expectNoAxeViolations(phone);
    // Nothing wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, "firm-leads");
    await card.getByRole("link", { name: "Lena Okafor" }).click();
    await expect(phone.getByRole("heading", { level: 1, name: "Lena Okafor" })).toBeVisible();
    await expect(phone.getByRole("button", { name: "Save status" })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(phone);
    await shot(phone, "firm-lead");
    await phone.context().close();
  });
});
