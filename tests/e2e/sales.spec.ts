import { expect, test, type Locator, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { expectOnTop } from "./support/on-top.ts";
import { shot } from "./support/shots.ts";

/**
 * Sales and purchases as a client meets them (decision 116): an invoice typed in the form with two lines and a tax
 * code, its total worked out before it is saved; approved (INV-0001), paid in part (partly paid, the rest owed) and
 * in full (paid); a credit note made from another invoice, which it settles in part; a third invoice voided; a bill
 * entered with the supplier's number and paid. Customers, suppliers and the documents the form is not the point of
 * are made through the API.
 */

interface Account {
  id: number;
  account_code: string;
  account_name: string;
  account_type: string;
}

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Picks the account of line `n` in the document form by its code, as a person does. */
async function pickLineAccount(form: Locator, n: number, label: string) {
  const input = form.getByRole("combobox", { name: `Line ${n} Account` });
  await input.fill(label.split(" ")[0]!);
  await form.getByRole("option", { name: label, exact: true }).click();
  await expect(input).toHaveValue(label);
}

/** Records a payment of `amount` (blank: what is owed, the dialog's own amount) from the document's page. */
async function recordPayment(page: Page, amount?: string) {
  await page.getByRole("button", { name: "Record payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Record payment" });
  await expect(dialog.getByLabel("Amount", { exact: true })).toBeFocused();
  if (amount) {
    await dialog.getByLabel("Amount", { exact: true }).fill(amount);
    // The document's own allocation follows the amount.
    await expect(dialog.getByTestId("allocation-row").first().getByRole("textbox")).toHaveValue(amount);
  }
  await expect(dialog.getByTestId("payment-left")).toHaveText("$0.00");
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(toast(page, /Payment JE-\d+ recorded/)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("sales and purchases: an invoice typed, approved, paid in part and in full; credited, voided; a bill paid", async ({ page }) => {
  test.setTimeout(240_000);
  await signUpAndSignIn(page);
  const api = await booksApi(page);
  const books = api.replace("/api/accounting/orgs", "/accounting");
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await page.request.post(`${api}${path}`, { data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as T;
  };
  const { accounts } = (await (await page.request.get(`${api}/accounts`)).json()) as { accounts: Account[] };
  const byCode = (code: string) => accounts.find((a) => a.account_code === code)!;
  const [sales, rent, accrued] = [byCode("4000"), byCode("6000"), byCode("2100")];
  const { tax_code: s21 } = await post<{ tax_code: { id: number } }>("/tax-codes", {
    code: "S21",
    name: "Sales 21%",
    kind: "output",
    applies_to: "sales",
    parts: [{ name: "VAT", rate: "21", role: "due", account_id: accrued.id, boxes: "" }],
  });
  const { contact: alice } = await post<{ contact: { id: number } }>("/contacts", {
    name: "Alice Bakery Ltd",
    email: "alice@example.com",
    payment_terms_days: 14,
    default_revenue_account_id: sales.id,
    default_tax_code_id: s21.id,
  });
  await post("/contacts", {
    name: "Paper Supplies",
    is_customer: false,
    is_supplier: true,
    payment_terms_days: 30,
    default_expense_account_id: rent.id,
  });
  const today = new Date().toISOString().slice(0, 10);
  /** An invoice to Alice approved through the API, for what the form is not the point of. */
  const invoice = async (description: string, price: string) => {
    const { document } = await post<{ document: { id: number } }>("/documents", {
      kind: "invoice",
      contact_id: alice.id,
      issue_date: today,
      lines: [{ description, quantity: "1", unit_price: price, account_id: sales.id }],
    });
    return (await post<{ document: { id: number; number: string } }>(`/documents/${document.id}/approve`, {})).document;
  };

  // Sales: nothing yet.
  await page.goto(books);
  const nav = page.getByRole("navigation", { name: "Accounting sections" });
  await nav.getByRole("link", { name: "Sales", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sales", level: 2 })).toBeVisible();
  await expect(page.getByText("No invoices or credit notes yet.")).toBeVisible();

  // The invoice form: the contact is required; choosing Alice fills her account, tax code and due date.
  await page.getByRole("link", { name: "New invoice" }).first().click();
  const form = page.getByRole("form", { name: "New invoice" });
  await expect(form).toBeVisible();
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(form.getByText("Contact is required")).toBeVisible();
  const customer = form.getByRole("combobox", { name: "Customer" });
  await customer.fill("Alice");
  await form.getByRole("option", { name: /Alice Bakery Ltd/ }).click();
  await expect(customer).toHaveValue("Alice Bakery Ltd");
  await expect(form.getByText("Contact is required")).toBeHidden();
  await expect(form.getByRole("combobox", { name: "Line 1 Account" })).toHaveValue("4000 Sales Revenue");
  await expect(form.getByLabel("Line 1 Tax code")).toHaveValue(String(s21.id));
  await expect(form.getByLabel("Due date")).toHaveValue(addDays(today, 14));
  await form.getByLabel("Line 1 Description").fill("Wedding cake");
  await form.getByLabel("Line 1 Quantity").fill("2");
  await form.getByLabel("Line 1 Unit price").fill("150");
  await form.getByRole("button", { name: "Add a line" }).click();
  await expect(form.getByLabel("Line 2 Description")).toBeFocused();
  await page.keyboard.type("Delivery");
  await form.getByLabel("Line 2 Unit price").fill("25");
  await form.getByLabel("Line 2 Tax code").selectOption("");
  await pickLineAccount(form, 2, "4100 Service Revenue");
  // 300.00 taxed at 21 % and 25.00 untaxed: 325.00, 63.00 of tax, 388.00.
  const totals = form.getByTestId("document-totals");
  await expect(form.getByTestId("line-amount").first()).toHaveText("$300.00");
  await expect(totals.getByTestId("preview-subtotal")).toHaveText("$325.00");
  await expect(totals).toContainText("Tax S21");
  await expect(totals).toContainText("$63.00");
  await expectOnTop(totals.getByTestId("preview-total"));
  await expect(totals.getByTestId("preview-total")).toHaveText("$388.00");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "sales-invoice-form", { widths: [390, 1280], part: form });

  await form.getByRole("button", { name: "Save and approve" }).click();
  await expect(toast(page, "Invoice INV-0001 approved")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Invoice INV-0001", level: 2 })).toBeVisible();
  await expect(page.getByTestId("document-total")).toHaveText("$388.00");
  await expect(page.getByTestId("document-owed")).toHaveText("$388.00");
  await expect(page.getByTestId("document-line")).toHaveCount(2);

  // Paid in part, then the rest.
  await recordPayment(page, "100.00");
  await expectOnTop(page.getByText("Partly paid", { exact: true }));
  await expect(page.getByTestId("document-owed")).toHaveText("$288.00");
  await expect(page.getByTestId("document-payment")).toHaveCount(1);
  await page.getByRole("button", { name: "Record payment" }).click();
  const payDialog = page.getByRole("dialog", { name: "Record payment" });
  await expect(payDialog.getByLabel("Amount", { exact: true })).toHaveValue("288.00");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "sales-payment-dialog", { widths: [390, 1280], fullPage: false });
  await payDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Record payment" })).toBeFocused();
  await recordPayment(page);
  await expectOnTop(page.getByText("Paid", { exact: true }));
  await expect(page.getByTestId("document-owed")).toHaveText("$0.00");
  await expect(page.getByTestId("document-payment")).toHaveCount(2);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "sales-invoice", { widths: [390, 1280] });

  // A credit note from another invoice: its lines filled in, one changed; once approved it settles the invoice in part.
  const second = await invoice("Catering", "200");
  expect(second.number).toBe("INV-0002");
  await page.goto(`${books}/sales/${second.id}`);
  await page.getByRole("link", { name: "Credit note", exact: true }).click();
  const creditForm = page.getByRole("form", { name: "New credit note for INV-0002" });
  await expect(creditForm.getByRole("combobox", { name: "Customer" })).toHaveValue("Alice Bakery Ltd");
  await expect(creditForm.getByLabel("Line 1 Description")).toHaveValue("Catering");
  await creditForm.getByLabel("Line 1 Unit price").fill("50");
  await expect(creditForm.getByTestId("preview-total")).toHaveText("$50.00");
  await creditForm.getByRole("button", { name: "Save and approve" }).click();
  await expect(page.getByRole("heading", { name: "Credit note CN-0001", level: 2 })).toBeVisible();
  await page.getByRole("link", { name: "INV-0002" }).click();
  await expect(page.getByRole("heading", { name: "Invoice INV-0002", level: 2 })).toBeVisible();
  await expect(page.getByTestId("document-owed")).toHaveText("$150.00");
  await expectOnTop(page.getByText("Partly paid", { exact: true }));
  await expect(page.getByTestId("document-payment")).toContainText("$50.00");
  // The credit note's allocation undone (after the question), then applied again from the invoice.
  await page.getByRole("button", { name: /^Undo \$50\.00 from JE-/ }).click();
  const undo = page.getByRole("alertdialog", { name: "Undo this allocation?" });
  await undo.getByRole("button", { name: "Undo allocation" }).click();
  await expect(toast(page, "Allocation undone")).toBeVisible();
  await expect(page.getByTestId("document-owed")).toHaveText("$200.00");
  await expect(page.getByTestId("document-payment")).toContainText("Undone");
  await page.getByRole("button", { name: "Apply credit" }).click();
  const apply = page.getByRole("dialog", { name: "Apply a credit" });
  await expect(apply.getByLabel("Credit to apply")).toContainText("Credit note CN-0001");
  await expect(apply.getByLabel("Amount")).toHaveValue("50.00");
  await apply.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(toast(page, "$50.00 applied")).toBeVisible();
  await expect(page.getByTestId("document-owed")).toHaveText("$150.00");

  // A third invoice voided on its own date.
  const third = await invoice("Cupcakes", "60");
  await page.goto(`${books}/sales/${third.id}`);
  await page.getByRole("button", { name: "Void", exact: true }).click();
  const voidDialog = page.getByRole("dialog", { name: "Void Invoice INV-0003?" });
  await expect(voidDialog.getByLabel("Date of the reversal")).toHaveValue(today);
  await voidDialog.getByRole("button", { name: "Void invoice" }).click();
  await expect(toast(page, "Invoice INV-0003 voided")).toBeVisible();
  await expectOnTop(page.getByText("Void", { exact: true }));
  await expect(page.getByRole("button", { name: "Record payment" })).toBeHidden();

  // The list, and its state filter in the URL.
  await nav.getByRole("link", { name: "Sales", exact: true }).click();
  const rows = page.getByTestId("document-row");
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: "INV-0001" })).toContainText("Paid");
  await expect(rows.filter({ hasText: "INV-0003" })).toContainText("Void");
  await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "Paid", exact: true }).click();
  await expect(page).toHaveURL(/status=paid/);
  // Paid: INV-0001, and the credit note wholly applied to INV-0002.
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "INV-0001" })).toContainText("Paid");
  await expect(rows.filter({ hasText: "CN-0001" })).toContainText("Applied");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "All", exact: true }).click();
  await expect(rows).toHaveCount(4);
  await shot(page, "sales-list", { widths: [390, 1280] });

  // Bills wait for approval (the settings, on the purchases page); a bill entered with the supplier's number and its
  // expense account from the supplier is submitted, approved and paid.
  await nav.getByRole("link", { name: "Purchases", exact: true }).click();
  await expect(page.getByText("No bills or supplier credits yet.")).toBeVisible();
  const settings = page.getByRole("form", { name: "Settings of sales and purchases" });
  await settings.getByLabel("Bills need approval").check();
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(toast(page, "Settings saved")).toBeVisible();
  await page.getByRole("link", { name: "New bill" }).first().click();
  const billForm = page.getByRole("form", { name: "New bill" });
  await billForm.getByRole("combobox", { name: "Supplier" }).fill("Paper");
  await billForm.getByRole("option", { name: /Paper Supplies/ }).click();
  await expect(billForm.getByRole("combobox", { name: "Line 1 Account" })).toHaveValue("6000 Rent Expense");
  await billForm.getByLabel("Supplier's invoice number").fill("PS-7781");
  await billForm.getByLabel("Line 1 Description").fill("Paper");
  await billForm.getByLabel("Line 1 Quantity").fill("100");
  await billForm.getByLabel("Line 1 Unit price").fill("0.35");
  await expect(billForm.getByTestId("preview-total")).toHaveText("$35.00");
  await expect(billForm.getByRole("button", { name: "Save and approve" })).toBeHidden();
  await billForm.getByRole("button", { name: "Submit for approval" }).click();
  await expect(toast(page, "Bill submitted for approval")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Draft bill", level: 2 })).toBeVisible();
  await expectOnTop(page.getByText("Awaiting approval", { exact: true }));
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await page.getByRole("alertdialog", { name: "Approve this bill?" }).getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Bill BILL-0001", level: 2 })).toBeVisible();
  await expect(page.getByText("PS-7781")).toBeVisible();
  await recordPayment(page);
  await expectOnTop(page.getByText("Paid", { exact: true }));
  await expect(page.getByTestId("document-owed")).toHaveText("$0.00");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "purchases-bill", { widths: [390, 1280] });

  // A date behind the lock: the draft is saved, its approval refused on the issue date's field.
  const lockDate = addDays(today, -30);
  expect((await page.request.put(`${api}/lock`, { data: { lock_date: lockDate, reason: "Closed" } })).ok()).toBe(true);
  await page.goto(`${books}/sales/new?kind=invoice`);
  const late = page.getByRole("form", { name: "New invoice" });
  await late.getByRole("combobox", { name: "Customer" }).fill("Alice");
  await late.getByRole("option", { name: /Alice Bakery Ltd/ }).click();
  await late.getByLabel("Issue date").fill(addDays(today, -40));
  await late.getByLabel("Line 1 Description").fill("Late cake");
  await late.getByLabel("Line 1 Unit price").fill("10");
  await late.getByRole("button", { name: "Save and approve" }).click();
  await expect(toast(page, "Invoice saved as a draft, not approved")).toBeVisible();
  await expect(late.getByLabel("Issue date")).toHaveAttribute("aria-invalid", "true");
  await expect(late.getByText(/The books are locked .*: choose a later date/)).toBeVisible();
  await expect(late.getByLabel("Issue date")).toBeFocused();
});
