import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { newUser, signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { ROLE_USERS, signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";

// The firm asks a client for October's statement and two receipts; she answers from her phone (two uploads, one "I
// don't have this"); the firm accepts one and sends one back; past the due date a reminder comes (the clock moved
// through the server's admin socket); she uploads again; the firm's queue shows what waits on whom.

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQc1hPEmIY1TCqYfhqAAByJQ0QIpDAYQAAAABJRU5ErkJggg==",
  "base64",
);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/**
 * The reminders job run now with its clock moved to `today`: in the running server through its admin socket (the
 * embedded database, decision 079), or on the servers' PostgreSQL database by a process of its own.
 */
function remindAsOf(today: string): Promise<{ ok: boolean }> {
  if (process.env.E2E_DATABASE_URL) {
    const env = { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, PUBLIC_URL: process.env.E2E_BASE_URL!, TODAY: today };
    const child = spawn("npx", ["tsx", "tests/e2e/support/run-reminders.ts"], { env, stdio: "ignore" });
    return new Promise((resolve) => child.once("exit", (code) => resolve({ ok: code === 0 })));
  }
  const file = path.join(process.env.E2E_DATA_DIR!, "admin.sock");
  return new Promise((resolve, reject) => {
    let text = "";
    const socket = net.connect(file, () => socket.write(`${JSON.stringify({ op: "requests:remind", input: { today } })}\n`));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("end", () => resolve(JSON.parse(text) as { ok: boolean }));
    socket.on("error", reject);
  });
}

test("document requests: asked by the firm, answered from a phone, accepted, sent back, reminded, answered again", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const origin = process.env.E2E_BASE_URL!;
  const due = day(2);

  // The client signs up on her phone; an admin gives the firm's staff member her books.
  const phone = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 } });
  const client = await phone.newPage();
  const her = await signUpAndSignIn(client, newUser("maria"));
  const books = await booksApi(client);
  const orgId = Number(books.split("/").pop());
  // A bank fee already in her journal: the statement will be kept with it.
  const { accounts } = (await (await client.request.get(`${books}/accounts`)).json()) as {
    accounts: { id: number; account_code: string }[];
  };
  const code = (c: string) => accounts.find((a) => a.account_code === c)!.id;
  const fee = await client.request.post(`${books}/entries`, {
    headers: { origin },
    data: {
      description: "October bank fee",
      entry_date: "2026-10-31",
      lines: [
        { account_id: code("6200"), debit_amount: "12.00", credit_amount: "0" },
        { account_id: code("1000"), debit_amount: "0", credit_amount: "12.00" },
      ],
    },
  });
  expect(fee.ok(), await fee.text()).toBe(true);
  const adminContext = await browser.newContext({ baseURL: origin });
  const admin = await adminContext.newPage();
  await signInWithRole(admin, "admin");
  const { staff } = (await (await admin.request.get("/api/firm/clients/staff")).json()) as { staff: { id: string; email: string }[] };
  const staffId = staff.find((s) => s.email === ROLE_USERS.staff.email)!.id;
  const added = await admin.request.post(`/api/firm/clients/${orgId}/accountants`, { headers: { origin }, data: { user_id: staffId } });
  expect(added.ok(), await added.text()).toBe(true);
  await adminContext.close();

  // The firm, at 1280 px: a request with three items.
  await signInWithRole(page, "staff");
  await page.goto(`/accounting/${orgId}/requests`);
  await expect(page.getByText("No requests yet.")).toBeVisible();
  await page.getByRole("button", { name: "New request" }).click();
  const form = page.getByRole("form", { name: "New request" });
  await form.getByLabel("Title").fill("October close");
  await form.getByLabel("Message").fill("Hello Maria, we need these to close October.");
  await form.getByRole("button", { name: "Add an item" }).click();
  await form.getByRole("button", { name: "Add an item" }).click();
  const labels = ["October bank statement", "Receipt for 2026-10-14, $412.50, Home Depot", "Receipt for 2026-10-20, $88.00, Staples"];
  for (const [i, label] of labels.entries()) {
    await form.getByLabel(`Item ${i + 1}: what is needed`).fill(label);
    await form.getByLabel(`Item ${i + 1}: due date`).fill(due);
  }
  await shot(page, "document-requests-new-request");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { name: "October close" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Checklist" }).getByTestId("request-item")).toHaveCount(3);

  // She follows the mail's link on her phone: a checklist, a count in the books' navigation.
  const sent = await waitForMail(her.email, (m) => m.subject === "Documents requested: October close");
  expect(sent.text).toContain("Home Depot");
  await client.goto(linkIn(sent));
  await expect(client.getByRole("heading", { name: "October close" })).toBeVisible();
  await expect(
    client.getByRole("navigation", { name: "Accounting sections" }).getByRole("link", { name: "Requests (1 open)" }),
  ).toBeVisible();
  const item = (p: Page, label: string) => p.getByRole("listitem").filter({ has: p.getByRole("heading", { name: label }) });
  await item(client, labels[0]!)
    .getByLabel(/Upload for/)
    .setInputFiles({ name: "october-statement.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(toast(client, "october-statement.pdf uploaded")).toBeVisible();
  await item(client, labels[1]!)
    .getByLabel(/Upload for/)
    .setInputFiles({ name: "home-depot.png", mimeType: "image/png", buffer: PNG });
  await expect(toast(client, "home-depot.png uploaded")).toBeVisible();
  const staples = item(client, labels[2]!);
  await staples.getByRole("button", { name: "I don't have this" }).click();
  await staples.getByLabel("Why you don't have it").fill("Paid cash, the shop gave no receipt");
  await staples.getByRole("button", { name: "Send answer" }).click();
  await expect(staples.getByText("Not available: Paid cash, the shop gave no receipt")).toBeVisible();
  await expect(client.getByText("Waiting on the firm")).toBeVisible();
  await shot(client, "document-requests-client-answered");
  await expectNoAxeViolations(client, { exclude: [TOASTS] });

  // The firm accepts the statement and sends the receipt back with the reason.
  await page.reload();
  await item(page, labels[0]!)
    .getByRole("button", { name: `Accept “${labels[0]}”` })
    .click();
  await expect(toast(page, "Item accepted")).toBeVisible();
  // The accepted statement kept with the bank fee's entry, as its document: the entry found by its amount as typed.
  const { entry } = (await fee.json()) as { entry: { id: number; entry_number: string } };
  const picker = item(page, labels[0]!).getByRole("combobox", { name: "Journal entry for october-statement.pdf" });
  await picker.fill("12.00");
  const option = page.getByRole("option", { name: /October bank fee/ });
  await expect(option).toHaveCount(1);
  await shot(page, "document-requests-entry-picker");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await picker.press("Enter");
  await expect(picker).toHaveValue(/October bank fee/);
  await item(page, labels[0]!).getByRole("button", { name: "Attach to entry" }).click();
  await expect(toast(page, `october-statement.pdf attached to ${entry.entry_number}`)).toBeVisible();
  const kept = (await (await client.request.get(`/api/entry-documents/${orgId}/${entry.id}/documents`)).json()) as {
    documents: { file_name: string }[];
  };
  expect(kept.documents.map((d) => d.file_name)).toEqual(["october-statement.pdf"]);
  const receipt = item(page, labels[1]!);
  await receipt.getByRole("button", { name: "Send back" }).click();
  await receipt.getByLabel("Reason").fill("The total is cut off: please photograph the whole receipt");
  await receipt.getByRole("button", { name: "Send back" }).click();
  await expect(receipt.getByText("Sent back: The total is cut off")).toBeVisible();
  await expect(page.getByText("Waiting on the client").first()).toBeVisible();
  await shot(page, "document-requests-firm-reviewed");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  const returned = await waitForMail(her.email, (m) => m.subject === `Sent back: ${labels[1]}`);
  expect(returned.text).toContain("The total is cut off");

  // Past the due date (the clock moved forward), a reminder of what is still to do.
  expect(await remindAsOf(day(3))).toMatchObject({ ok: true });
  const reminder = await waitForMail(her.email, (m) => m.subject === "Reminder: October close");
  expect(reminder.text).toContain("Home Depot");
  expect(reminder.text).not.toContain("October bank statement");

  // She opens the reminder and uploads the receipt again.
  await client.goto(linkIn(reminder));
  await expect(item(client, labels[1]!).getByText("Sent back: The total is cut off")).toBeVisible();
  await item(client, labels[1]!)
    .getByLabel(/Upload for/)
    .setInputFiles({ name: "home-depot-whole.png", mimeType: "image/png", buffer: PNG });
  await expect(toast(client, "home-depot-whole.png uploaded")).toBeVisible();
  await expect(client.getByText("Waiting on the firm")).toBeVisible();
  await shot(client, "document-requests-client-again");
  await expectNoAxeViolations(client, { exclude: [TOASTS] });

  // The firm sees the reminder sent and, in its queue, what waits on it.
  await page.reload();
  await expect(page.getByRole("list", { name: "Reminders sent" })).toContainText(`Reminder of ${due}`);
  await page.goto("/firm/requests?waiting=firm");
  const queue = page.getByRole("list", { name: "Waiting, oldest first" });
  await expect(queue).toContainText(labels[1]!);
  await expect(queue).toContainText(labels[2]!);
  await expect(queue).not.toContainText(labels[0]!);
  await shot(page, "document-requests-firm-queue");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await phone.close();
});
