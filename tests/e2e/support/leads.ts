import { expect, type Page } from "@playwright/test";

/** A visitor asks for a free consultation through the wizard, as Lena Okafor of "Okafor Logistics <id>". */
export async function requestConsultation(page: Page, id: string) {
  await page.goto("/consultation");
  await page.getByRole("button", { name: "Schedule Your Free Consultation" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Your Free Consultation" });
  await dialog.getByLabel("First Name").fill("Lena");
  await dialog.getByLabel("Last Name").fill("Okafor");
  await dialog.getByLabel("Email").fill(`lena-${id}@example.com`);
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Company Name").fill(`Okafor Logistics ${id}`);
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Tax Services").check();
  await dialog.getByLabel("Your Current Challenges").fill("Quarterly estimates keep surprising us.");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Morning (9AM-12PM)").check();
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog.getByText("Thank you, Lena!")).toBeVisible();
}
