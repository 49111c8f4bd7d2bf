import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { shot } from "./support/shots.ts";

/**
 * Issue 38: the same account's CSV, then its MT940 for the same days. The three movements the MT940 writes with other
 * texts are shown beside the lines already imported and skipped unless ticked; the file names another account than the
 * bank account's IBAN and is imported only once that is confirmed; a line kept by mistake is excluded with a reason,
 * shown under Excluded, and brought back.
 */

const fixtures = path.resolve(import.meta.dirname, "../../../shared/fixtures/bank");
const CSV = path.join(fixtures, "csv/rechnungspilot-vr-teilhaberbank.csv");
const MT940 = path.join(fixtures, "mt940/rechnungspilot-vr-teilhaberbank.mta");
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

async function preview(page: Page, file: string, expected: RegExp) {
  await expect(async () => {
    await page.getByLabel(/^Statement file/).setInputFiles(file);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText(expected)).toBeVisible({ timeout: 3000 });
  }).toPass();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the CSV then the MT940 of one account at ${viewport.width} px: duplicates skipped, a line excluded and brought back`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const books = await booksApi(page);
    const headers = { origin: process.env.E2E_BASE_URL! };
    expect((await page.request.put(`${books}/currency`, { headers, data: { currency: "EUR" } })).status()).toBe(200);
    const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as {
      accounts: { id: number; account_code: string }[];
    };
    const cash = accounts.find((a) => a.account_code === "1000")!.id;
    const created = await page.request.post(`${books.replace("/accounting/orgs", "/bank")}/accounts`, {
      headers,
      data: { name: "VR Girokonto", kind: "bank", account_id: cash, number: "DE89 3704 0044 0532 0130 00" },
    });
    const { account } = (await created.json()) as { account: { id: number } };
    await page.goto(`${books.replace("/api/accounting/orgs", "/accounting")}/bank/${account.id}`);
    await expect(page.getByRole("heading", { name: "VR Girokonto" })).toBeVisible();

    await preview(page, CSV, /5 new transactions, 2025-11-27 to 2025-12-01/);
    await page.getByRole("button", { name: "Import 5 transactions" }).click();
    await expect(page.getByText("5 transactions imported")).toBeVisible();

    // The MT940 of the same days: two lines imported before, three likely duplicates beside the lines they repeat.
    await preview(page, MT940, /0 new transactions, 2 already imported \(skipped\), 3 likely duplicates/);
    await expect(page.getByRole("alert").filter({ hasText: "This file is for account 76069559/0003267288" })).toContainText(
      "this bank account is DE89 3704 0044 0532 0130 00",
    );
    const pairs = page.getByTestId("likely-duplicate");
    await expect(pairs).toHaveCount(3);
    await expect(pairs.nth(2)).toContainText("059254925/Leben");
    await expect(pairs.nth(2)).toContainText("Already imported from rechnungspilot-vr-teilhaberbank.csv");
    await expect(pairs.nth(2)).toContainText("059254925/HDI Leben");
    await expect(page.getByRole("button", { name: "Import 0 transactions" })).toBeDisabled();
    // One kept all the same (by mistake); the account confirmed.
    await pairs
      .nth(2)
      .getByLabel(/Import line 38 all the same/)
      .check();
    await expect(page.getByRole("button", { name: "Import 1 transaction" })).toBeDisabled();
    await page.getByLabel(/It belongs to this bank account all the same/).check();
    await shot(page, "bank-duplicates-preview", { part: page.getByRole("region", { name: "Import a statement" }) });
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await page.getByRole("button", { name: "Import 1 transaction" }).click();
    await expect(page.getByText("1 transaction imported, 2 already imported, 2 skipped as likely duplicates")).toBeVisible();

    // The line kept by mistake, excluded with a reason: it leaves the lines to match and waits under Excluded.
    const kept = row(page, "059254925/Leben");
    await kept.getByRole("button", { name: /^Exclude / }).click();
    const dialog = page.getByRole("dialog", { name: "Exclude this line" });
    await dialog.getByLabel("Reason").fill("The CSV's line of the same payment");
    await dialog.getByRole("button", { name: "Exclude line" }).click();
    await expect(toast(page, "Line excluded: it counts nowhere")).toBeVisible();
    await expect(row(page, "059254925/Leben")).toHaveCount(0);
    await page.getByRole("link", { name: "Excluded (1)" }).click();
    await expect(row(page, "059254925/Leben")).toContainText("The CSV's line of the same payment");
    await shot(page, "bank-duplicates-excluded", { part: page.getByRole("region", { name: "Statement lines" }) });
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await row(page, "059254925/Leben")
      .getByRole("button", { name: /^Bring back/ })
      .click();
    await expect(toast(page, "Line brought back: it counts again")).toBeVisible();
    await expect(page.getByText("No line is excluded.")).toBeVisible();
    await page.getByRole("link", { name: "To match" }).click();
    await expect(row(page, "059254925/Leben")).toHaveCount(1);
  });
}
