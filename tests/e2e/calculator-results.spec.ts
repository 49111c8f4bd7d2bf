import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { waitForMail } from "./support/mail.ts";

const highlight = (page: Page, label: string) =>
  page
    .getByTestId("result-highlights")
    .locator("div", { has: page.getByText(label, { exact: true }) })
    .locator("dd");

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`calculator results at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("ROI: an investment that never pays back shows Never, with the reason", async ({ page }) => {
      await signUpAndSignIn(page);
      await page.goto("/calculators/roi");
      await page.getByLabel("Current Annual Revenue ($)").fill("100000");
      await page.getByLabel("Current Annual Costs ($)").fill("80000");
      await page.getByLabel("Projected Annual Revenue ($)").fill("95000");
      await page.getByLabel("Projected Annual Costs ($)").fill("80000");
      await page.getByLabel("Implementation Cost ($)").fill("30000");
      await page.getByRole("button", { name: "Calculate ROI" }).click();

      await expect(highlight(page, "Annual Savings")).toHaveText("-$5,000.00");
      await expect(highlight(page, "Payback Period")).toHaveText("Never");
      await expect(page.getByText("0 months")).toHaveCount(0);
      await expect(page.getByTestId("calculator-method")).toContainText("the implementation cost is never recovered");
      await expectNoAxeViolations(page);
    });

    test("R&D: the results explain the method; the form says the firm receives the figures, next to the button", async ({ page }) => {
      const { email } = await signUpAndSignIn(page);
      await page.goto("/calculators/rd-tax-credit");
      await page.getByLabel("Total Wages ($)").fill("200000");
      await page.getByLabel("Time Spent on R&D (%)").fill("50");
      await page.getByLabel("Supply Costs ($)").fill("10000");
      await page.getByLabel("Contractor Costs ($)").fill("20000");
      await page.getByLabel("Number of Employees").fill("8");
      await page.getByRole("button", { name: "Calculate Credit" }).click();
      await expect(highlight(page, "Estimated Credit")).toHaveText("$16,730.00");

      const method = page.getByTestId("calculator-method");
      await expect(method.getByRole("heading", { name: "How this estimate is worked out" })).toBeVisible();
      for (const text of [
        "times the share of time spent on R&D (50%)",
        "are each 65% of the amount you entered",
        "The estimated credit is 14% of total qualified expenses",
        "a further 10% of total qualified expenses",
        "not tax advice",
      ]) {
        await expect(method).toContainText(text);
      }

      const save = page.getByRole("form", { name: "Save and email your results" });
      const button = save.getByRole("button", { name: "Save Results" });
      const notice = save.getByText("Saving also sends your name, email and these figures to Ledgerline Advisors");
      await button.scrollIntoViewIfNeeded();
      await expect(notice).toBeInViewport();
      await expect(button).toHaveAccessibleDescription(/Saving also sends your name, email and these figures to Ledgerline Advisors/);
      // Next to the button: beside it on a wide screen, right under it on a phone.
      const b = (await button.boundingBox())!;
      const n = (await notice.boundingBox())!;
      const gap = Math.max(n.x - (b.x + b.width), n.y - (b.y + b.height), b.y - (n.y + n.height));
      expect(gap).toBeLessThan(24);
      await expectNoAxeViolations(page);

      // The analysis goes to the account's own address: the form names it and asks for no other.
      await expect(save.getByTestId("save-recipient")).toContainText(email);
      await expect(save.getByRole("textbox")).toHaveCount(0);
      await button.click();
      await expect(page.getByRole("heading", { name: "Results Saved!" })).toBeVisible();
      const lead = await waitForMail("firm@ledgerline.test", (m) => m.subject.includes(email));
      expect(lead.text).toContain("$16,730.00");
      const analysis = await waitForMail(email, (m) => m.subject.includes("R&D"));
      expect(analysis.text).toContain("The estimated credit is 14% of total qualified expenses.");
    });
  });
}
