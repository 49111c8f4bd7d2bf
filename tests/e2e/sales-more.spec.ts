import { readFile, utimes, writeFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { expectOnTop } from "./support/on-top.ts";
import { shot } from "./support/shots.ts";

/**
 * Three screens of customers and suppliers (issue 42) as a bookkeeper meets them: a monthly recurring invoice started
 * two months ago, whose runs already due are made (approved, numbered, dated on the run dates) when it is saved, then
 * paused, resumed and deleted (its invoices stay); the supplier's PDF kept with a bill (added, downloaded as it was sent, a file that is not a PDF
 * refused, removed while the bill is a draft and kept once it is approved); the contacts exported as CSV and imported
 * from a file whose bad line is named before anything is written, corrected on disk and chosen again. The focus stays
 * where a keyboard user can go on after each change. The contacts and the bill are made through the API.
 */

test.describe.configure({ mode: "serial" });

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const contactRow = (page: Page, name: string) =>
  page.getByTestId("contact-row").filter({ has: page.getByRole("link", { name, exact: true }) });

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, n: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));
/** "November 27, 2026", as the lists write a date. */
const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
/** The same day `months` months from `date`, or that month's last day when it is shorter. */
const addMonths = (date: string, months: number) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))));
};
const bytesOf = async (download: Download) => readFile((await download.path())!);

/** A few bytes a PDF reader would start to read: what the server checks a PDF by. */
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");

const CUSTOMER = "Maple Studio";
const SUPPLIER = "Oak Paper Co";

let page: Page;
let api: string;
let screens: string;
let bill: { id: number };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signUpAndSignIn(page);
  api = await booksApi(page);
  screens = api.replace("/api/accounting/orgs", "/accounting");
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await page.request.post(`${api}${path}`, { data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as T;
  };
  const { accounts } = (await (await page.request.get(`${api}/accounts`)).json()) as {
    accounts: { id: number; account_code: string }[];
  };
  const byCode = (code: string) => accounts.find((a) => a.account_code === code)!.id;
  await post("/contacts", {
    name: CUSTOMER,
    email: "accounts@maple.example",
    payment_terms_days: 14,
    default_revenue_account_id: byCode("4000"),
  });
  const { contact: oak } = await post<{ contact: { id: number } }>("/contacts", {
    name: SUPPLIER,
    is_customer: false,
    is_supplier: true,
    payment_terms_days: 30,
    default_expense_account_id: byCode("6000"),
  });
  ({ document: bill } = await post<{ document: { id: number } }>("/documents", {
    kind: "bill",
    contact_id: oak.id,
    issue_date: iso(new Date()),
    reference: "OAK-5521",
    lines: [{ description: "Printer paper", quantity: "10", unit_price: "12.50", account_id: byCode("6000") }],
  }));
});

test.afterAll(async () => {
  await page?.close();
});

test("a monthly recurring invoice started two months ago: the runs due made approved on their dates; paused, resumed and deleted", async () => {
  test.setTimeout(120_000);
  // Monthly on the 15th from two months ago (UTC, the server's calendar): the 15ths up to today are due now.
  const today = iso(new Date());
  const start = addMonths(today, -2);
  const fifteenths = [-2, -1, 0, 1, 2, 3].map((k) => `${addMonths(today, k).slice(0, 8)}15`).filter((d) => d >= start);
  const due = fifteenths.filter((d) => d <= today);
  const next = fifteenths.filter((d) => d > today).slice(0, 3);
  expect(due.length).toBeGreaterThanOrEqual(1);

  await page.goto(`${screens}/sales`);
  await page
    .getByRole("navigation", { name: "Accounting sections" })
    .getByRole("link", { name: "Recurring invoices", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Recurring invoices", level: 2 })).toBeVisible();
  await expect(page.getByText("No recurring invoices yet.")).toBeVisible();
  await page.getByRole("button", { name: "New recurring invoice" }).click();
  await expect(page).toHaveURL(/\?form=new$/);

  const form = page.getByRole("form", { name: "New recurring invoice" });
  const customer = form.getByRole("combobox", { name: "Customer" });
  await customer.fill("Maple");
  await form.getByRole("option", { name: new RegExp(CUSTOMER) }).click();
  await expect(customer).toHaveValue(CUSTOMER);
  await expect(form.getByRole("combobox", { name: "Line 1 Account" })).toHaveValue("4000 Sales Revenue");
  await form.getByLabel("Reference (optional)").fill("Retainer");
  await form.getByLabel("Line 1 Description").fill("Monthly bookkeeping");
  await form.getByLabel("Line 1 Quantity").fill("1");
  await form.getByLabel("Line 1 Unit price").fill("450");
  await expect(form.getByTestId("recurring-totals")).toContainText("Each invoice$450.00");
  await expect(form.getByLabel("Frequency")).toHaveValue("monthly");
  await form.getByLabel("Day of the month").selectOption({ label: "15th" });
  await form.getByLabel("Start date").fill(start);
  await form.getByLabel(/^Approve each invoice as it is made/).check();
  const preview = form.getByTestId("recurring-preview");
  await expect(preview).toContainText(`Next invoices: ${next.join(", ")}`);
  await expect(preview).toContainText(
    due.length === 1
      ? `The invoice of ${due[0]} is already due: it is made at once when you save.`
      : `${due.length} invoices are already due (${due[0]} to ${due.at(-1)}): they are made at once when you save.`,
  );
  const saveButton = form.getByRole("button", { name: "Save recurring invoice" });
  await expectOnTop(saveButton);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "recurring-invoice-form", { widths: [390, 1280] });
  await saveButton.click();
  await expect(toast(page, "Recurring invoice saved")).toContainText(
    `${due.length} approved invoice${due.length === 1 ? "" : "s"} made for the dates already due. The next is on ${next[0]}.`,
  );

  // The list: its schedule, each invoice's amount, approved, active, the next dates and the invoices made.
  await expect(page).not.toHaveURL(/form=/);
  const row = page.getByTestId("recurring-invoice-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(CUSTOMER);
  await expect(row).toContainText("Retainer");
  await expect(row).toContainText("Monthly on the 15th");
  await expect(row).toContainText(`from ${start}`);
  await expect(row).toContainText("$450.00");
  await expect(row).toContainText("Approved invoices");
  await expect(row).toContainText("Active");
  await expect(row).toContainText(`then ${next.slice(1).join(", ")}`);
  await expectOnTop(row.getByText(next[0]!, { exact: true }));
  await expect(row.getByRole("cell").nth(6)).toHaveText(`Invoices made${due.length}`);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "recurring-invoices", { widths: [390, 1280] });

  // Paused: no next date; resumed: the next 15th again, nothing more made for the dates already made.
  const name = `${CUSTOMER} (Retainer)`;
  await row.getByRole("button", { name: `Pause ${name}` }).click();
  await expect(toast(page, "Recurring invoice paused")).toContainText("No invoice is made until it is resumed.");
  await expect(row).toContainText("Paused");
  await expect(row).toContainText("None while paused");
  const resume = row.getByRole("button", { name: `Resume ${name}` });
  await expect(resume, "the focus on the button that takes Pause's place").toBeFocused();
  await expectOnTop(resume);
  // Resume takes Pause's place, under the pointer: its hover colour is ui/button.tsx's, checked elsewhere.
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "recurring-invoices-paused", { widths: [390, 1280] });
  await resume.click();
  await expect(toast(page, "Recurring invoice resumed")).toContainText(`The next invoice is made on ${next[0]}`);
  await expect(row).toContainText("Active");
  await expect(row).toContainText(next[0]!);
  await expect(row.getByRole("cell").nth(6)).toHaveText(`Invoices made${due.length}`);
  await expect(row.getByRole("button", { name: `Pause ${name}` })).toBeFocused();

  // Deleted: the schedule gone, the focus on the button that starts a new one; the invoices it made stay.
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const ask = page.getByRole("alertdialog", { name: "Delete this recurring invoice?" });
  await expect(ask).toContainText("The invoices it already made stay, drafts and approved alike.");
  await ask.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Recurring invoice deleted")).toContainText("The invoices it made stay.");
  await expect(page.getByText("No recurring invoices yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "New recurring invoice" })).toBeFocused();

  // The Sales list: the invoices made, numbered in the order of their dates, each dated its run and due 14 days on.
  await page.getByRole("navigation", { name: "Accounting sections" }).getByRole("link", { name: "Sales", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sales", level: 2 })).toBeVisible();
  const documents = page.getByTestId("document-row");
  await expect(documents).toHaveCount(due.length);
  for (const [i, date] of due.entries()) {
    const number = `INV-${String(i + 1).padStart(4, "0")}`;
    const invoice = documents.filter({ has: page.getByRole("link", { name: new RegExp(`^${number} `) }) });
    await expect(invoice).toContainText(CUSTOMER);
    // Each cell's text ends with its date (a phone's card names the column before it).
    await expect(invoice.getByRole("cell").nth(2)).toHaveText(new RegExp(`${longDate(date)}$`));
    await expect(invoice.getByRole("cell").nth(3)).toHaveText(new RegExp(`${longDate(addDays(date, 14))}$`));
    await expect(invoice).toContainText("$450.00");
  }
  await expectOnTop(documents.first().getByRole("link"));
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "recurring-invoices-sales-list", { widths: [390, 1280] });
});

test("a bill's PDF: added, downloaded as sent, a file that is not a PDF refused, removed while a draft, kept once approved", async () => {
  test.setTimeout(90_000);
  await page.goto(`${screens}/purchases/${bill.id}`);
  await expect(page.getByRole("heading", { name: "Draft bill", level: 2 })).toBeVisible();
  const files = page.getByRole("region", { name: "Files" });
  await expect(files).toContainText("No file kept with it yet.");
  const input = files.getByLabel("Add the supplier's PDF (up to 10 MB)");
  await expect(files).toContainText("Kept with the document; removed only while it is a draft.");

  await input.setInputFiles({ name: "oak-5521.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(toast(page, "File added")).toContainText("oak-5521.pdf is kept with the bill.");
  const item = files.getByTestId("document-file");
  await expect(item).toHaveCount(1);
  const link = item.getByRole("link", { name: "oak-5521.pdf" });
  await expectOnTop(link);
  await expect(item).toContainText("PDF · 1 KB");

  // The download: an attachment, the bytes sent.
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("oak-5521.pdf");
  expect((await bytesOf(download)).equals(PDF)).toBe(true);
  const direct = await page.request.get((await link.getAttribute("href"))!);
  expect(direct.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(direct.headers()["content-type"]).toBe("application/pdf");

  // Named .pdf but not one: refused by its bytes, the server's reason in the toast; nothing listed.
  await input.setInputFiles({ name: "not-really.pdf", mimeType: "application/pdf", buffer: Buffer.from("Hello, this is text.\n") });
  await expect(toast(page, "File not added")).toContainText("A document's file must be a PDF");
  await expect(item).toHaveCount(1);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "bill-files-draft", { widths: [390, 1280] });

  // Removed while a draft, after the question.
  const remove = item.getByRole("button", { name: "Remove oak-5521.pdf" });
  await expectOnTop(remove);
  await remove.click();
  const ask = page.getByRole("alertdialog", { name: "Remove oak-5521.pdf?" });
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await ask.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(toast(page, "File removed")).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(files).toContainText("No file kept with it yet.");
  await expect(input, "the focus, its Remove button gone, on the input that adds a file").toBeFocused();

  // Added again, then the bill approved: the file stays, its removal no longer offered, and refused by the server.
  await input.setInputFiles({ name: "oak-5521.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(item).toHaveCount(1);
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await page.getByRole("alertdialog", { name: "Approve this bill?" }).getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: /^Bill BILL-\d{4}$/, level: 2 })).toBeVisible();
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("link", { name: "oak-5521.pdf" })).toBeVisible();
  await expect(item.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expect(files).toContainText("Kept with the document: an approved document keeps its files.");
  const href = (await item.getByRole("link").getAttribute("href"))!;
  const refused = await page.request.delete(href);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toBe("An approved document's files stay with it");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "bill-files-approved", { widths: [390, 1280] });
});

test("contacts as CSV: exported; a file with a bad line named before anything is written, then fixed and imported", async () => {
  test.setTimeout(90_000);
  await page.goto(`${screens}/sales`);
  await page.getByRole("navigation", { name: "Accounting sections" }).getByRole("link", { name: "Contacts", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Contacts", level: 2 })).toBeVisible();
  const csv = page.getByRole("region", { name: "Import and export" });

  // The export: a download, its header and a contact's row.
  const exportLink = csv.getByRole("link", { name: "Export the contacts (CSV)" });
  await expectOnTop(exportLink);
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toBe("contacts.csv");
  const exported = (await bytesOf(download)).toString("utf8").split("\r\n");
  expect(exported[0]).toBe(
    "name,is_customer,is_supplier,tax_id,email,address,payment_terms_days,revenue_account_code,expense_account_code,tax_code,is_1099_contractor",
  );
  expect(exported).toContain(`${CUSTOMER},true,false,,accounts@maple.example,,14,4000,,,false`);
  expect(exported).toContain(`${SUPPLIER},false,true,,,,30,,6000,,false`);

  // A file of three contacts whose line 3 has an email that is not one: named by line and column, nothing written.
  const lines = (email: string) =>
    [
      "name,is_customer,is_supplier,email,payment_terms_days",
      "Pine Gallery,true,false,hello@pine.example,21",
      `Quince Foods,true,true,${email},7`,
      `${CUSTOMER},true,false,billing@maple.example,`,
    ].join("\n");
  // A file on disk, as a person keeps it: chosen, checked, corrected in place.
  const file = test.info().outputPath("new-contacts.csv");
  await writeFile(file, lines("orders at quince"));
  const input = csv.getByLabel("Import contacts (CSV)");
  await input.setInputFiles(file);
  await expect(input).toHaveValue(/new-contacts\.csv$/);
  const checkButton = csv.getByRole("button", { name: "Check the file" });
  await checkButton.click();
  const preview = csv.getByTestId("contacts-import-preview");
  await expect(preview).toContainText(
    "1 contact to add, 1 contact to update; 1 error to correct first: nothing is imported while the file has one.",
  );
  const error = preview.getByRole("list", { name: "Errors by line" }).getByRole("listitem");
  await expect(error).toHaveText("Line 3, email: Email must be an email address");
  await expectOnTop(error);
  await expect(preview.getByRole("button", { name: /^Import/ })).toHaveCount(0);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "contacts-import-error", { widths: [390, 1280], part: csv });
  await expect(contactRow(page, "Pine Gallery")).toHaveCount(0);

  // Corrected on disk and checked again without choosing it again: the browser no longer reads that choice, and the
  // screen says so (not a network error), ready for the file to be chosen again.
  await writeFile(file, lines("orders@quince.example"));
  const later = new Date(Date.now() + 60_000);
  await utimes(file, later, later);
  await checkButton.click();
  await expect(csv.getByRole("alert")).toHaveText("The file was changed after it was chosen: choose it again.");
  await expect(preview).toBeHidden();
  await expect(input).toHaveValue("");
  await expect(checkButton).toBeDisabled();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "contacts-import-changed", { widths: [390, 1280], part: csv });

  // Chosen again from the file picker: two to add, one to update; imported at once.
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), input.click()]);
  await chooser.setFiles(file);
  await expect(input).toHaveValue(/new-contacts\.csv$/);
  await expect(csv.getByRole("alert")).toBeHidden();
  await checkButton.click();
  await expect(preview).toContainText("2 contacts to add, 1 contact to update.");
  const importButton = preview.getByRole("button", { name: "Import 3 contacts" });
  await expectOnTop(importButton);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await importButton.click();
  await expect(toast(page, "2 contacts created, 1 contact updated")).toBeVisible();
  await expect(preview).toBeHidden();
  // The file imported is no longer shown as chosen.
  await expect(input).toHaveValue("");
  await expect(checkButton).toBeDisabled();
  await expect(contactRow(page, "Pine Gallery")).toContainText("hello@pine.example");
  await expect(contactRow(page, "Quince Foods")).toContainText("Customer and supplier");
  await expect(contactRow(page, "Quince Foods")).toContainText("orders@quince.example");
  await expect(contactRow(page, CUSTOMER)).toContainText("billing@maple.example");
  await expect(page.getByTestId("contact-row")).toHaveCount(4);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "contacts-imported", { widths: [390, 1280] });
});
