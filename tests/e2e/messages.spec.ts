import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { ROLE_USERS, signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const messagesLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Messages/ });

/**
 * The firm writes to a client with a file; the client, on a phone, sees the unread badge and the mail, reads the
 * message (the badge goes) and answers with a photo; the firm's inbox shows the conversation unread.
 */
test("messages between the firm and a client, with files, badges and the mail", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The client, on a phone.
  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const client = await clientContext.newPage();
  const user = await signUpAndSignIn(client);
  await client.goto("/accounting");
  await expect(client.getByText(`Books of ${user.companyName}`)).toBeVisible();
  const orgId = Number(new URL(client.url()).pathname.split("/")[2]);

  // The admin gives the client's books to the staff member.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithRole(admin, "admin");
  const staffList = (await (await admin.request.get("/api/firm/clients/staff")).json()) as { staff: { id: string; email: string }[] };
  const staffId = staffList.staff.find((s) => s.email === ROLE_USERS.staff.email)!.id;
  const added = await admin.request.post(`/api/firm/clients/${orgId}/accountants`, {
    headers: { origin: process.env.E2E_BASE_URL!, "content-type": "application/json" },
    data: { user_id: staffId },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await adminContext.close();

  // The staff member writes, with a PDF.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithRole(page, "staff");
  await page.goto(`/firm/messages/${orgId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Messages with ${user.companyName}` })).toBeVisible();
  const compose = page.getByRole("form", { name: "Write a message" });
  await compose.getByLabel("Message").fill("Hello Dana, October's bank statement is attached: could you check the two card payments?");
  await compose.getByLabel(/Attach files/).setInputFiles({ name: "october-statement.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(compose.getByRole("list", { name: "Files to send" })).toContainText("october-statement.pdf");
  await compose.getByRole("button", { name: "Send message" }).click();
  await expect(toast(page, "Message sent")).toBeVisible();
  const sent = page.getByRole("list", { name: "Messages" }).getByRole("article");
  await expect(sent).toHaveCount(1);
  await expect(sent.getByRole("link", { name: /october-statement\.pdf/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "messages-firm-conversation");

  // The client: the badge in the header, the mail with a short preview and a link back.
  await client.goto(`/accounting/${orgId}`);
  await expect(messagesLink(client)).toHaveAccessibleName("Messages, 1 unread");
  await shot(client, "messages-client-badge");
  const mail = await waitForMail(user.email, (m) => m.subject.startsWith("New message from your accountant"));
  expect(mail.text).toContain("Hello Dana, October's bank statement is attached");
  expect(mail.text).not.toContain("two card payments");
  await client.goto(linkIn(mail));
  await expect(client).toHaveURL(new RegExp(`/accounting/${orgId}/messages$`));
  const thread = client.getByRole("list", { name: "Messages" });
  await expect(thread.getByRole("article")).toContainText("could you check the two card payments?");
  await expect(messagesLink(client)).toHaveAccessibleName("Messages");
  await expectNoAxeViolations(client);
  await shot(client, "messages-client-conversation");

  // She answers with a photo of a receipt.
  const reply = client.getByRole("form", { name: "Write a message" });
  await reply.getByLabel("Message").fill("Both are mine: the receipts are in the photo.");
  await reply.getByLabel(/Attach files/).setInputFiles({ name: "receipts.png", mimeType: "image/png", buffer: PNG });
  await expect(reply.getByRole("list", { name: "Files to send" })).toContainText("receipts.png");
  await reply.getByRole("button", { name: "Send message" }).click();
  await expect(toast(client, "Message sent")).toBeVisible();
  await expect(thread.getByRole("article")).toHaveCount(2);
  await shot(client, "messages-client-answered");
  // She hears of new messages once a day from now on.
  const mailChoice = client.getByRole("form", { name: "Mail about new messages" });
  await mailChoice.getByLabel("Mail me about new messages").selectOption("daily");
  await mailChoice.getByRole("button", { name: "Save" }).click();
  await expect(toast(client, "Saved")).toContainText("Once a day");
  await client.reload();
  await expect(mailChoice.getByLabel("Mail me about new messages")).toHaveValue("daily");

  // The firm's inbox: the conversation unread, found by its client.
  await page.goto(`/firm/messages?unread=1&client=${orgId}`);
  const row = page.getByRole("list", { name: "Conversations" }).getByRole("link", { name: new RegExp(user.companyName) });
  await expect(row).toContainText("1 unread");
  await expect(row).toContainText("Both are mine: the receipts are in the photo.");
  await expect(messagesLink(page)).toHaveAccessibleName(/^Messages, \d+ unread$/);
  await expectNoAxeViolations(page);
  await shot(page, "messages-firm-inbox");
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/firm/messages/${orgId}$`));
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /receipts\.png/ }).click();
  expect((await download).suggestedFilename()).toBe("receipts.png");
  await page.goto(`/firm/messages?unread=1&client=${orgId}`);
  await expect(page.getByText("No conversations match.")).toBeVisible();

  // Signed in, she writes through the public contact form: the message lands in her conversation, not in the leads.
  await gotoHydrated(client, "/contact");
  const contact = client.getByRole("form", { name: "Contact form" });
  await contact.getByLabel("First Name").fill("Dana");
  await contact.getByLabel("Last Name").fill("Whitfield");
  await contact.getByLabel("Email").fill(user.email);
  await contact.getByLabel("Message").fill("One more question about the quarterly estimate.");
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(client, "Message Sent!")).toContainText("your conversation with the firm");
  await page.goto(`/firm/messages/${orgId}`);
  const fromContact = page.getByRole("list", { name: "Messages" }).getByRole("article").last();
  await expect(fromContact).toContainText("One more question about the quarterly estimate.");
  await expect(fromContact).toContainText("Sent with the contact form");

  // The same screens the other way round: the inbox on a phone, the client's conversation on a computer.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/firm/messages?client=${orgId}`);
  await expect(page.getByRole("list", { name: "Conversations" })).toBeVisible();
  await shot(page, "messages-firm-inbox");
  await client.setViewportSize({ width: 1280, height: 900 });
  await client.goto(`/accounting/${orgId}/messages`);
  await expect(thread.getByRole("article")).toHaveCount(3);
  await shot(client, "messages-client-conversation");
  await clientContext.close();
});
