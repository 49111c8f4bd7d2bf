import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { shot } from "./support/shots.ts";

/**
 * A statement made for the run, settled against open items (issue 42): one line pays two invoices (the suggestion used
 * as it comes), one invoice is paid by two lines (the second with the bank's fee written off), a bill is paid by a line
 * of money out; the invoices are paid and the lines matched.
 */

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`bank lines settle invoices and bills at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page);
    const books = await booksApi(page);
    const bankApi = books.replace("/api/accounting/orgs", "/api/bank");
    const ok = async <T>(res: ReturnType<Page["request"]["post"]>): Promise<T> => {
      const r = await res;
      expect(r.ok(), await r.text()).toBe(true);
      return (await r.json()) as T;
    };
    const { accounts } = await ok<{ accounts: { id: number; account_code: string; account_name: string; account_type: string }[] }>(
      page.request.get(`${books}/accounts`),
    );
    const code = (c: string) => accounts.find((a) => a.account_code === c)!;
    const revenue = accounts.find((a) => a.account_type === "Revenue")!.id;
    const expense = accounts.find((a) => a.account_type === "Expense")!.id;
    const contact = async (name: string, supplier = false) =>
      (
        await ok<{ contact: { id: number } }>(
          page.request.post(`${books}/contacts`, { data: { name, is_customer: !supplier, is_supplier: supplier } }),
        )
      ).contact.id;
    const approved = async (kind: string, contactId: number, date: string, amount: string, reference?: string) => {
      const { document } = await ok<{ document: { id: number } }>(
        page.request.post(`${books}/documents`, {
          data: {
            kind,
            contact_id: contactId,
            issue_date: date,
            reference,
            lines: [{ description: "Work", quantity: "1", unit_price: amount, account_id: kind === "invoice" ? revenue : expense }],
          },
        }),
      );
      return (await ok<{ document: { id: number; number: string } }>(page.request.post(`${books}/documents/${document.id}/approve`)))
        .document;
    };
    await ok(
      page.request.post(`${books}/accounts`, { data: { account_code: "6300", account_name: "Bank Fees", account_type: "Expense" } }),
    );
    const alice = await contact("Alice Ltd");
    const bob = await contact("Bob & Co");
    const paper = await contact("Paper Supplies", true);
    const inv1 = await approved("invoice", alice, "2026-03-02", "100.00");
    const inv2 = await approved("invoice", alice, "2026-03-05", "250.00");
    const inv3 = await approved("invoice", bob, "2026-03-06", "400.00");
    const bill = await approved("bill", paper, "2026-03-03", "120.00", "PS-7781");

    // The bank account in 1000 Cash and the statement made for the run.
    const { account } = await ok<{ account: { id: number } }>(
      page.request.post(`${bankApi}/accounts`, { data: { name: "Current account", kind: "bank", account_id: code("1000").id } }),
    );
    const statement = [
      "Date,Description,Amount",
      `2026-03-20,ALICE LTD PAYMENT ${inv1.number} ${inv2.number},350.00`,
      "2026-03-21,BOB AND CO PART PAYMENT,150.00",
      "2026-03-25,PAPER SUPPLIES PS7781,-120.00",
      `2026-04-02,Bob & Co ${inv3.number} balance,248.00`,
    ].join("\r\n");
    await ok(
      page.request.post(`${bankApi}/accounts/${account.id}/statements?name=march.csv`, {
        data: statement,
        headers: { "content-type": "text/csv" },
      }),
    );
    await page.goto(`${books.replace("/api/accounting/orgs", "/accounting")}/bank/${account.id}`);
    await expect(page.getByRole("heading", { name: "Current account" })).toBeVisible();

    // One line, two invoices: the suggestion used as it comes.
    await row(page, "ALICE LTD PAYMENT")
      .getByRole("button", { name: /Match ALICE LTD PAYMENT .* to invoices/ })
      .click();
    let dialog = page.getByRole("dialog", { name: "Match to invoices" });
    await expect(dialog.getByRole("heading", { name: "Suggested" })).toBeVisible();
    await dialog.getByRole("button", { name: `Use Alice Ltd: ${inv1.number}, ${inv2.number}` }).click();
    await expect(dialog.getByLabel(`Amount for ${inv1.number}`)).toHaveValue("100.00");
    await expect(dialog.getByLabel(`Amount for ${inv2.number}`)).toHaveValue("250.00");
    await expect(dialog.getByTestId("settle-remainder")).toContainText("Nothing left to allocate");
    await shot(page, "bank-open-items-suggested");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await dialog.getByRole("button", { name: "Settle" }).click();
    await expect(toast(page, "Settled")).toBeVisible();
    await expect(row(page, "ALICE LTD PAYMENT")).toHaveCount(0);

    // Bob pays in two parts; the bank keeps 2.00 of the second.
    await row(page, "BOB AND CO PART PAYMENT")
      .getByRole("button", { name: /to invoices/ })
      .click();
    dialog = page.getByRole("dialog", { name: "Match to invoices" });
    await dialog.getByRole("button", { name: `Use Bob & Co: ${inv3.number}` }).click();
    await expect(dialog.getByLabel(`Amount for ${inv3.number}`)).toHaveValue("150.00");
    await dialog.getByRole("button", { name: "Settle" }).click();
    await expect(toast(page, "Settled")).toBeVisible();
    await row(page, `${inv3.number} balance`)
      .getByRole("button", { name: /to invoices/ })
      .click();
    dialog = page.getByRole("dialog", { name: "Match to invoices" });
    await dialog.getByRole("button", { name: `Use Bob & Co: ${inv3.number}` }).click();
    await dialog.getByLabel(`Amount for ${inv3.number}`).fill("250.00");
    await expect(dialog.getByTestId("settle-remainder")).toContainText("Allocated too much by $2.00");
    await expect(dialog.getByRole("button", { name: "Settle" })).toBeDisabled();
    const feeAccount = "6300 Bank Fees";
    const combo = dialog.getByRole("combobox", { name: "Write-off account" });
    await combo.fill("6300");
    await dialog.getByRole("option", { name: feeAccount, exact: true }).click();
    await dialog.getByLabel(/^Write-off amount/).fill("2.00");
    await dialog.getByLabel(/^Write-off description/).fill("Bank fee");
    await expect(dialog.getByTestId("settle-remainder")).toContainText("Nothing left to allocate");
    await shot(page, "bank-open-items-write-off");
    await expectNoAxeViolations(page, { exclude: [TOASTS] });
    await dialog.getByRole("button", { name: "Settle" }).click();
    await expect(toast(page, "Settled")).toBeVisible();

    // Money out: the bill.
    await row(page, "PAPER SUPPLIES")
      .getByRole("button", { name: /to bills/ })
      .click();
    dialog = page.getByRole("dialog", { name: "Match to bills" });
    await dialog.getByRole("button", { name: `Use Paper Supplies: ${bill.number}` }).click();
    await dialog.getByRole("button", { name: "Settle" }).click();
    await expect(toast(page, "Settled")).toBeVisible();
    await expect(page.getByText("Every statement line is matched.")).toBeVisible();

    // Everything is paid.
    for (const doc of [inv1, inv2, inv3, bill]) {
      const { document } = await ok<{ document: { state: string; owed: string } }>(page.request.get(`${books}/documents/${doc.id}`));
      expect([doc.number, document.state, document.owed]).toEqual([doc.number, "paid", "0.00"]);
    }
  });
}
