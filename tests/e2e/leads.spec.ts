import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { waitForMail } from "./support/mail.ts";
import { MIN_SUBMIT_MS } from "../../src/features/leads/spam.ts";

const FIRM = "firm@ledgerline.test";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

test.describe("contact form", () => {
  test("required fields, 'Message Sent!', a cleared form, and the firm's mail carrying the message", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    const form = page.getByRole("form", { name: "Contact form" });

    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Validation Error")).toContainText("Please fill in all required fields.");
    await expect(form.getByLabel("First Name")).toBeFocused();
    await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");

    const id = unique();
    const message = `Our books are two years behind (${id}). Can you help?`;
    await form.getByLabel("First Name").fill("Maria");
    await form.getByLabel("Last Name").fill("Gonzalez");
    await form.getByLabel("Email").fill(`maria-${id}@example.com`);
    await form.getByLabel("Company").fill("Gonzalez Bakery");
    await form.getByLabel("Service of Interest").selectOption("bookkeeping");
    // Company and service are optional; without the message it is still incomplete.
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Validation Error").last()).toContainText("Please fill in all required fields.");
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Send Message" }).click();

    await expect(toast(page, "Message Sent!")).toContainText("Thank you for your message. We'll get back to you within 24 hours.");
    for (const label of ["First Name", "Last Name", "Email", "Company", "Message"]) await expect(form.getByLabel(label)).toHaveValue("");
    await expect(form.getByLabel("Service of Interest")).toHaveValue("");

    const firmMail = await waitForMail(FIRM, (m) => m.text.includes(id));
    expect(firmMail.text).toContain(`Message: ${message}`);
    expect(firmMail.text).toContain("Company: Gonzalez Bakery");
    expect(firmMail.text).toContain("Service: Bookkeeping");
    expect(firmMail.replyTo).toEqual([`maria-${id}@example.com`]);
    await waitForMail(`maria-${id}@example.com`);
  });

  test("a failed send keeps what was typed and says 'Failed to send message. Please try again.'", async ({ page }) => {
    await page.route("**/api/leads/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"down"}' }),
    );
    await gotoHydrated(page, "/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("First Name").fill("Ann");
    await form.getByLabel("Last Name").fill("Lee");
    await form.getByLabel("Email").fill("ann@example.com");
    await form.getByLabel("Message").fill("Hello");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Error")).toContainText("Failed to send message. Please try again.");
    await expect(form.getByLabel("Message")).toHaveValue("Hello");
  });

  test("Apply Now from careers prefills the message and selects 'Other'", async ({ page }) => {
    await page.goto(`/contact?position=${encodeURIComponent("Senior Tax Associate")}`);
    const form = page.getByRole("form", { name: "Contact form" });
    await expect(form.getByLabel("Message")).toHaveValue("I'd like to apply for the Senior Tax Associate position.");
    await expect(form.getByLabel("Service of Interest")).toHaveValue("other");
  });

  test("contact details, business hours, a link to /consultation, and no axe violations", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const hours = page.getByRole("region", { name: "Business Hours" });
    await expect(hours).toContainText("Monday - Friday");
    await expect(hours).toContainText("9:00 - 18:00");
    await expect(hours).toContainText("10:00 - 14:00");
    await expect(hours).toContainText("Closed");
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /consultation/i })
        .first(),
    ).toHaveAttribute("href", "/consultation");
    await expect(page.locator('script[type="application/ld+json"]').first()).toBeAttached();
    await expectNoAxeViolations(page);
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("posts as a plain form; the message is stored and notified, and the page says so", async ({ page }) => {
    await page.goto("/contact");
    const id = unique();
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("First Name").fill("Noah");
    await form.getByLabel("Last Name").fill("Script");
    await form.getByLabel("Email").fill(`noah-${id}@example.com`);
    await form.getByLabel("Message").fill(`Plain form ${id}`);
    await page.waitForTimeout(MIN_SUBMIT_MS); // never faster than the anti-spam minimum, as a person
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1/);
    await expect(page.getByRole("status")).toHaveText("Message Sent! Thank you for your message. We'll get back to you within 24 hours.");
    await waitForMail(FIRM, (m) => m.text.includes(`Plain form ${id}`));
  });
});

test.describe("consultation wizard", () => {
  test("the page: explanation, two testimonials, no axe violations (also with the wizard open)", async ({ page }) => {
    await gotoHydrated(page, "/consultation");
    await expect(page.getByRole("heading", { level: 1, name: "Free 30-Minute Consultation" })).toBeVisible();
    await expect(page.getByRole("figure")).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Schedule Your Free Consultation" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("each step's rules, Previous/Next, 'Consultation Requested!', and the notification carrying the company", async ({ page }) => {
    await gotoHydrated(page, "/consultation");
    await page.getByRole("button", { name: "Schedule Your Free Consultation" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Your Free Consultation" });
    const next = dialog.getByRole("button", { name: "Next" });
    const previous = dialog.getByRole("button", { name: "Previous" });
    const id = unique();
    const company = `Northwind Traders ${id}`;

    // Step 1: Personal Info. First name, last name, email required; phone optional.
    await expect(dialog.getByRole("heading", { name: "Step 1 of 4: Personal Info" })).toBeVisible();
    await expect(previous).toBeDisabled();
    await expect(next).toBeDisabled();
    await dialog.getByLabel("First Name").fill("Raj");
    await dialog.getByLabel("Last Name").fill("Patel");
    await expect(next).toBeDisabled();
    await dialog.getByLabel("Email").fill("raj@");
    await expect(next).toBeDisabled();
    await dialog.getByLabel("Email").fill(`raj-${id}@example.com`);
    await expect(next).toBeEnabled();
    await dialog.getByLabel("First Name").fill("");
    await expect(next).toBeDisabled();
    await dialog.getByLabel("First Name").fill("Raj");
    await next.click();

    // Step 2: Company Details. Company required; revenue range optional.
    await expect(dialog.getByRole("heading", { name: "Step 2 of 4: Company Details" })).toBeFocused();
    await expect(previous).toBeEnabled();
    await expect(next).toBeDisabled();
    await dialog.getByLabel("Company Name").fill(company);
    await expect(next).toBeEnabled();
    await dialog.getByLabel("Annual Revenue").selectOption("1m-5m");
    await previous.click();
    await expect(dialog.getByLabel("Email")).toHaveValue(`raj-${id}@example.com`);
    await next.click();
    await expect(dialog.getByLabel("Company Name")).toHaveValue(company);
    await next.click();

    // Step 3: Services & Needs. At least one service and the challenges.
    await expect(dialog.getByRole("heading", { name: "Step 3 of 4: Services & Needs" })).toBeVisible();
    await expect(dialog.getByRole("checkbox")).toHaveCount(4);
    await expect(next).toBeDisabled();
    await dialog.getByLabel("Tax Services").check();
    await expect(next).toBeDisabled();
    await dialog.getByLabel("Your Current Challenges").fill("Month-end close takes three weeks.");
    await expect(next).toBeEnabled();
    await dialog.getByLabel("Tax Services").uncheck();
    await expect(next).toBeDisabled();
    await dialog.getByLabel("ERP Consulting").check();
    await dialog.getByLabel("Financial Advisory").check();
    await next.click();

    // Step 4: Scheduling. Nothing required; Submit instead of Next.
    await expect(dialog.getByRole("heading", { name: "Step 4 of 4: Scheduling" })).toBeVisible();
    await expect(next).toHaveCount(0);
    await dialog.getByLabel("Afternoon (12PM-5PM)").check();

    // Focus stays inside the dialog.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }

    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(toast(page, "Consultation Requested!")).toContainText("We'll contact you within 24 hours to schedule your call.");
    await expect(dialog.getByText("Thank you, Raj!")).toBeVisible();

    const firmMail = await waitForMail(FIRM, (m) => m.text.includes(company));
    expect(firmMail.subject).toContain(company);
    expect(firmMail.text).toContain("Services interested: ERP Consulting, Financial Advisory");
    expect(firmMail.text).toContain("Annual revenue: $1M - $5M");
    expect(firmMail.text).toContain("Preferred time: Afternoon (12PM-5PM)");
    await waitForMail(`raj-${id}@example.com`);

    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("button", { name: "Schedule Your Free Consultation" })).toBeFocused();
    // A new request starts again at step 1 with empty fields.
    await page.getByRole("button", { name: "Schedule Your Free Consultation" }).click();
    await expect(dialog.getByRole("heading", { name: "Step 1 of 4: Personal Info" })).toBeVisible();
    await expect(dialog.getByLabel("First Name")).toHaveValue("");
  });

  test("a failed submission says 'Failed to submit request. Please try again.' and keeps the answers", async ({ page }) => {
    await page.route("**/api/leads/consultation", (route) => route.abort("failed"));
    await gotoHydrated(page, "/consultation");
    await page.getByRole("button", { name: "Schedule Your Free Consultation" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("First Name").fill("Ann");
    await dialog.getByLabel("Last Name").fill("Lee");
    await dialog.getByLabel("Email").fill("ann@example.com");
    await dialog.getByLabel("Email").press("Enter"); // Enter moves on, it does not submit
    await dialog.getByLabel("Company Name").fill("Lee Dental");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel("Bookkeeping").check();
    await dialog.getByLabel("Your Current Challenges").fill("Payroll errors.");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(toast(page, "Error")).toContainText("Failed to submit request. Please try again.");
    await expect(dialog.getByRole("heading", { name: "Step 4 of 4: Scheduling" })).toBeVisible();
    await dialog.getByRole("button", { name: "Previous" }).click();
    await expect(dialog.getByLabel("Your Current Challenges")).toHaveValue("Payroll errors.");
  });
});
