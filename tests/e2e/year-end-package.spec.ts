import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { pdfText } from "../support/pdf.ts";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { shot } from "./support/shots.ts";

// The year-end package for the tax preparer (decision 124): the owner marks a supplier as a 1099 contractor in the
// contact form; a small business's 2025 (the contractor's bill paid among it) is closed through the API as the Closing
// section closes it; in the browser the owner prepares the year's package, sees it kept at 1280 and 390 px, and
// downloads its PDF: a cover, the contents and each part, with the year's figures.

/**
 * Posts 2025's entries (capital, a machine bought, a sale, rent, the machine's depreciation), the contractor's bill of
 * 700.00 paid from the bank account, and closes the year.
 */
async function closedYear(page: Page, contractor: number) {
  const books = await booksApi(page);
  const headers = { origin: process.env.E2E_BASE_URL! };
  const posted = async (path: string, data: unknown) => {
    const res = await page.request.post(`${books}${path}`, { headers, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json() as Promise<Record<string, { id: number; item_id: number }>>;
  };
  const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const code = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  for (const data of [
    { account_code: "1510", account_name: "Accumulated Depreciation", account_type: "Asset", detail_type: "fixed_asset" },
    { account_code: "6300", account_name: "Depreciation Expense", account_type: "Expense" },
  ]) {
    const made = await page.request.post(`${books}/accounts`, { headers, data });
    expect(made.status(), await made.text()).toBe(201);
    code[data.account_code] = ((await made.json()) as { account: { id: number } }).account.id;
  }
  const entries: [string, string, [string, number, number][]][] = [
    ["2025-01-02", "Owner's capital", [["1000", 20000, 0], ["3000", 0, 20000]]],
    ["2025-02-03", "Lathe bought", [["1500", 6000, 0], ["1000", 0, 6000]]],
    ["2025-05-14", "Furniture for Acme", [["1000", 4500, 0], ["4000", 0, 4500]]],
    ["2025-06-01", "Workshop rent", [["6000", 1800, 0], ["1000", 0, 1800]]],
    ["2025-12-31", "Depreciation of the lathe", [["6300", 1200, 0], ["1510", 0, 1200]]],
  ];
  for (const [entry_date, description, lines] of entries) {
    const saved = await page.request.post(`${books}/entries?post=true`, {
      headers,
      data: { description, entry_date, lines: lines.map(([c, d, k]) => ({ account_id: code[c], debit_amount: d, credit_amount: k })) },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }
  const bank = await page.request.post(books.replace("/accounting/orgs", "/bank") + "/accounts", {
    headers,
    data: { name: "Checking", kind: "bank", account_id: code["1000"], currency: "USD" },
  });
  expect(bank.status(), await bank.text()).toBe(201);
  const { document } = await posted("/documents", {
    kind: "bill",
    contact_id: contractor,
    issue_date: "2025-03-03",
    lines: [{ description: "Cabinet doors", quantity: "1", unit_price: "700.00", account_id: code["6100"] }],
  });
  const bill = (await posted(`/documents/${document!.id}/approve`, {})).document!;
  await posted("/payments", {
    contact_id: contractor,
    side: "payable",
    direction: "out",
    date: "2025-03-20",
    account_id: code["1000"],
    amount: "700.00",
    allocations: [{ item_id: bill.item_id, amount: "700.00" }],
  });
  const closed = await page.request.post(`${books}/year-end/close`, { headers, data: { fiscal_year: 2025, reason: "2025 for the tax preparer" } });
  expect(closed.status(), await closed.text()).toBe(200);
  return books.replace("/api/accounting/orgs", "/accounting");
}

test("the owner prepares a closed year's package, sees it kept and reads its PDF", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page);
  const books = await booksApi(page);
  const orgPath = books.replace("/api/accounting/orgs", "/accounting");

  // The contractor, marked in the contact form.
  await gotoHydrated(page, `${orgPath}/contacts`);
  await page.getByRole("button", { name: "New contact" }).click();
  const dialog = page.getByRole("dialog", { name: "New contact" });
  await dialog.getByLabel("Name", { exact: true }).fill("Oak Carpentry");
  await dialog.getByLabel("A customer (you invoice them)").uncheck();
  await dialog.getByLabel("A supplier (you pay their bills)").check();
  await dialog.getByLabel("A 1099 contractor (payments listed at year end)").check();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "year-end-contractor", { widths: [390, 1280], part: dialog });
  await dialog.getByRole("button", { name: "Save contact" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Oak Carpentry saved" })).toBeVisible();
  const { contacts } = (await (await page.request.get(`${books}/contacts`)).json()) as { contacts: { id: number; name: string; is_1099_contractor: boolean }[] };
  const oak = contacts.find((c) => c.name === "Oak Carpentry")!;
  expect(oak.is_1099_contractor).toBe(true);

  await closedYear(page, oak.id);
  await gotoHydrated(page, `${orgPath}/closing`);

  const section = page.getByTestId("year-end-packages");
  await expect(section.getByText("No year-end package has been prepared yet.")).toBeVisible();
  await section.getByRole("button", { name: "Prepare the year-end package for fiscal year 2025" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Year-end package for fiscal year 2025 prepared" })).toBeVisible();
  const kept = section.getByTestId("kept-packages").getByRole("listitem");
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText("Fiscal year 2025");
  await expect(kept).toContainText("2025-01-01 to 2025-12-31");
  await expect(kept.getByRole("link", { name: /^ZIP of the package for fiscal year 2025/ })).toBeVisible();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "year-end-package", { part: section, widths: [1280, 390] });

  // At a phone's width the package and both files are there, nothing cut off.
  await page.setViewportSize({ width: 390, height: 844 });
  const pdfLink = kept.getByRole("link", { name: /^PDF of the package for fiscal year 2025/ });
  await pdfLink.scrollIntoViewIfNeeded();
  await expect(pdfLink).toBeVisible();
  const box = (await section.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });

  // The Month-end packs section, which every member is offered (Closing is the firm's when it keeps the books), lists it too.
  await page.getByRole("navigation", { name: "Accounting sections" }).getByRole("link", { name: "Month-end packs", exact: true }).click();
  const listed = page.getByTestId("year-end-packages");
  await expect(listed.getByTestId("kept-packages").getByRole("listitem")).toContainText("Fiscal year 2025");
  await expect(listed.getByRole("button", { name: /Prepare the year-end package/ })).toHaveCount(0);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "year-end-package-in-packs", { part: listed, widths: [390, 1280] });
  await page.setViewportSize({ width: 390, height: 844 });

  const download = page.waitForEvent("download");
  await listed.getByRole("link", { name: /^PDF of the package for fiscal year 2025/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("year_end_package_2025.pdf");
  const text = pdfText(readFileSync((await file.path())!));
  expect(text).toContain("Year-end package for the tax preparer Fiscal year 2025");
  for (const part of [
    "Trial balance before adjustments",
    "Adjusting entries",
    "Trial balance after adjustments",
    "Profit & Loss",
    "Balance Sheet",
    "Statement of Cash Flows",
    "General ledger",
    "Fixed assets and depreciation",
    "Receivables at year end",
    "Payables at year end",
    "Payments to 1099 contractors",
    "Tax returns filed",
  ])
    expect(text, part).toMatch(new RegExp(`Contents .*${part.replace("&", "\\&")} Page \\d+.*Page \\d+ of \\d+ .*${part.replace("&", "\\&")}`));
  // The figures, by plain arithmetic over the entries above.
  expect(text).toContain("1500 Equipment $0.00 $6,000.00 $0.00 $6,000.00");
  expect(text).toContain(`Net book value $0.00 $${(6000 - 1200).toLocaleString("en-US")}.00`);
  expect(text).toContain(`Cash at the end of the period $${(20000 - 6000 + 4500 - 1800 - 700).toLocaleString("en-US")}.00`);
  expect(text).toContain(`Net income $${(4500 - 1800 - 1200 - 700).toLocaleString("en-US")}.00`);
  expect(text).toContain("Oak Carpentry 1 $700.00 Total $700.00");
  expect(text).toContain("Depreciation expense for the year $1,200.00");
});
