import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { openBooksSection, booksApi } from "./support/books.ts";

/**
 * Getting the books in: a chart written by Odoo and a French journal (decimal commas, day-first dates, no header)
 * imported from the shared fixtures, the trial balance they give, the export, and a repeated import adding nothing.
 */

const fixtures = path.resolve(import.meta.dirname, "../../../shared/fixtures/import");
type Kind = "Chart of accounts" | "Journal entries" | "Opening balances";

async function choose(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }, kind: Kind) {
  await page.getByLabel("CSV file (up to 20 MB)").setInputFiles(file);
  await page.getByLabel("What the file holds").selectOption({ label: kind });
  await page.getByRole("button", { name: "Preview" }).click();
}

test("import a chart and a journal from other programs, see the trial balance, export, import again: nothing added", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page);
  const orgId = (await booksApi(page)).split("/").at(-1);
  await page.goto(`/accounting/${orgId}`);
  await page.getByRole("link", { name: "Import and export" }).click();
  await expect(page).toHaveURL(`/accounting/${orgId}/import`);
  await expect(page.getByRole("heading", { name: "Import from CSV" })).toBeVisible();

  await choose(page, path.join(fixtures, "odoo-account.account-generic_coa.csv"), "Chart of accounts");
  await expect(page.getByRole("status").filter({ hasText: "new accounts" })).toHaveText("41 new accounts, 4 already there");
  // Odoo's 4000, 6000 and 6200 are ours under other names: nothing is imported until each has a choice.
  await expect(page.getByTestId("import-conflict")).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await page.getByLabel("What to do with 4000").selectOption({ label: "Keep ours: Sales Revenue" });
  await page.getByLabel("What to do with 6000").selectOption({ label: "Import it under another code" });
  await expect(page.getByLabel("Its code")).toHaveValue("6001");
  await page.getByLabel("What to do with 6200").selectOption({ label: "Take the file's: Bank Fees (Expense)" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("42 accounts created, 3 already in the chart (1 of them renamed or retyped as the file says)")).toBeVisible();

  const journal = path.join(fixtures, "akretion-account_move_generic-fr_coa.csv");
  await choose(page, journal, "Journal entries");
  await expect(page.getByLabel("Date format")).toHaveValue("01/03/2026");
  await expect(page.getByLabel("Number format")).toHaveValue("1.234,56");
  // Without a reference the rows group by date: two entries. Column 9 holds the reference.
  await expect(page.getByRole("status").filter({ hasText: "new entries" })).toContainText("2 new entries");
  await page.getByLabel("Reference", { exact: true }).selectOption({ label: "9: Column 9" });
  await expect(page.getByRole("status").filter({ hasText: "new entries" })).toContainText("3 new entries, 0 already there · 9 lines");
  await expect(page.getByText("Accounts not in the chart (7)")).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("3 entries imported, 0 already imported")).toBeVisible();

  await page.goto(`/accounting/${orgId}`);
  await openBooksSection(page, "Reports");
  await page.getByLabel("Start date").fill("2022-01-01");
  await page.getByLabel("End date").fill("2022-12-31");
  await expect(page.getByTestId("total-closing-debits")).toHaveText("$24,942.00");
  await expect(page.getByTestId("total-closing-credits")).toHaveText("$24,942.00");
  await expect(page.getByTestId("report-row").filter({ hasText: "641100" }).getByTestId("closing-debit")).toHaveText("$15,000.57");

  await page.goto(`/accounting/${orgId}/import`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Journal (CSV)" }).click();
  const exported = await (await download).path();
  const text = readFileSync(exported, "utf8");
  expect(text.split("\r\n")[0]).toBe(
    "entry,date,reference,description,account_code,account_name,debit,credit,external_ref,tax_code,tax_part,tax_base",
  );
  expect(text.split("\r\n").filter(Boolean)).toHaveLength(10);

  // The same French file again, then the export itself: nothing new either time.
  await choose(page, journal, "Journal entries");
  await expect(page.getByRole("status").filter({ hasText: "new entries" })).toContainText("0 new entries, 3 already there");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("0 entries imported, 3 already imported")).toBeVisible();
  await choose(page, exported, "Journal entries");
  await expect(page.getByRole("status").filter({ hasText: "new entries" })).toContainText("0 new entries, 3 already there");

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
});

/** A journal as DATEV-style programs export it: a title and a blank line above the column names. */
const DATEV = [
  "Buchungsjournal 01.01.2025 - 31.01.2025 (Beträge in EUR)",
  "",
  "Belegnr;Datum;Konto;Kontobezeichnung;Buchungstext;Soll;Haben",
  "RE-1;03.01.2025;1000;Kasse;Umsatz Kunde A;1.190,00;",
  "RE-1;03.01.2025;4000;Erlöse;Umsatz Kunde A;;1.190,00",
].join("\r\n");

test("a journal with a title above its columns, and opening balances from a CSV", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page);
  const orgId = (await booksApi(page)).split("/").at(-1);
  await page.goto(`/accounting/${orgId}/import`);

  await choose(page, { name: "buchungsjournal.csv", mimeType: "text/csv", buffer: Buffer.from(DATEV) }, "Journal entries");
  await expect(page.getByLabel("Header row")).toHaveValue("1");
  await expect(page.getByRole("status").filter({ hasText: "new entries" })).toContainText("1 new entries, 0 already there · 2 lines");
  // Chosen by hand, the title row names nothing: the columns are guessed again, and nothing maps.
  await page.getByLabel("Header row").selectOption({ index: 1 });
  await expect(page.getByText("Choose the column of: date, account, debit")).toBeVisible();
  await expect(page.getByLabel("Header row").locator("option", { hasText: "Line 3: Belegnr | Datum | Konto" })).toHaveAttribute(
    "value",
    "1",
  );
  await page.getByLabel("Header row").selectOption("1");
  await expect(page.getByLabel("Date format")).toHaveValue("01.03.2026");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("1 entries imported, 0 already imported")).toBeVisible();

  const opening = "account,debit,credit\n1000,2500.00,\n2000,,400.00\n";
  await choose(page, { name: "opening.csv", mimeType: "text/csv", buffer: Buffer.from(opening) }, "Opening balances");
  await page.getByLabel("As of").fill("2025-01-01");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("status").filter({ hasText: "opening balances" })).toHaveText(
    "2 opening balances as of 2025-01-01 · debits $2,500.00 · credits $400.00 · Opening Balance Equity: credit $2,100.00",
  );
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText(/^Opening balances of 2 accounts posted as \S+$/)).toBeVisible();

  // Again: the saved ones are replaced, asked first.
  await choose(page, { name: "opening.csv", mimeType: "text/csv", buffer: Buffer.from(opening) }, "Opening balances");
  await page.getByLabel("As of").fill("2025-01-01");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText(/^Importing replaces the opening entry \S+, which is reversed\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Replace" }).click();
  await expect(page.getByText(/replacing \S+ \(reversed\)$/)).toBeVisible();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
});
