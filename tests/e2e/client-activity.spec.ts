import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { newUser, signUpAndSignIn } from "./support/auth.ts";
import { allMail, waitForMail } from "./support/mail.ts";
import { signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";

const TOASTS = "[data-sonner-toaster]";
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const headers = () => ({ origin: process.env.E2E_BASE_URL!, "content-type": "application/json" });

async function ok<T>(res: ReturnType<APIRequestContext["post"]>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as T;
}

/**
 * Told when the client acts: a client answers the bookkeeper's question on her phone; the staff member who keeps her
 * books sees the count in the firm's navigation and the answer on Client activity, and gets one mail.
 */
test("a client's answer reaches the staff member on the client: the count, the list and one mail", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A staff member of her own (the count is hers alone), invited by the admin.
  const staff = newUser("keeper");
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithRole(admin, "admin");
  await ok(admin.request.post("/api/firm/team/invitations", { headers: headers(), data: { email: staff.email, firstName: "Kit" } }));
  const invite = await waitForMail(staff.email, (m) => m.subject.includes("staff account"));
  const token = /\/welcome\/([A-Za-z0-9_-]{43})/.exec(invite.text)![1]!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await ok(page.request.post(`/api/firm/team/invitations/${token}/accept`, { headers: headers(), data: { password: staff.password } }));

  // The client, on a phone, opens her books; the admin gives them to the staff member.
  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const client = await clientContext.newPage();
  const user = await signUpAndSignIn(client);
  const orgs = await (await client.request.get("/api/accounting/orgs")).json();
  const orgId = (orgs as { organizations: { id: number }[] }).organizations[0]!.id;
  const { staff: people } = (await (await admin.request.get("/api/firm/clients/staff")).json()) as {
    staff: { id: string; email: string }[];
  };
  const staffId = people.find((s) => s.email === staff.email)!.id;
  await ok(admin.request.post(`/api/firm/clients/${orgId}/accountants`, { headers: headers(), data: { user_id: staffId } }));
  await adminContext.close();

  // The staff member imports the bank's lines and asks about one.
  const { accounts } = (await (await page.request.get(`/api/accounting/orgs/${orgId}/accounts`)).json()) as {
    accounts: { id: number; account_code: string }[];
  };
  const { account } = await ok<{ account: { id: number } }>(
    page.request.post(`/api/bank/${orgId}/accounts`, {
      headers: headers(),
      data: { name: "Checking", kind: "bank", account_id: accounts.find((a) => a.account_code === "1000")!.id, currency: "USD" },
    }),
  );
  const bank = `/api/bank/${orgId}/accounts/${account.id}`;
  await ok(
    page.request.post(`${bank}/statements?name=oct.csv`, {
      headers: { origin: process.env.E2E_BASE_URL!, "content-type": "text/csv" },
      data: "Date,Description,Amount\r\n2026-10-02,TRANSFER 889201,-250.00\r\n",
    }),
  );
  const { lines } = (await (await page.request.get(`${bank}/lines?show=all`)).json()) as { lines: { id: number }[] };
  await ok(
    page.request.post(`${bank}/questions`, { headers: headers(), data: { bank_line_id: lines[0]!.id, question: "What was this for?" } }),
  );

  // The client answers on her phone.
  await client.goto(`/accounting/${orgId}/questions`);
  const question = client.getByRole("list", { name: "Questions" }).getByRole("listitem").filter({ hasText: "TRANSFER 889201" });
  await question.getByLabel(/Note/).fill("I paid myself");
  await question.getByRole("button", { name: "Send answer" }).click();
  await expect(toast(client, "Answer sent")).toBeVisible();
  await expectNoAxeViolations(client, { exclude: [TOASTS] });
  await shot(client, "client-activity-answer-phone");

  // The staff member: the count in the firm's navigation, the answer on Client activity, then read.
  await page.goto("/firm");
  const firmNav = page.getByRole("navigation", { name: "Firm workspace" });
  await expect(firmNav.getByRole("link", { name: "Client activity, 1 unread" })).toBeVisible();
  await shot(page, "client-activity-count");
  await firmNav.getByRole("link", { name: "Client activity, 1 unread" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Client activity" })).toBeVisible();
  const item = page.getByRole("list", { name: "Client activity" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(user.companyName);
  await expect(item).toContainText(`${user.firstName} ${user.lastName} answered a question`);
  await expect(item).toContainText("New");
  await expect(firmNav.getByRole("link", { name: "Client activity", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "client-activity-list");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "client-activity-list-phone");
  await expectNoAxeViolations(page);
  await item.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/accounting/${orgId}/questions#question-\\d+$`));

  // One mail, naming the client, linking to the list.
  const mail = await waitForMail(staff.email, (m) => m.subject === `Client activity: ${user.companyName}`);
  expect(mail.text).toContain(`${user.firstName} ${user.lastName} answered 1 question`);
  expect(mail.text).not.toContain("I paid myself");
  expect(allMail().filter((m) => m.to.includes(staff.email.toLowerCase()) && m.subject.startsWith("Client activity"))).toHaveLength(1);
  await clientContext.close();

  // Her choice of these mails, on her account page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/account");
  const choice = page.getByRole("form", { name: "Mail about your clients' activity" });
  await choice.getByLabel("Mail me when my clients answer, upload or write").selectOption("daily");
  await choice.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Saved")).toBeVisible();
  await choice.scrollIntoViewIfNeeded();
  await shot(page, "client-activity-account-choice");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
});
