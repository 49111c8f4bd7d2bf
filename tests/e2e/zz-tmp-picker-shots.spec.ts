import { expect, test } from "@playwright/test";
import { signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { ROLE_USERS, signInWithRole } from "./support/role-users.ts";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
const OUT = "/tmp/shots-i38-9";

test("entry picker shots", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const origin = process.env.E2E_BASE_URL!;
  const headers = { origin };
  const clientCtx = await browser.newContext({ baseURL: origin });
  const client = await clientCtx.newPage();
  await signUpAndSignIn(client);
  const books = await booksApi(client);
  const orgId = Number(books.split("/").pop());
  const { accounts } = (await (await client.request.get(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const code = (c: string) => accounts.find((a) => a.account_code === c)!.id;
  const entry = async (description: string, date: string, amount: string) => {
    const res = await client.request.post(`${books}/entries?post=true`, {
      headers,
      data: { description, entry_date: date, lines: [
        { account_id: code("5000"), debit_amount: amount, credit_amount: "0" },
        { account_id: code("1000"), debit_amount: "0", credit_amount: amount },
      ] },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  await entry("Home Depot, mulch and edging", "2025-01-14", "1234.50");
  for (let i = 0; i < 110; i += 1) await entry(`Fuel for the truck ${i + 1}`, "2025-06-01", `${40 + i}.00`);
  const admin = await browser.newContext({ baseURL: origin });
  const ap = await admin.newPage();
  await signInWithRole(ap, "admin");
  const { staff } = (await (await ap.request.get("/api/firm/clients/staff")).json()) as { staff: { id: string; email: string }[] };
  const staffId = staff.find((s) => s.email === ROLE_USERS.staff.email)!.id;
  expect((await ap.request.post(`/api/firm/clients/${orgId}/accountants`, { headers, data: { user_id: staffId } })).ok()).toBe(true);
  await signInWithRole(page, "staff");
  const api = `/api/requests/${orgId}`;
  const made = (await (await page.request.post(api, { headers, data: { title: "January receipts", message: "", items: [{ label: "Home Depot receipt", due_on: "2026-12-31" }], remind_days_before: 2, remind_on_due: true, remind_every_days: 3 } })).json()) as { request: { id: number; list: { id: number }[] } };
  const itemId = made.request.list[0]!.id;
  const up = await client.request.post(`${api}/${made.request.id}/items/${itemId}/files?name=home-depot.pdf`, { headers: { ...headers, "content-type": "application/octet-stream" }, data: PDF });
  expect(up.ok(), await up.text()).toBe(true);
  expect((await page.request.post(`${api}/${made.request.id}/items/${itemId}/accept`, { headers })).ok()).toBe(true);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(`/accounting/${orgId}/requests/${made.request.id}`);
    const picker = page.getByRole("combobox", { name: "Journal entry for home-depot.pdf" });
    await picker.click();
    await expect(page.getByRole("option")).toHaveCount(20);
    await page.screenshot({ path: `${OUT}/entry-picker-newest-${width}.png`, fullPage: true });
    await picker.fill("1,234.50");
    await expect(page.getByRole("option")).toHaveCount(1);
    await page.screenshot({ path: `${OUT}/entry-picker-amount-${width}.png`, fullPage: true });
    await picker.fill("2025-01-01..2025-01-31");
    await expect(page.getByRole("option")).toHaveCount(1);
    await picker.fill("nothing like it");
    await expect(page.getByText("No entry matches “nothing like it”")).toBeVisible();
    await page.screenshot({ path: `${OUT}/entry-picker-none-${width}.png`, fullPage: true });
  }
});
