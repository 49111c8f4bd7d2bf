import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { newUser, signUpAndSignIn } from "./support/auth.ts";
import { waitForMail } from "./support/mail.ts";
import { signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const headers = () => ({ origin: process.env.E2E_BASE_URL!, "content-type": "application/json" });
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

async function ok<T>(res: ReturnType<APIRequestContext["post"]>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as T;
}

/** The first day of the month `back` months before this one, and that month's name and last day. */
function monthBack(back: number) {
  const d = new Date();
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return {
    first: first.toISOString().slice(0, 10),
    last: last.toISOString().slice(0, 10),
    name: `${MONTHS[first.getUTCMonth()]} ${first.getUTCFullYear()}`,
  };
}

/**
 * Recurring work, as a firm runs it: a new staff member applies the monthly close to two clients; each client gets one
 * instance a month; she reconciles and locks one client's month and its checklist ticks itself, then reopens it and
 * "locked" unticks; she signs in again and lands on her week, where the overdue close waits.
 */
test("the monthly close applied to clients: one instance a month each, a checklist that ticks itself from the books, her week", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const keeper = newUser("closer");
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithRole(admin, "admin");
  await ok(admin.request.post("/api/firm/team/invitations", { headers: headers(), data: { email: keeper.email, firstName: "Robin" } }));
  const invite = await waitForMail(keeper.email, (m) => m.subject.includes("staff account"));
  const token = /\/welcome\/([A-Za-z0-9_-]{43})/.exec(invite.text)![1]!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await ok(page.request.post(`/api/firm/team/invitations/${token}/accept`, { headers: headers(), data: { password: keeper.password } }));

  // Two clients; the admin gives the first client's books to the new staff member.
  const orgs: { id: number; name: string }[] = [];
  for (const prefix of ["close-a", "close-b"]) {
    const context = await browser.newContext();
    const client = await context.newPage();
    const user = await signUpAndSignIn(client, newUser(prefix));
    const { organizations } = (await (await client.request.get("/api/accounting/orgs")).json()) as {
      organizations: { id: number; name: string }[];
    };
    orgs.push({ id: organizations[0]!.id, name: user.companyName });
    await context.close();
  }
  const { staff: people } = (await (await admin.request.get("/api/firm/clients/staff")).json()) as {
    staff: { id: string; email: string }[];
  };
  const keeperId = people.find((s) => s.email === keeper.email)!.id;
  await ok(admin.request.post(`/api/firm/clients/${orgs[0]!.id}/accountants`, { headers: headers(), data: { user_id: keeperId } }));
  await adminContext.close();

  // She applies the monthly close to both clients from two months back, to herself.
  const back = monthBack(2);
  await page.goto("/firm/work/templates");
  await page.getByRole("button", { name: "Apply Close to clients" }).click();
  const apply = page.getByRole("dialog", { name: "Apply Close" });
  for (const org of orgs) await apply.getByLabel(org.name).check();
  await apply.getByLabel("Starting with the period holding").fill(back.first);
  await apply.getByLabel("Assignee").selectOption({ label: "Robin" });
  await apply.getByRole("button", { name: "Apply to 2 clients" }).click();
  await expect(toast(page, "Applied to 2 clients")).toBeVisible();
  await expect(apply).toBeHidden();

  // One instance a month for each client.
  await page.goto(`/firm/work?client=${orgs[0]!.id}`);
  const list = page.getByRole("list", { name: "Work by due date" });
  const name = `Close — ${back.name}`;
  await expect(list.getByRole("link", { name, exact: true })).toHaveCount(1);
  await expect(list.getByRole("link", { name: `Close — ${monthBack(1).name}`, exact: true })).toHaveCount(1);
  await page.goto(`/firm/work?client=${orgs[1]!.id}`);
  await expect(list.getByRole("link", { name, exact: true })).toHaveCount(1);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "work-list");

  // She reconciles the first client's bank account through the month's end and locks the month: the items tick.
  await page.goto(`/firm/work?client=${orgs[0]!.id}`);
  await list.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const locked = page.getByRole("listitem").filter({ hasText: "Period locked" });
  const reconciled = page.getByRole("listitem").filter({ hasText: "Every bank account reconciled through the period end" });
  await expect(locked).toContainText("Not yet: ticks itself from the books");
  const orgId = orgs[0]!.id;
  const { accounts } = (await (await page.request.get(`/api/accounting/orgs/${orgId}/accounts`)).json()) as {
    accounts: { id: number; account_code: string }[];
  };
  const { account } = await ok<{ account: { id: number } }>(
    page.request.post(`/api/bank/${orgId}/accounts`, {
      headers: headers(),
      data: { name: "Checking", kind: "bank", account_id: accounts.find((a) => a.account_code === "1000")!.id },
    }),
  );
  await ok(
    page.request.post(`/api/bank/${orgId}/accounts/${account.id}/reconciliations`, {
      headers: headers(),
      data: { statement_date: back.last, statement_balance: "0.00" },
    }),
  );
  const lock = await page.request.put(`/api/accounting/orgs/${orgId}/lock`, {
    headers: headers(),
    data: { lock_date: back.last, reason: "Month closed" },
  });
  expect(lock.ok(), await lock.text()).toBe(true);
  await page.reload();
  await expect(locked).toContainText("Ticked by the books (Robin");
  await expect(reconciled).toContainText("Ticked by the books (Robin");
  // A plain item is ticked by hand.
  await page.getByLabel("Profit and loss reviewed against the month before").check();
  await expect(toast(page, "Ticked")).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("in_progress");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "work-instance-ticked");

  // Reopened, "locked" unticks itself.
  await ok(page.request.post(`/api/accounting/orgs/${orgId}/lock/unlock`, { headers: headers(), data: { reason: "A late invoice" } }));
  await page.reload();
  await expect(locked).toContainText("Not yet: ticks itself from the books");
  await expect(reconciled).toContainText("Ticked by the books");

  // Not done while items are unticked: a staff member is told a reviewer can override.
  await page.getByLabel("Status").selectOption("done");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(toast(page, "Status not changed")).toBeVisible();

  // The board shows the work by status.
  await page.goto(`/firm/work?view=board&client=${orgId}`);
  await expect(page.getByRole("region", { name: /In progress \(1\)/ }).getByRole("link", { name })).toBeVisible();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });

  // She signs in again through the form and lands on her week, the overdue close first; on a phone too.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(keeper.email);
  await main.getByLabel("Password", { exact: true }).fill(keeper.password);
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/firm\/my-week$/);
  await expect(page.getByRole("heading", { level: 1, name: "My week" })).toBeVisible();
  const overdue = page.getByRole("region", { name: /Overdue/ });
  await expect(overdue.getByRole("link", { name })).toHaveCount(2);
  await expect(overdue.getByText(/Overdue since/).first()).toBeVisible();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "my-week-phone");
  await page.goto("/firm/work/templates");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "work-templates-phone");
});
