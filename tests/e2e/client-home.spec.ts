import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { newUser, signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { ROLE_PASSWORD, ROLE_USERS, signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";

// The firm asks a client about a bank transaction and for two documents; she signs in on her phone through the sign-in
// form, lands on her home, sees what the firm needs from her with the due dates, her latest pack and the messages, and
// reaches each thing to do in one tap. The books' navigation shows her what she uses, not the firm's tools.

const CSV = "Date,Description,Amount\r\n2026-10-02,Amazon Mktp,-89.90\r\n2026-10-04,Transfer 889201,-1500.00\r\n";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  const main = page.locator("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Sign In" }).click();
}

/** The firm's side, through the API as the firm's staff member: a statement, a question, a request, a pack, a message. */
async function firmAsks(api: APIRequestContext, orgId: number, books: string) {
  const origin = process.env.E2E_BASE_URL!;
  const ok = async <T>(res: Promise<Awaited<ReturnType<APIRequestContext["post"]>>>): Promise<T> => {
    const r = await res;
    expect(r.ok(), await r.text()).toBe(true);
    return (await r.json()) as T;
  };
  const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(api.get(`${books}/accounts`));
  const cash = accounts.find((a) => a.account_code === "1000")!.id;
  const { account } = await ok<{ account: { id: number } }>(
    api.post(`/api/bank/${orgId}/accounts`, { headers: { origin }, data: { name: "Checking", kind: "bank", account_id: cash } }),
  );
  const bank = `/api/bank/${orgId}/accounts/${account.id}`;
  await ok(api.post(`${bank}/statements?name=october.csv`, { headers: { origin, "content-type": "text/csv" }, data: Buffer.from(CSV) }));
  const { lines } = await ok<{ lines: { id: number; description: string }[] }>(api.get(`${bank}/lines?show=all`));
  const transfer = lines.find((l) => l.description === "Transfer 889201")!.id;
  const { question } = await ok<{ question: { id: number } }>(
    api.post(`${bank}/questions`, { headers: { origin }, data: { bank_line_id: transfer, question: "What was this transfer for?" } }),
  );
  const { request } = await ok<{ request: { id: number; list: { id: number; label: string }[] } }>(
    api.post(`/api/requests/${orgId}`, {
      headers: { origin },
      data: {
        title: "October close",
        items: [
          { label: "October bank statement", due_on: day(-1) },
          { label: "Receipt for the kiln", due_on: day(6) },
        ],
        remind_on_due: true,
      },
    }),
  );
  await ok(api.post(`${books}/packs`, { headers: { origin }, data: { month: "2026-09" } }));
  await ok(
    api.post(`/api/messages/${orgId}/messages`, {
      headers: { origin },
      data: { body: "Hello Maria, October is under way: two documents and one question wait on you.", attachment_ids: [] },
    }),
  );
  return { question: question.id, request: request.id, items: request.list };
}

test("a client signs in on her phone, lands on her home and reaches what the firm asked in one tap", async ({ browser }) => {
  test.setTimeout(120_000);
  const origin = process.env.E2E_BASE_URL!;

  // Her account and books; an admin gives them to the firm's staff member, who asks.
  const setup = await browser.newContext({ baseURL: origin });
  const her = await signUpAndSignIn(await setup.newPage(), newUser("maria"));
  const books = await booksApi(setup.pages()[0]!);
  const orgId = Number(books.split("/").pop());
  await setup.close();
  const firm = await browser.newContext({ baseURL: origin });
  const staff = await firm.newPage();
  await signInWithRole(staff, "admin");
  const { staff: people } = (await (await staff.request.get("/api/firm/clients/staff")).json()) as {
    staff: { id: string; email: string }[];
  };
  const staffId = people.find((s) => s.email === ROLE_USERS.staff.email)!.id;
  const added = await staff.request.post(`/api/firm/clients/${orgId}/accountants`, { headers: { origin }, data: { user_id: staffId } });
  expect(added.ok(), await added.text()).toBe(true);
  await firm.clearCookies();
  await signInWithRole(staff, "staff");
  const asked = await firmAsks(staff.request, orgId, books);
  // The firm's people open a client's books on the chart, as before; Home and the firm's tools are in the navigation.
  await staff.goto(`/accounting/${orgId}`);
  const firmNav = staff.getByRole("navigation", { name: "Accounting sections" });
  await expect(firmNav.getByRole("link", { name: "Chart of Accounts" })).toHaveAttribute("aria-current", "page");
  for (const name of ["Home", "Import and export", "Opening balances", "Closing", "Tax"])
    await expect(firmNav.getByRole("link", { name, exact: true })).toHaveCount(1);
  await firm.close();

  // On her phone: the sign-in form, then her home, the things to do first.
  const phone = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await signInThroughForm(page, her.email, her.password);
  await expect(page).toHaveURL(new RegExp(`/accounting/${orgId}/home$`));
  const todo = page.getByRole("list", { name: "Things to do" });
  await expect(page.getByRole("heading", { name: "What the firm needs from you" })).toBeInViewport();
  await expect(page.getByText("3 things to do, the soonest due first.")).toBeVisible();
  const cards = todo.getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText("October bank statement");
  await expect(cards.nth(0)).toContainText("Overdue: was due");
  await expect(cards.nth(1)).toContainText("Receipt for the kiln");
  await expect(cards.nth(2)).toContainText("Transfer 889201");
  await expect(cards.nth(2)).toContainText("Asked: What was this transfer for?");
  await expect(cards.nth(0).getByRole("link", { name: "October bank statement" })).toBeInViewport();
  await expect(page.getByRole("link", { name: "Month-end pack, September 2026 (PDF)" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Latest messages" })).toContainText("two documents and one question wait on you");
  await expect(page.getByText("1 unread message.")).toBeVisible();

  // Her navigation: Home first and current, what she uses; the firm's tools are not offered.
  const nav = page.getByRole("navigation", { name: "Accounting sections" });
  await expect(nav.getByRole("link").first()).toHaveText("Home");
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  for (const name of ["Journal Entries", "Bank", "Questions", "Requests (1 open)", "Messages", "Reports", "Month-end packs", "Export"])
    await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(1);
  for (const name of ["Import and export", "Opening balances", "Closing", "Tax"])
    await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "client-home", { widths: [390, 1280] });

  // One tap: the question, where she answers it.
  await todo.getByRole("link", { name: "Transfer 889201" }).click();
  await expect(page).toHaveURL(new RegExp(`/accounting/${orgId}/questions#question-${asked.question}$`));
  const question = page.locator(`#question-${asked.question}`);
  await expect(question.getByRole("button", { name: "Send answer" })).toBeInViewport();
  await shot(page, "client-home-question", { fullPage: false });

  // One tap: the document, where she uploads it.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/home$`));
  await todo.getByRole("link", { name: "Receipt for the kiln" }).click();
  const kiln = asked.items.find((i) => i.label === "Receipt for the kiln")!.id;
  await expect(page).toHaveURL(new RegExp(`/accounting/${orgId}/requests/${asked.request}#item-${kiln}-heading$`));
  await expect(page.getByRole("heading", { name: "Receipt for the kiln" })).toBeInViewport();
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: "Receipt for the kiln" })
      .getByLabel(/Upload for/),
  ).toBeAttached();
  await phone.close();
});

test("a client with nothing waiting is told so; the firm's staff member signs in and lands on her week", async ({ browser }) => {
  const origin = process.env.E2E_BASE_URL!;
  const phone = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await signUpAndSignIn(page, newUser("quiet"));
  await page.goto("/login");
  await expect(page).toHaveURL(/\/accounting\/\d+\/home$/);
  await expect(page.getByText("Nothing is waiting on you: the firm has no open question or request for you.")).toBeVisible();
  await expect(page.getByText("No month-end pack has been prepared yet.")).toBeVisible();
  await expect(page.getByText("No messages yet.")).toBeVisible();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "client-home-empty");
  await phone.close();

  const desk = await browser.newContext({ baseURL: origin });
  const staff = await desk.newPage();
  await signInThroughForm(staff, ROLE_USERS.staff.email, ROLE_PASSWORD);
  await expect(staff).toHaveURL(/\/firm\/my-week$/);
  await desk.close();
});
