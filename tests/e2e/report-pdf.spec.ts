import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { ROLE_USERS, signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";

// A month of a small business over twelve accounts: its trial balance downloaded as a PDF and printed from the
// browser (the report alone, on one page); then the firm prepares October's month-end pack and the client downloads it.

const SHOTS_DIR = process.env.SHOTS_DIR;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

const ENTRIES: [date: string, description: string, debit: string, credit: string, amount: number][] = [
  ["2026-09-03", "Owner's investment", "1000", "3000", 20000],
  ["2026-09-20", "September sales", "1100", "4000", 1200],
  ["2026-10-01", "Equipment on a loan", "1500", "2500", 6000],
  ["2026-10-02", "Stock bought on credit", "1200", "2000", 2500],
  ["2026-10-10", "Sales of goods", "1000", "4000", 4200],
  ["2026-10-10", "Goods sold", "5000", "1200", 1700],
  ["2026-10-15", "Consulting", "1100", "4100", 950.5],
  ["2026-10-31", "Salaries accrued", "6100", "2100", 3100],
];

/** Posts the month's entries through the API; answers the books' API path, their page path and organization name. */
async function seedBooks(page: Page): Promise<{ api: string; path: string; name: string }> {
  const origin = process.env.E2E_BASE_URL!;
  const api = await booksApi(page);
  const { accounts } = (await (await page.request.get(`${api}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const code = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  for (const [entry_date, description, debit, credit, amount] of ENTRIES) {
    const saved = await page.request.post(`${api}/entries`, {
      headers: { origin },
      data: {
        description,
        entry_date,
        lines: [
          { account_id: code[debit], debit_amount: amount, credit_amount: 0 },
          { account_id: code[credit], debit_amount: 0, credit_amount: amount },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const { entry } = (await saved.json()) as { entry: { id: number } };
    expect((await page.request.post(`${api}/entries/${entry.id}/post`, { headers: { origin } })).status()).toBe(200);
  }
  const me = (await (await page.request.get(`${api}/me`)).json()) as { organization: { name: string } };
  return { api, path: api.replace("/api/accounting/orgs", "/accounting"), name: me.organization.name };
}

async function pdfText(download: Download): Promise<string> {
  const file = (await download.path())!;
  expect(readFileSync(file).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return spawnSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).stdout;
}
const pageCount = (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(spawnSync("pdfinfo", ["-"], { input: pdf, encoding: "utf8" }).stdout)?.[1]);

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a trial balance at ${viewport.width} px: downloaded as a PDF, printed alone on one page`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const books = await seedBooks(page);
    await page.goto(`${books.path}/reports?type=trial_balance&start=2026-10-01&end=2026-10-31`);
    await expect(page.getByTestId("report-row")).toHaveCount(12);
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await shot(page, "report-pdf-screen");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PDF" }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe("trial_balance_2026-10-01_2026-10-31.pdf");
    const text = await pdfText(pdf);
    expect(text).toContain(books.name);
    expect(text).toContain("Trial Balance");
    expect(text).toContain("October 1, 2026 to October 31, 2026");
    expect(text).toContain("Page 1 of 1");
    expect(text).toMatch(/Totals\s+\$21,200\.00\s+\$21,200\.00\s+\$18,450\.50\s+\$18,450\.50\s+\$37,950\.50\s+\$37,950\.50/);

    // Printed from the browser: the report alone, its organization and period on top, on one page.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Accounting sections" })).toBeHidden();
    await expect(page.getByLabel("Report type")).toBeHidden();
    await expect(page.getByRole("link", { name: "Download PDF" })).toBeHidden();
    await expect(page.getByRole("heading", { name: "Accounting" })).toBeHidden();
    await expect(page.locator("[data-printable]").getByText(books.name, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Trial Balance/ })).toContainText("2026-10-01 to 2026-10-31");
    await expect(page.getByRole("columnheader", { name: "Account" })).toBeVisible();
    await shot(page, "report-pdf-print");
    const printed = await page.pdf({ format: "Letter" });
    expect(pageCount(printed)).toBe(1);

    // The profit and loss and the balance sheet print the same way.
    for (const type of ["profit_loss", "balance_sheet"]) {
      await page.goto(`${books.path}/reports?type=${type}&start=2026-10-01&end=2026-10-31`);
      await expect(page.locator("[data-printable]").getByText(books.name, { exact: true })).toBeVisible();
      await expect(page.getByRole("banner")).toBeHidden();
      await shot(page, `report-pdf-print-${type}`);
      expect(pageCount(await page.pdf({ format: "Letter" }))).toBe(1);
    }
    await page.emulateMedia({ media: "screen" });
  });
}

test("a month-end pack: prepared by the firm's staff, downloaded by the client", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const origin = process.env.E2E_BASE_URL!;
  await signUpAndSignIn(page);
  const books = await seedBooks(page);
  const orgId = books.api.split("/").pop()!;

  // The firm's admin gives the client's books to the staff accountant.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithRole(admin, "admin");
  const { staff } = (await (await admin.request.get("/api/firm/clients/staff")).json()) as { staff: { id: string; email: string }[] };
  const sam = staff.find((s) => s.email === ROLE_USERS.staff.email)!;
  const added = await admin.request.post(`/api/firm/clients/${orgId}/accountants`, { headers: { origin }, data: { user_id: sam.id } });
  expect(added.ok(), await added.text()).toBe(true);
  await adminContext.close();

  const firmContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const firm = await firmContext.newPage();
  await signInWithRole(firm, "staff");
  // Hydrated first: a press before then would prepare the month the form starts with (last month) unasked.
  await gotoHydrated(firm, `${books.path}/packs`);
  await expect(firm.getByText("No month-end pack has been prepared yet.")).toBeVisible();
  const form = firm.getByRole("form", { name: "Prepare a pack" });
  await form.getByLabel("Month").fill("2026-13");
  await form.getByRole("button", { name: "Prepare pack" }).click();
  await expect(form.getByText("Choose a month (YYYY-MM)")).toBeVisible();
  await form.getByLabel("Month").fill("2026-10");
  await form.getByRole("button", { name: "Prepare pack" }).click();
  await expect(toast(firm, "Month-end pack for October 2026 prepared")).toBeVisible();
  const packs = firm.getByTestId("month-end-packs").getByRole("listitem");
  await expect(packs).toHaveCount(1);
  await expect(packs.first()).toContainText("October 2026");
  await expect(packs.first()).toContainText("Prepared by Sam Staff");
  await expectNoAxeViolations(firm, { exclude: [TOASTS] });
  await shot(firm, "report-pdf-packs-firm");
  await firm.setViewportSize({ width: 390, height: 844 });
  await shot(firm, "report-pdf-packs-firm");
  await firmContext.close();

  // The client finds it in their books and downloads it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${books.path}/packs`);
  const link = page.getByRole("link", { name: "Download the pack for October 2026 (PDF)" });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "report-pdf-packs-client");
  const download = page.waitForEvent("download");
  await link.click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe("month_end_pack_2026-10.pdf");
  if (SHOTS_DIR) await pdf.saveAs(`${SHOTS_DIR}/month_end_pack_2026-10.pdf`);
  const text = await pdfText(pdf);
  expect(text).toContain(books.name);
  expect(text).toContain("Month-end pack");
  expect(text).toContain("Prepared by: Ledgerline Advisors (Sam Staff)");
  expect(text).toContain("October 1, 2026 to October 31, 2026, compared with September 2026 and October 2025");
  expect(text).toMatch(/Net income\s+\$350\.50\s+\$1,200\.00\s+\$0\.00\s+-\$849\.50\s+-70\.8%\s+\$350\.50\s+n\/a/);
  expect(text).toContain("Balance Sheet");
  expect(text).toContain("Trial Balance");
  expect(text).toContain("Statement of Cash Flows");
  expect(text).toContain("Page 5 of 5");
});
