import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { newUser, signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { shot } from "./support/shots.ts";
import { pdfText } from "../support/pdf.ts";
import { logoPng } from "../support/sales-requests.ts";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

// A baker invoices a café and mails the invoice; the café's owner opens the mail's link in a browser of her own (no
// account, no session): she sees her invoice and nothing else of the site, and downloads its PDF. The baker revokes
// the link: it then opens nothing.

test("the customer opens her invoice from the mailed link, without an account, downloads it; a revoked link opens nothing", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const origin = process.env.E2E_BASE_URL!;
  const baker = await signUpAndSignIn(page, newUser("baker"));
  const books = await booksApi(page);
  const api = async <T>(path: string, data?: unknown, method = "POST"): Promise<T> => {
    const res = await page.request.fetch(`${books}${path}`, { method, headers: { origin }, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  const { accounts } = await api<{ accounts: { id: number; account_type: string }[] }>("/accounts", undefined, "GET");
  const revenue = accounts.find((a) => a.account_type === "Revenue")!.id;
  const email = `cafe-${Date.now().toString(36)}@example.com`;
  const { contact } = await api<{ contact: { id: number } }>("/contacts", {
    name: "Maria's Café",
    email,
    address: "8 Harbor Lane\nPortland, ME 04101",
  });
  const today = new Date().toISOString().slice(0, 10);
  const { document: draft } = await api<{ document: { id: number } }>("/documents", {
    kind: "invoice",
    contact_id: contact.id,
    issue_date: today,
    reference: "Order 311",
    lines: [
      { description: "Sourdough loaves", quantity: "24", unit_price: "6.50", account_id: revenue },
      { description: "Croissants", quantity: "60", unit_price: "2.25", discount_percent: "10", account_id: revenue },
    ],
  });
  const { document: invoice } = await api<{ document: { id: number; number: string; total: string } }>(`/documents/${draft.id}/approve`);
  // 24 × 6.50 = 156.00; 60 × 2.25 less 10 % = 121.50.
  expect(invoice.total).toBe("277.50");
  const orgId = Number(books.split("/").pop());
  // Her bakery's address and logo, from the company details under the sales: the logo shown before it is saved; a file
  // that is not a PNG or JPEG refused on its field.
  await page.goto(`/accounting/${orgId}/sales`);
  const details = page.getByRole("form", { name: "Company details" });
  await details.getByLabel("Address").fill("12 Baker Street\nSpringfield, IL 62701");
  await details.getByLabel("Choose a logo").setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(details.getByText("Logo must be a PNG or JPEG image")).toBeVisible();
  await details.getByLabel("Choose a logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logoPng() });
  await expect(details.getByRole("img", { name: `${baker.companyName} logo` })).toBeVisible();
  await expect(details.getByText("Logo must be a PNG or JPEG image")).toHaveCount(0);
  await shot(page, "sales-company-details", { widths: [1280, 390], part: details });
  await details.getByRole("button", { name: "Save company details" }).click();
  await expect(toast(page, "Company details saved")).toBeVisible();
  expect(await api<{ company: { address: string; logo: string } }>("/sales/company", undefined, "GET")).toMatchObject({
    company: { address: "12 Baker Street\nSpringfield, IL 62701", logo: expect.stringMatching(/^data:image\/png;base64,/) },
  });
  // Removing the logo and saving again keeps the address; the logo is chosen again for the invoice.
  await details.getByRole("button", { name: "Remove logo" }).click();
  await expect(details.getByText("No logo.")).toBeVisible();
  await details.getByRole("button", { name: "Save company details" }).click();
  await expect
    .poll(async () => (await api<{ company: { logo: string | null } }>("/sales/company", undefined, "GET")).company.logo)
    .toBeNull();
  await details.getByLabel("Choose a logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logoPng() });
  await details.getByRole("button", { name: "Save company details" }).click();
  await expect
    .poll(async () => (await api<{ company: { logo: string | null } }>("/sales/company", undefined, "GET")).company.logo)
    .not.toBeNull();
  await page.reload();
  await expect(details.getByLabel("Address")).toHaveValue("12 Baker Street\nSpringfield, IL 62701");
  await expect(details.getByRole("img", { name: `${baker.companyName} logo` })).toBeVisible();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });

  // The baker sends it from the invoice's page: the one dialog, the customer's email filled in.
  await page.goto(`/accounting/${orgId}/sales/${invoice.id}`);
  await expect(page.getByRole("heading", { name: `Invoice ${invoice.number}` })).toBeVisible();
  const sharing = page.getByRole("region", { name: "Send and share" });
  await expect(sharing.getByText("No link yet.")).toBeVisible();
  await sharing.getByRole("button", { name: "Send", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Send invoice ${invoice.number}` });
  await expect(dialog.getByLabel("To")).toHaveValue(email);
  await dialog.getByLabel("Message").fill("Thank you for the order, Maria!");
  await shot(page, "sales-send-invoice", { fullPage: false });
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(toast(page, `Invoice ${invoice.number} sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(sharing.getByText(/^Sent /)).toBeVisible();
  await expect(sharing.getByTestId("document-link")).toHaveCount(1);
  await expect(sharing.getByTestId("document-link")).toContainText("never viewed");

  const mail = await waitForMail(email, (m) => m.subject === `Invoice ${invoice.number} from ${baker.companyName}`);
  expect(mail.text).toContain("Thank you for the order, Maria!");
  expect(mail.attachments.map((a) => [a.filename, a.mimeType])).toEqual([[`${invoice.number}.pdf`, "application/pdf"]]);
  const link = linkIn(mail);
  expect(link).toMatch(/\/shared\/document\/[A-Za-z0-9_-]{43}$/);

  // Her own browser: no session, a phone.
  const hers = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const customer = await hers.newPage();
  const opened = await customer.goto(link);
  expect(opened!.headers()["referrer-policy"]).toBe("no-referrer");
  expect(opened!.headers()["x-robots-tag"]).toMatch(/noindex/);
  await expect(customer.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(customer.getByRole("heading", { name: `Invoice ${invoice.number}` })).toBeVisible();
  await expect(customer.getByText(baker.companyName, { exact: true })).toBeVisible();
  await expect(customer.getByRole("img", { name: `${baker.companyName} logo` })).toBeVisible();
  await expect(customer.getByText("Maria's Café", { exact: true })).toBeVisible();
  await expect(customer.getByTestId("shared-owed")).toHaveText("$277.50");
  await expect(customer.getByRole("cell", { name: /Croissants/ })).toBeVisible();
  // Nothing leads elsewhere: no navigation, no link but the download.
  await expect(customer.getByRole("navigation")).toHaveCount(0);
  await expect(customer.getByRole("link")).toHaveCount(1);
  await shot(customer, "sales-shared-document", { widths: [390, 1280] });
  await expectNoAxeViolations(customer);

  const [download] = await Promise.all([customer.waitForEvent("download"), customer.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toBe(`${invoice.number}.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const text = pdfText(pdf);
  for (const s of [
    baker.companyName,
    "12 Baker Street",
    "Springfield, IL 62701",
    "Maria's Caf",
    invoice.number,
    "Sourdough loaves",
    "$121.50",
    "$277.50",
  ])
    expect(text).toContain(s);

  // Her browser reaches nothing of the books.
  expect((await customer.request.get(`${books}/documents/${invoice.id}`)).status()).toBe(401);
  expect((await customer.request.get(`/api/shared/documents/${invoice.id}`)).status()).toBe(404);

  // The baker sees it was opened; she makes a second link (shown once), then revokes the mailed one.
  await page.reload();
  await expect(sharing.getByTestId("document-link")).toContainText("last viewed");
  await sharing.getByRole("button", { name: "Create link" }).click();
  const create = page.getByRole("dialog", { name: "Create a link" });
  await create.getByLabel("Open for").selectOption("7");
  await create.getByRole("button", { name: "Create link" }).click();
  const second = create.getByLabel("The link");
  await expect(second).toHaveValue(/\/shared\/document\/[A-Za-z0-9_-]{43}$/);
  const secondLink = await second.inputValue();
  await shot(page, "sales-link-created", { fullPage: false, widths: [1280, 390] });
  await create.getByRole("button", { name: "Done" }).click();
  await expect(sharing.getByTestId("document-link")).toHaveCount(2);
  const mailed = sharing.getByTestId("document-link").filter({ hasText: "last viewed" });
  await mailed.getByRole("button", { name: /^Revoke/ }).click();
  await page.getByRole("alertdialog", { name: "Revoke this link?" }).getByRole("button", { name: "Revoke link" }).click();
  await expect(toast(page, "Link revoked")).toBeVisible();
  await expect(mailed).toContainText("Revoked");
  await shot(page, "sales-document-links");

  await customer.reload();
  await expect(customer.getByRole("heading", { name: "Document not found" })).toBeVisible();
  await expect(customer.getByText("Sourdough loaves")).toHaveCount(0);
  await shot(customer, "sales-shared-document-revoked", { widths: [390] });
  // The other link still opens the invoice.
  await customer.goto(secondLink);
  await expect(customer.getByRole("heading", { name: `Invoice ${invoice.number}` })).toBeVisible();
  await hers.close();
});
