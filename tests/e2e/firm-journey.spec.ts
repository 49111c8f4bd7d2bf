import { expect, test, type Page } from "@playwright/test";
import { openBooksSection } from "./support/books.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { newUser } from "./support/auth.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { pickAccount } from "./support/entry-form.ts";
import { requestConsultation } from "./support/leads.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { ROLE_USERS, signInWithRole } from "./support/role-users.ts";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/**
 * The loop the product exists for: a visitor asks for a consultation → the firm follows the lead up and converts it
 * → the lead accepts the invitation and lands in their books as owner → the firm's accountant posts an entry in
 * those books → the client sees it → the admin disables the client → the audit log tells each step.
 */
test("from consultation request to the client's books, kept by the firm", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `lena-${id}@example.com`;
  const company = `Okafor Logistics ${id}`;

  // The visitor asks.
  await requestConsultation(page, id);

  // The firm follows up: ownership, a note, a meeting, then Convert to client.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInWithRole(staff, "staff");
  // Staff keep clients' books, not their own: Books takes them to the clients.
  await staff.goto("/firm");
  await staff.getByRole("banner").getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Books" }).click();
  await expect(staff).toHaveURL(/\/firm\/clients$/);
  await expect(staff.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
  await staff.goto(`/firm/leads?q=${encodeURIComponent(email)}`);
  await staff.getByRole("row").filter({ hasText: email }).getByRole("link", { name: "Lena Okafor" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Lena Okafor" })).toBeVisible();
  const leadId = new URL(staff.url()).pathname.split("/").at(-1)!;
  await staff.getByRole("button", { name: "Take ownership" }).click();
  await expect(toast(staff, "You own this lead")).toBeVisible();
  await staff.getByLabel("New note").fill("Wants monthly bookkeeping from January.");
  await staff.getByRole("button", { name: "Add note" }).click();
  await expect(staff.getByText("Wants monthly bookkeeping from January.")).toBeVisible();
  await staff.getByRole("combobox", { name: "Status" }).selectOption("meeting_scheduled");
  await staff.getByRole("button", { name: "Save status" }).click();
  await expect(staff.getByRole("listitem").filter({ hasText: "Status: New → Meeting scheduled" })).toBeVisible();

  await staff.getByRole("button", { name: "Convert to client" }).click();
  const convert = staff.getByRole("dialog", { name: "Convert to client" });
  await expect(convert.getByLabel("Company name")).toHaveValue(company);
  await expectNoAxeViolations(staff);
  await convert.getByRole("button", { name: "Convert" }).click();
  await expect(toast(staff, `Converted to a client: an invitation was sent to ${email}`)).toBeVisible();
  await expect(convert).toBeHidden();
  await expect(staff.getByRole("listitem").filter({ hasText: "Status: Meeting scheduled → Won" })).toBeVisible();
  await expect(staff.getByRole("link", { name: "Open books" })).toBeVisible();

  // The lead becomes a client: the invitation mail, sign-up through it, the books as owner.
  const invitation = await waitForMail(email, (m) => m.subject === `Invitation to ${company}`);
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(linkIn(invitation));
  await expect(client.getByText(`You are invited to the books of ${company} as owner`)).toBeVisible();
  const join = client.getByRole("form", { name: "Create your account" });
  const { password } = newUser("lena");
  await join.getByLabel("First name").fill("Lena");
  await join.getByLabel("Last name").fill("Okafor");
  await join.getByLabel("Password", { exact: true }).fill(password);
  await join.getByLabel("Confirm password").fill(password);
  await join.getByRole("button", { name: "Create account and join" }).click();
  await expect(client).toHaveURL(/\/accounting\/\d+\/home$/);
  await expect(client.getByText(`Books of ${company}`)).toBeVisible();
  const booksUrl = new URL(client.url()).pathname.replace(/\/home$/, "");

  // The firm keeps the books: from Clients, the staff member opens them and posts an entry.
  await staff.goto(`/firm/clients?q=${encodeURIComponent(company)}`);
  await staff.getByRole("link", { name: `Open books of ${company}` }).click();
  await expect(staff).toHaveURL(new RegExp(`${booksUrl}$`));
  await expect(staff.getByRole("main").getByText(new RegExp(`^Books of ${company} ·`))).toBeVisible();
  await openBooksSection(staff, "Journal Entries");
  await staff.getByRole("button", { name: "New Entry" }).click();
  const dialog = staff.getByRole("dialog", { name: "New Journal Entry" });
  await dialog.getByLabel("Description", { exact: true }).fill(`Opening balance ${id}`);
  await dialog.getByLabel("Entry date").fill("2026-11-02");
  await pickAccount(dialog, 1, "1000 Cash");
  await dialog.getByLabel("Line 1 debit").fill("2500.00");
  await pickAccount(dialog, 2, "3000 Owner's Equity");
  await dialog.getByLabel("Line 2 credit").fill("2500.00");
  await dialog.getByRole("button", { name: "Save Draft" }).click();
  await expect(toast(staff, "Journal entry saved successfully")).toBeVisible();
  const row = staff
    .getByTestId("entry-row")
    .filter({ hasText: `Opening balance ${id}` })
    .first();
  await row.getByRole("button", { name: /^Post / }).click();
  await staff
    .getByRole("alertdialog", { name: /^Post JE-/ })
    .getByRole("button", { name: "Post Entry" })
    .click();
  await expect(row).toContainText("Posted");

  // The client sees it.
  await client.reload();
  await openBooksSection(client, "Journal Entries");
  const seen = client.getByTestId("entry-row").filter({ hasText: `Opening balance ${id}` });
  await expect(seen).toContainText("Posted");
  await expect(seen).toContainText("2,500.00");

  // Signed in, the client writes through the contact form: the message goes into her conversation with the firm
  // (decision 100), not the leads, and her accountant is told of it as client activity (decision 115).
  await gotoHydrated(client, "/contact");
  const form = client.getByRole("form", { name: "Contact form" });
  await form.getByLabel("First Name").fill("Lena");
  await form.getByLabel("Last Name").fill("Okafor");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message").fill(`Can you add the March invoices? (${id})`);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(client, "Message Sent!")).toContainText("your conversation with the firm");
  const told = await waitForMail(ROLE_USERS.staff.email, (m) => m.subject === `Client activity: ${company}`);
  expect(told.text).toContain("Lena Okafor wrote 1 message");
  await staff.goto(told.text.match(/http\S+\/firm\/activity/)![0]);
  await staff.getByRole("list", { name: "Client activity" }).getByRole("link").filter({ hasText: company }).first().click();
  await expect(staff).toHaveURL(/\/firm\/messages\/\d+$/);
  const said = staff.getByRole("list", { name: "Messages" }).getByRole("article").last();
  await expect(said).toContainText(`Can you add the March invoices? (${id})`);
  await expect(said).toContainText("Sent with the contact form");
  await staff.goto(`/firm/clients/${booksUrl.split("/").at(-1)}`);
  await expect(staff.getByRole("link", { name: `Open books of ${company}` })).toBeVisible();

  // She removes the firm's accountant from her books: he and the admins are told; Clients says the firm has no access.
  await client.goto(booksUrl);
  await openBooksSection(client, "Members");
  await client.getByRole("button", { name: `Remove ${ROLE_USERS.staff.firstName} ${ROLE_USERS.staff.lastName}` }).click();
  await client.getByRole("alertdialog", { name: "Remove member?" }).getByRole("button", { name: "Remove" }).click();
  await waitForMail(ROLE_USERS.staff.email, (m) => m.subject === `${company} removed you from its books`);
  await waitForMail(ROLE_USERS.admin.email, (m) => m.subject === `${company} removed Sam Staff from its books`);
  await staff.goto(`/firm/clients?q=${encodeURIComponent(company)}`);
  const card = staff.getByRole("row").filter({ hasText: company });
  await expect(card.getByText("No firm access")).toBeVisible();
  await expect(card.getByRole("link", { name: `Open books of ${company}` })).toHaveCount(0);

  // The admin disables the client: the client's open session ends.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithRole(admin, "admin");
  await admin.goto(`/firm/team?q=${encodeURIComponent(email)}`);
  await admin.getByRole("button", { name: `Disable ${email}` }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Disable account" }).click();
  await expect(admin.getByText("Account disabled")).toBeVisible();
  await client.goto(booksUrl);
  await expect(client).toHaveURL(/\/login\?from=/);

  // The audit log tells each step: the lead's, the books', the account's.
  const orgId = booksUrl.split("/").at(-1)!;
  const steps: [string, string[]][] = [
    [`targetType=lead&targetId=${leadId}`, ["lead.owner_changed", "lead.note_added", "lead.status_changed", "lead.converted"]],
    [`targetType=organization&targetId=${orgId}`, ["organization.created", "membership.firm_member_removed"]],
    [`action=membership.&actor=${encodeURIComponent(email)}`, ["membership.invitation_accepted"]],
    [`action=team.user_disabled&actor=${encodeURIComponent("admin@ledgerline.test")}`, ["team.user_disabled"]],
  ];
  for (const [query, actions] of steps) {
    await admin.goto(`/firm/audit-log?${query}`);
    const entries = admin.getByRole("list", { name: "Audit entries, newest first" });
    for (const action of actions) await expect(entries.getByText(action, { exact: true }).first()).toBeVisible();
  }
  await expectNoAxeViolations(admin);
  await Promise.all([staffContext.close(), clientContext.close(), adminContext.close()]);
});
