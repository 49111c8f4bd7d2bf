import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { waitForMail } from "./support/mail.ts";
import { issueRoi } from "../../src/features/calculators/calculators.fixtures.ts";

async function fillRoi(
  page: Page,
  v: { revenue: string; costs: string; projRevenue: string; projCosts: string; cost: string; months: string },
) {
  await page.getByLabel("Current Annual Revenue ($)").fill(v.revenue);
  await page.getByLabel("Current Annual Costs ($)").fill(v.costs);
  await page.getByLabel("Projected Annual Revenue ($)").fill(v.projRevenue);
  await page.getByLabel("Projected Annual Costs ($)").fill(v.projCosts);
  await page.getByLabel("Implementation Cost ($)").fill(v.cost);
  await page.getByLabel("Timeframe (months)").fill(v.months);
}

async function fillRnd(page: Page, v: { wages: string; percent: string; supplies: string; contractors: string; employees: string }) {
  await page.getByLabel("Total Wages ($)").fill(v.wages);
  await page.getByLabel("Time Spent on R&D (%)").fill(v.percent);
  await page.getByLabel("Supply Costs ($)").fill(v.supplies);
  await page.getByLabel("Contractor Costs ($)").fill(v.contractors);
  await page.getByLabel("Number of Employees").fill(v.employees);
}

const ISSUE_ROI = { revenue: "100000", costs: "80000", projRevenue: "120000", projCosts: "85000", cost: "30000", months: "12" };
const ISSUE_RND = { wages: "200000", percent: "50", supplies: "10000", contractors: "20000", employees: "15" };

const highlight = (page: Page, label: string) =>
  page
    .getByTestId("result-highlights")
    .locator("div", { has: page.getByText(label, { exact: true }) })
    .locator("dd");

test.describe("calculators", () => {
  test("signed out: sent to the login page with the calculator as the return path", async ({ page }) => {
    await page.goto("/calculators/rd-tax-credit");
    await expect(page).toHaveURL(/\/login\?from=%2Fcalculators%2Frd-tax-credit$/);
  });

  test("picker links to both calculators; each has a back button to /calculators; no axe violations", async ({ page }) => {
    await signUpAndSignIn(page);
    await page.goto("/calculators");
    await expect(page.getByRole("heading", { level: 1, name: "Financial Calculators" })).toBeVisible();
    await expect(page.getByText("You have no saved results yet.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Open the ROI Calculator" }).click();
    await expect(page).toHaveURL(/\/calculators\/roi$/);
    await expect(page.getByRole("heading", { level: 1, name: "ROI Calculator" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Calculators" }).click();
    await expect(page).toHaveURL(/\/calculators$/);

    await page.getByRole("link", { name: "Open the R&D Tax Credit Calculator" }).click();
    await expect(page).toHaveURL(/\/calculators\/rd-tax-credit$/);
    await expect(page.getByRole("heading", { level: 1, name: "R&D Tax Credit Calculator" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Calculators" }).click();
    await expect(page).toHaveURL(/\/calculators$/);
  });

  test("ROI: the issue's inputs give $15,000.00, 50%, 24 months; saving mails the figures to the account and lists the result", async ({
    page,
  }) => {
    const { email } = await signUpAndSignIn(page);
    await page.goto("/calculators/roi");
    await expect(page.getByLabel("Timeframe (months)")).toHaveValue("12");
    await expectNoAxeViolations(page);
    await fillRoi(page, ISSUE_ROI);
    await page.getByRole("button", { name: "Calculate ROI" }).click();

    await expect(page.getByRole("heading", { name: "Your Results", exact: true })).toBeFocused();
    await expect(highlight(page, "Annual Savings")).toHaveText("$15,000.00");
    await expect(highlight(page, "ROI")).toHaveText("50%");
    await expect(highlight(page, "Payback Period")).toHaveText("24 months");
    await expectNoAxeViolations(page);

    // The analysis goes to the account's own address, greeting the account's name: the form asks for neither.
    const save = page.getByRole("form", { name: "Save and email your results" });
    await expect(save.getByTestId("save-recipient")).toHaveText(`The analysis goes to your account's email address, ${email}.`);
    await expect(save.getByRole("textbox")).toHaveCount(0);
    await save.getByRole("button", { name: "Save Results" }).click();

    await expect(page.getByRole("heading", { name: "Results Saved!" })).toBeVisible();
    await expect(page.getByText(`A detailed analysis has been sent to ${email}.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Results", exact: true })).toHaveCount(0);

    const mail = await waitForMail(email, (m) => m.subject.includes("ROI"));
    expect(mail.text).toContain("Annual Savings: $15,000.00");
    expect(mail.text).toContain("ROI: 50%");
    expect(mail.text).toContain("Payback Period: 24 months");
    expect(mail.text).toContain("Hello Dana Whitfield,");
    expect(mail.html).toContain("$15,000.00");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.mimeType).toBe("application/pdf");
    expect(mail.attachments[0]!.size).toBeGreaterThan(1000);
    const lead = await waitForMail("firm@ledgerline.test", (m) => m.subject.includes(email));
    expect(lead.text).toContain("$15,000.00");

    // The picker lists it; opening it shows its figures again.
    await page.getByRole("link", { name: "Back to Calculators" }).click();
    const saved = page.getByTestId("saved-results");
    await expect(saved.getByText(`sent to ${email}`)).toBeVisible();
    await saved.getByRole("link", { name: "ROI Calculator: Annual Savings $15,000.00" }).click();
    await expect(page).toHaveURL(/\/calculators\/roi\?submission=[0-9a-f-]{36}$/);
    await expect(highlight(page, "ROI")).toHaveText("50%");
    await expect(page.getByText(`the detailed analysis was sent to ${email}`)).toBeVisible();
  });

  test("R&D: the issue's inputs give $119,500.00, $16,730.00, $28,680.00; saving mails the figures", async ({ page }) => {
    const { email } = await signUpAndSignIn(page);
    await page.goto("/calculators/rd-tax-credit");
    await expectNoAxeViolations(page);
    await fillRnd(page, ISSUE_RND);
    await page.getByRole("button", { name: "Calculate Credit" }).click();

    await expect(highlight(page, "Total Qualified Expenses")).toHaveText("$119,500.00");
    await expect(highlight(page, "Estimated Credit")).toHaveText("$16,730.00");
    await expect(highlight(page, "Potential Savings")).toHaveText("$28,680.00");
    await expectNoAxeViolations(page);

    // Edit keeps the inputs.
    await page.getByRole("button", { name: "Edit inputs" }).click();
    await expect(page.getByLabel("Total Wages ($)")).toHaveValue("200000");
    await page.getByRole("button", { name: "Calculate Credit" }).click();

    const save = page.getByRole("form", { name: "Save and email your results" });
    await save.getByRole("button", { name: "Save Results" }).click();
    await expect(page.getByRole("heading", { name: "Results Saved!" })).toBeFocused();

    const mail = await waitForMail(email, (m) => m.subject.includes("R&D"));
    for (const figure of [
      "Total Qualified Expenses: $119,500.00",
      "Estimated Credit: $16,730.00",
      "Potential Savings: $28,680.00",
      "Employees: 15",
    ]) {
      expect(mail.text).toContain(figure);
    }
    expect(mail.attachments.map((a) => a.mimeType)).toEqual(["application/pdf"]);
  });

  test("out-of-range or missing values are explained inline and not computed", async ({ page }) => {
    await signUpAndSignIn(page);
    await page.goto("/calculators/roi");
    await fillRoi(page, { ...ISSUE_ROI, months: "61", costs: "-5" });
    await page.getByRole("button", { name: "Calculate ROI" }).click();
    await expect(page.getByText("Timeframe must be between 1 and 60 months")).toBeVisible();
    await expect(page.getByText(/Current annual costs must be 0 or more/)).toBeVisible();
    await expect(page.getByLabel("Timeframe (months)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("heading", { name: "Your Results", exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto("/calculators/rd-tax-credit");
    await fillRnd(page, { ...ISSUE_RND, percent: "101", employees: "-2" });
    await page.getByLabel("Supply Costs ($)").fill("");
    await page.getByRole("button", { name: "Calculate Credit" }).click();
    await expect(page.getByText("Time spent on R&D must be between 0 and 100 percent")).toBeVisible();
    await expect(page.getByText("Number of employees must be 0 or more")).toBeVisible();
    await expect(page.getByText("Supply costs is required")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Results", exact: true })).toHaveCount(0);

    // Fixing the values computes.
    await page.getByLabel("Time Spent on R&D (%)").fill("50");
    await page.getByLabel("Number of Employees").fill("3");
    await page.getByLabel("Supply Costs ($)").fill("10000");
    await page.getByRole("button", { name: "Calculate Credit" }).click();
    await expect(highlight(page, "Estimated Credit")).toHaveText("$16,730.00");
  });

  test("a failed save shows the spec's error toast and keeps the results", async ({ page }) => {
    await signUpAndSignIn(page);
    await page.goto("/calculators/roi");
    await fillRoi(page, ISSUE_ROI);
    await page.getByRole("button", { name: "Calculate ROI" }).click();
    await page.route("**/api/calculators/submissions", (route) => route.fulfill({ status: 500, json: { error: "down" } }));
    const save = page.getByRole("form", { name: "Save and email your results" });
    await save.getByRole("button", { name: "Save Results" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast.getByText("Failed to save results. Please try again.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Results", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Results Saved!" })).toHaveCount(0);
  });
});

test.describe("calculators: the save limit", () => {
  test("a save over the hourly limit shows the server's message and when to try again", async ({ page, baseURL }) => {
    await signUpAndSignIn(page);
    // Use up the hour's saves through the API, as the page would (same session, same origin).
    for (let i = 0; i < 20; i++) {
      const saved = await page.request.post("/api/calculators/submissions", {
        data: { calculatorType: "roi", inputs: issueRoi },
        headers: { origin: new URL(baseURL!).origin },
      });
      expect(saved.status(), await saved.text()).toBe(201);
    }
    await page.goto("/calculators/roi");
    await fillRoi(page, ISSUE_ROI);
    await page.getByRole("button", { name: "Calculate ROI" }).click();
    const save = page.getByRole("form", { name: "Save and email your results" });
    await save.getByRole("button", { name: "Save Results" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast.getByText("Too many saved results in the last hour. Please try again later. Try again in 1 hour.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Results Saved!" })).toHaveCount(0);
  });
});

test.describe("calculators before JavaScript runs", () => {
  test.use({ javaScriptEnabled: false });

  test("the form is checked and computed by the server", async ({ page }) => {
    await signUpAndSignIn(page);
    await page.goto("/calculators/rd-tax-credit");
    await fillRnd(page, { ...ISSUE_RND, percent: "150" });
    await page.getByRole("button", { name: "Calculate Credit" }).click();
    await expect(page.getByText("Time spent on R&D must be between 0 and 100 percent")).toBeVisible();
    await expect(page.getByLabel("Total Wages ($)")).toHaveValue("200000");
    await expect(page.getByRole("heading", { name: "Your Results", exact: true })).toHaveCount(0);

    await page.getByLabel("Time Spent on R&D (%)").fill("50");
    await page.getByRole("button", { name: "Calculate Credit" }).click();
    await expect(highlight(page, "Total Qualified Expenses")).toHaveText("$119,500.00");
    await expect(highlight(page, "Estimated Credit")).toHaveText("$16,730.00");
    await expect(highlight(page, "Potential Savings")).toHaveText("$28,680.00");
    // Saving goes through the JSON API: offered once the script runs.
    await expect(page.getByRole("button", { name: "Save Results" })).toBeDisabled();
  });
});
