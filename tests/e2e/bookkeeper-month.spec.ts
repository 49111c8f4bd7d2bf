import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi, openBooksSection } from "./support/books.ts";
import { pickAccount } from "./support/entry-form.ts";
import { shot } from "./support/shots.ts";

/**
 * A bookkeeper's first month in one go, as issue 28 tells it: the opening balances, a chart and a journal written by
 * other programs imported from the shared fixtures, a month of entries typed by keyboard with a receipt, the rent made
 * recurring, the journal searched, and the whole journal exported; the export, run through Debian's `ledger`, gives
 * the trial balance the product shows, account by account, to the cent.
 */

const fixtures = path.resolve(import.meta.dirname, "../../../shared/fixtures/import");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQc1hPEmIY1TCqYfhqAAByJQ0QIpDAYQAAAABJRU5ErkJggg==",
  "base64",
);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

async function importFile(page: Page, file: string, kind: "Chart of accounts" | "Journal entries") {
  await page.getByLabel("CSV file (up to 20 MB)").setInputFiles(file);
  await page.getByLabel("What the file holds").selectOption({ label: kind });
  await page.getByRole("button", { name: "Preview" }).click();
}

const cents = (amount: string) => {
  const [whole, fraction = ""] = amount.replace(/[$,]/g, "").split(".");
  const sign = whole!.startsWith("-") ? -1n : 1n;
  return sign * (BigInt(whole!.replace("-", "")) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2)));
};

/** Each account's balance (debits − credits, in cents) by `ledger bal` over the exported journal CSV. */
function ledgerBalances(csv: string): Map<string, bigint> {
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  const entries = new Map<string, Record<string, string>[]>();
  for (const r of rows) entries.set(r.entry!, [...(entries.get(r.entry!) ?? []), r]);
  let journal = "";
  for (const lines of entries.values()) {
    journal += `\n${lines[0]!.date} * ${lines[0]!.entry}\n`;
    for (const l of lines) journal += `    Books:${l.account_code}  $${l.debit && cents(l.debit) !== 0n ? l.debit : `-${l.credit}`}\n`;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "ledger-month-"));
  try {
    const file = path.join(dir, "books.ledger");
    writeFileSync(file, journal);
    const r = spawnSync("ledger", ["-f", file, "bal", "--flat", "--no-total", "-F", "%(account)\t%(quantity(display_total))\n"], {
      encoding: "utf8",
    });
    expect(r.error, "Debian's ledger must be installed (apt-get install ledger)").toBeUndefined();
    expect(r.status, r.stderr).toBe(0);
    const net = new Map<string, bigint>();
    for (const line of r.stdout.trim().split("\n").filter(Boolean)) {
      const [account, quantity] = line.split("\t");
      net.set(account!.replace("Books:", ""), cents(quantity!));
    }
    return net;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a bookkeeper's first month: opening balances, imports, a month by keyboard with a receipt, recurring rent, search, export checked by ledger", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpAndSignIn(page);
  const books = await booksApi(page);
  const orgPath = books.replace("/api/accounting/orgs", "/accounting");

  // 1. The opening balances as of January 1: cash and a loan, the difference to Opening Balance Equity.
  await page.goto(orgPath);
  await openBooksSection(page, "Opening balances");
  const opening = page.getByRole("form", { name: "Opening balances" });
  await expect(async () => {
    await opening.getByLabel("As of").fill("2026-01-01");
    await opening.getByLabel("1000 Cash Debit").fill("10,000");
    await opening.getByLabel("2500 Loans Payable Credit").fill("4,000.00");
    await expect(opening.getByTestId("opening-equity")).toHaveText("credit $6,000.00", { timeout: 2000 });
  }).toPass();
  await opening.getByRole("button", { name: "Post opening balances" }).click();
  await expect(toast(page, "Opening balances posted")).toBeVisible();

  // 2. A chart written by Odoo and a French journal (decimal commas, day-first dates), from the shared fixtures.
  await openBooksSection(page, "Import and export");
  await importFile(page, path.join(fixtures, "odoo-account.account-generic_coa.csv"), "Chart of accounts");
  await expect(page.getByRole("status").filter({ hasText: "new accounts" })).toHaveText("41 new accounts, 4 already there");
  // Odoo's 4000, 6000 and 6200 are ours under other names: this bookkeeper keeps ours.
  for (const code of ["4000", "6000", "6200"]) await page.getByLabel(`What to do with ${code}`).selectOption("keep");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("41 accounts created, 4 already in the chart")).toBeVisible();
  await importFile(page, path.join(fixtures, "akretion-account_move_generic-fr_coa.csv"), "Journal entries");
  await page.getByLabel("Reference", { exact: true }).selectOption({ label: "9: Column 9" });
  await expect(page.getByRole("status").filter({ hasText: "new entries" })).toContainText("3 new entries, 0 already there · 9 lines");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("3 entries imported, 0 already imported")).toBeVisible();

  // 3. February by keyboard: the flour bill, then (Save and New) the week's sales split over two revenue accounts.
  await openBooksSection(page, "Journal Entries");
  const dialog = page.getByRole("dialog", { name: "New Journal Entry" });
  await expect(async () => {
    await page.getByRole("button", { name: "New Entry" }).click();
    await expect(dialog).toBeVisible({ timeout: 2000 });
  }).toPass();
  await dialog.getByLabel("Description", { exact: true }).fill("Flour from the mill");
  await dialog.getByLabel("Entry date", { exact: true }).fill("2026-02-02");
  await pickAccount(dialog, 1, "5000 Cost of Goods Sold");
  await dialog.getByLabel("Line 1 debit").fill("480");
  await pickAccount(dialog, 2, "1000 Cash");
  await dialog.getByLabel("Line 2 credit").fill("480.00");
  await dialog.getByRole("button", { name: "Save and New" }).click();
  await expect(toast(page, "Journal entry saved successfully")).toBeVisible();
  await expect(dialog.getByLabel("Description", { exact: true })).toBeFocused();
  await page.keyboard.type("Bread sales, first week");
  await expect(dialog.getByLabel("Entry date", { exact: true })).toHaveValue("2026-02-02");
  await dialog.getByLabel("Entry date", { exact: true }).fill("2026-02-06");
  await pickAccount(dialog, 1, "1000 Cash");
  await dialog.getByLabel("Line 1 debit").fill("1,234.56");
  await pickAccount(dialog, 2, "4000 Sales Revenue");
  await dialog.getByLabel("Line 2 credit").fill("1,000");
  // Tab from the last credit of an unbalanced entry: a new line; the difference offered for it.
  await dialog.getByLabel("Line 2 credit").focus();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("combobox", { name: "Line 3 account" })).toBeFocused();
  await page.keyboard.type("4100");
  await dialog.getByRole("option", { name: "4100 Service Revenue", exact: true }).click();
  await dialog.getByRole("button", { name: "Balance with a credit of $234.56" }).click();
  await expect(dialog.getByTestId("total-credit")).toHaveText("$1,234.56");
  await dialog.getByRole("button", { name: "Save Draft" }).click();
  await expect(dialog).toBeHidden();

  // Both drafts posted together.
  const rows = page.getByTestId("entry-row");
  const numberOf = async (text: string) => (await rows.filter({ hasText: text }).locator("td").first().innerText()).trim();
  const flour = await numberOf("Flour from the mill");
  const sales = await numberOf("Bread sales, first week");
  await page.getByRole("checkbox", { name: `Select ${flour} to post` }).check();
  await page.getByRole("checkbox", { name: `Select ${sales} to post` }).check();
  await page.getByRole("button", { name: "Post selected (2)" }).click();
  await page.getByRole("alertdialog", { name: "Post 2 drafts?" }).getByRole("button", { name: "Post Entries" }).click();
  await expect(toast(page, "2 entries posted")).toBeVisible();

  // The mill's receipt goes with its entry.
  await page.getByRole("button", { name: `View ${flour}`, exact: true }).click();
  const details = page.getByRole("dialog", { name: `Journal Entry ${flour}` });
  await details
    .getByLabel("Add a document (PDF, PNG, JPEG or HEIC, up to 10 MB)")
    .setInputFiles({ name: "mill receipt.png", mimeType: "image/png", buffer: PNG });
  await expect(toast(page, "Document added")).toBeVisible();
  await expect(details.getByTestId("entry-document")).toContainText("mill receipt.png");
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  // 4. The shop's rent, January to June on the last day of each month, posted as it comes due: all six due already.
  await openBooksSection(page, "Recurring entries");
  const rent = page.getByRole("dialog", { name: "New recurring entry" });
  await expect(async () => {
    await page.getByRole("button", { name: "New recurring entry" }).click();
    await expect(rent).toBeVisible({ timeout: 2000 });
  }).toPass();
  await rent.getByLabel("Description", { exact: true }).fill("Shop rent");
  await rent.getByLabel("Reference (optional)").fill("LEASE-2026");
  await pickAccount(rent, 1, "6000 Rent Expense");
  await rent.getByLabel("Line 1 debit").fill("1,200");
  await pickAccount(rent, 2, "1000 Cash");
  await rent.getByLabel("Line 2 credit").fill("1200");
  await rent.getByLabel("Day of the month").selectOption({ label: "Last day of the month" });
  await rent.getByLabel("Start date").fill("2026-01-31");
  await rent.getByLabel("End date").fill("2026-06-30");
  await rent.getByLabel("Post each entry automatically (otherwise each is saved as a draft to review)").check();
  await expect(rent.getByTestId("schedule-preview")).toContainText("6 runs are already due (2026-01-31 to 2026-06-30)");
  await rent.getByRole("button", { name: "Save recurring entry" }).click();
  await expect(toast(page, "Recurring entry saved")).toContainText("6 posted entries made for the dates already due.");
  const schedule = page.getByTestId("recurring-row").filter({ hasText: "Shop rent" });
  await expect(schedule).toContainText("Monthly on the last day");
  await expect(schedule).toContainText("Ended");
  await shot(page, "month-recurring");

  // 5. Found again: by words of the description, then by amount.
  await openBooksSection(page, "Journal Entries");
  const search = page.getByRole("search", { name: "Search the journal" });
  await search.getByLabel("Search", { exact: true }).fill("mill flour");
  await search.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=mill\+flour/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(flour);
  await search.getByLabel("Search", { exact: true }).fill("1200");
  await search.getByRole("button", { name: "Search", exact: true }).click();
  await expect(rows).toHaveCount(6);
  await expect(rows.filter({ hasText: "2026-02-28" })).toContainText("Shop rent");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "month-search");

  // 6. The journal exported; `ledger` over the export agrees with the trial balance on every account.
  await openBooksSection(page, "Import and export");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Journal (CSV)" }).click();
  const exported = readFileSync(await (await download).path(), "utf8");
  const byLedger = ledgerBalances(exported);
  const { report } = (await (await page.request.get(`${books}/reports/trial_balance?start=2000-01-01&end=2026-12-31`)).json()) as {
    report: { rows: { account_code: string; closing_debit: string; closing_credit: string }[] };
  };
  const byProduct = new Map(
    report.rows.map((r) => [r.account_code, cents(r.closing_debit) - cents(r.closing_credit)] as const).filter(([, net]) => net !== 0n),
  );
  expect(byProduct.size).toBeGreaterThan(8);
  expect(byLedger).toEqual(byProduct);
  // Opening 10,000 − flour 480 + sales 1,234.56 − six months of rent 7,200.
  expect(byProduct.get("1000")).toBe(cents("3554.56"));

  // The screens of the month at a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await openBooksSection(page, "Journal Entries");
  await expect(rows.first()).toBeVisible();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "month-journal");
  await openBooksSection(page, "Recurring entries");
  await expect(page.getByTestId("recurring-row").filter({ hasText: "Shop rent" })).toBeVisible();
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "month-recurring");
});
