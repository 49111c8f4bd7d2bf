import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { shot } from "./support/shots.ts";

// A receipt goes with its entry: added from the entry's details, previewed, downloaded as an attachment; a file that
// is not a PDF, PNG, JPEG or HEIC is refused by what it is, whatever its name.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQc1hPEmIY1TCqYfhqAAByJQ0QIpDAYQAAAABJRU5ErkJggg==",
  "base64",
);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`documents at ${viewport.width} px: a receipt added, previewed and downloaded; a disguised file refused`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const books = await booksApi(page);
    const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as {
      accounts: { id: number; account_code: string }[];
    };
    const id = (code: string) => accounts.find((a) => a.account_code === code)!.id;
    const made = await page.request.post(`${books}/entries`, {
      headers: { origin: process.env.E2E_BASE_URL! },
      data: {
        description: "Flour from the mill",
        entry_date: "2026-03-02",
        lines: [
          { account_id: id("5000"), debit_amount: "80.00", credit_amount: "0" },
          { account_id: id("1000"), debit_amount: "0", credit_amount: "80.00" },
        ],
      },
    });
    const { entry } = (await made.json()) as { entry: { entry_number: string } };
    await page.goto(`${books.replace("/api/accounting/orgs", "/accounting")}/journal`);
    await page.getByRole("button", { name: `View ${entry.entry_number}`, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Journal Entry ${entry.entry_number}` });
    await expect(dialog.getByText("No documents yet.")).toBeVisible();

    // A PNG receipt: listed, previewed from its bytes, its link a download of the API's attachment.
    await dialog
      .getByLabel("Add a document (PDF, PNG, JPEG or HEIC, up to 10 MB)")
      .setInputFiles({ name: "mill receipt.png", mimeType: "image/png", buffer: PNG });
    await expect(toast(page, "Document added")).toBeVisible();
    const item = dialog.getByTestId("entry-document");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("PNG");
    await item.getByRole("button", { name: "Preview mill receipt.png" }).click();
    const preview = dialog.getByRole("img", { name: "Preview of mill receipt.png" });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
    const link = item.getByRole("link", { name: "mill receipt.png" });
    await expect(link).toHaveAttribute("download", "mill receipt.png");
    const download = await page.request.get((await link.getAttribute("href"))!);
    expect(download.headers()["content-disposition"]).toContain("attachment");
    expect(Buffer.from(await download.body()).equals(PNG)).toBe(true);
    await shot(page, "entry-documents");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });

    // A web page named like a PDF is refused for what it is; nothing is added.
    await dialog.getByLabel("Add a document (PDF, PNG, JPEG or HEIC, up to 10 MB)").setInputFiles({
      name: "invoice.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
    });
    await expect(toast(page, "Document not added")).toContainText("A document must be a PDF, PNG, JPEG or HEIC file");
    await expect(item).toHaveCount(1);

    // A draft's document can be removed, after asking.
    await item.getByRole("button", { name: "Remove mill receipt.png" }).click();
    await page.getByRole("alertdialog", { name: "Remove mill receipt.png?" }).getByRole("button", { name: "Remove" }).click();
    await expect(dialog.getByText("No documents yet.")).toBeVisible();
  });

  test(`a receipt at ${viewport.width} px attached from the bank line it paid, kept with the line's entry`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const books = await booksApi(page);
    const orgId = Number(books.split("/").pop());
    const headers = { origin: process.env.E2E_BASE_URL! };
    const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as {
      accounts: { id: number; account_code: string }[];
    };
    const id = (code: string) => accounts.find((a) => a.account_code === code)!.id;
    const bank = (await (
      await page.request.post(`/api/bank/${orgId}/accounts`, { headers, data: { name: "Checking", kind: "bank", account_id: id("1000") } })
    ).json()) as { account: { id: number } };
    const account = `/api/bank/${orgId}/accounts/${bank.account.id}`;
    const csv = "Date,Description,Amount\r\n2026-03-02,Mill flour,-80.00\r\n2026-03-03,Parking,-3.00\r\n";
    expect((await page.request.post(`${account}/statements?name=march.csv`, { headers, data: csv })).ok()).toBe(true);
    const { lines } = (await (await page.request.get(`${account}/lines?show=all`)).json()) as {
      lines: { id: number; description: string }[];
    };
    const flour = lines.find((l) => l.description === "Mill flour")!.id;
    const posted = await page.request.post(`${account}/categorize`, { headers, data: { bank_line_ids: [flour], account_id: id("5000") } });
    expect(posted.ok(), await posted.text()).toBe(true);

    await page.goto(`/accounting/${orgId}/bank/${bank.account.id}?show=all`);
    await page.getByRole("button", { name: "Attach a receipt for Mill flour" }).click();
    const dialog = page.getByRole("dialog", { name: "Receipts and documents" });
    await expect(dialog.getByText(/Kept with entry .* Mill flour/)).toBeVisible();
    await dialog
      .getByLabel("Add a document (PDF, PNG, JPEG or HEIC, up to 10 MB)")
      .setInputFiles({ name: "mill receipt.png", mimeType: "image/png", buffer: PNG });
    await expect(toast(page, "Document added")).toBeVisible();
    await expect(dialog.getByTestId("entry-document")).toHaveCount(1);
    await expect(dialog.getByRole("link", { name: "mill receipt.png" })).toBeVisible();
    await shot(page, "bank-line-documents");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await dialog.getByRole("button", { name: "Done" }).click();
    // The line now says it has its receipt; the line not in the books offers none.
    await expect(page.getByRole("button", { name: "Documents (1) for Mill flour" })).toBeVisible();
    await expect(page.getByRole("button", { name: /for Parking$/ }).filter({ hasText: /receipt|Documents/ })).toHaveCount(0);
  });
}
