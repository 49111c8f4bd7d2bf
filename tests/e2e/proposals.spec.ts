import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { issueFormToken } from "../../src/features/leads/form-token.server.ts";
import { pdfText } from "../support/pdf.ts";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";

/*
 * A proposal from the firm, signed on the client's phone (decision 118): a lead asks for a consultation (through the
 * API); staff compose a proposal for Professional at $599 a month with an optional payroll add-on and send it; the
 * link in the mail opens in a fresh browser at phone size without an account; she ticks payroll (the total follows),
 * types her name and accepts; the firm sees it accepted, the evidence, and downloads the signed PDF whose text prints
 * the document hash the evidence shows; the lead is now a client.
 */

const APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456"; // tests/e2e/support/global-setup.ts
const headers = (ip: string) => ({ origin: process.env.E2E_BASE_URL!, "content-type": "application/json", "x-forwarded-for": ip });
const b = () => Math.floor(Math.random() * 254) + 1;

async function makeLead(page: Page, id: string): Promise<{ email: string; company: string }> {
  const email = `nora-${id}@example.com`;
  const company = `Nguyen Florists ${id}`;
  const res = await page.request.post("/api/leads/consultation", {
    headers: headers(`10.${b()}.${b()}.${b()}`),
    data: {
      firstName: "Nora",
      lastName: "Nguyen",
      email,
      phone: "+1 212 555 0142",
      companyName: company,
      annualRevenueRange: "1m-5m",
      servicesInterested: ["tax"],
      challenges: "Payroll every month.",
      preferredTime: "afternoon",
      website: "",
      formToken: issueFormToken(APP_SECRET, Date.now() - 60_000),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, company };
}

test("a proposal composed by staff, signed on the client's phone: the evidence and the signed PDF's hash, the lead a client", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const id = `${Date.now().toString(36)}${b()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  const lead = await makeLead(page, id);
  await signInWithRole(page, "staff");

  // The list, from the workspace's navigation.
  await page.goto("/firm");
  await page.getByRole("navigation", { name: "Firm workspace" }).getByRole("link", { name: "Proposals" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Proposals" })).toBeVisible();

  // A letter template, written here.
  const templateName = `Monthly bookkeeping ${id}`;
  await page.getByRole("button", { name: "New template" }).click();
  const tdialog = page.getByRole("dialog", { name: "New letter template" });
  await tdialog.getByLabel("Name").fill(templateName);
  await tdialog
    .getByRole("textbox", { name: "Letter" })
    .fill(
      "Dear {{client_name}},\n\nThank you for choosing {{firm_name}} for {{company}}. We start on {{start_date}}.\n\nOur fees:\n{{fees}}",
    );
  await tdialog.getByRole("button", { name: "Save the template" }).click();
  await expect(tdialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Edit ${templateName}` })).toBeVisible();

  // Composing: the lead, Professional at $599 a month, the payroll add-on.
  await page.getByRole("link", { name: "New proposal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New proposal" })).toBeVisible();
  const form = page.getByRole("form", { name: "New proposal" });
  await form.getByLabel("Lead or client").selectOption({ label: `Nora Nguyen · ${lead.company} · ${lead.email}` });
  await form.getByLabel("Title").fill(`Books and payroll ${id}`);
  await form.getByLabel("Letter template").selectOption({ label: templateName });
  await expect(form.getByRole("textbox", { name: "Letter" })).toHaveValue(/Dear \{\{client_name\}\}/);
  // Nothing typed in the line: the form names what is missing before anything is sent.
  await form.getByRole("button", { name: "Make the draft" }).click();
  await expect(form.getByText("Line name is required")).toBeVisible();
  const line1 = form.getByRole("group", { name: "Line 1" });
  await line1.getByLabel("Name").fill("Professional");
  await line1.getByLabel("Price (USD)").fill("599");
  await line1.getByLabel("Description").fill("Monthly books, reports and a named accountant");
  await form.getByRole("button", { name: "Add a line" }).click();
  const line2 = form.getByRole("group", { name: "Line 2" });
  await expect(line2.getByLabel("Name")).toBeFocused();
  await line2.getByLabel("Name").fill("Payroll");
  await line2.getByLabel("Price (USD)").fill("50");
  await line2.getByLabel("Optional add-on").check();
  await expect(form.getByText("Total without add-ons: $599.00 per month")).toBeVisible();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "proposal-compose", { widths: [390, 1280] });
  await form.getByRole("button", { name: "Make the draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Books and payroll ${id}` })).toBeVisible();
  await expect(page.getByTestId("proposal-status")).toHaveText("Draft");

  // Sending: the one modal; the mail goes through the API.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const send = page.getByRole("dialog", { name: `Send Books and payroll ${id}` });
  await expect(send.getByLabel("To")).toHaveValue(lead.email);
  await send.getByLabel("Message").fill("As we discussed on the phone.");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await send.getByRole("button", { name: "Send the proposal" }).click();
  await expect(send).toBeHidden();
  await expect(page.getByTestId("proposal-status")).toHaveText("Sent");
  const mail = await waitForMail(lead.email, (m) => m.subject.includes(`Books and payroll ${id}`));
  const url = linkIn(mail);
  expect(url).toMatch(/\/proposal\/[A-Za-z0-9_-]{43}$/);

  // She opens it on her phone, without an account.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const client = await phone.newPage();
  const response = await client.goto(url);
  expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(client.getByRole("heading", { level: 1, name: `Books and payroll ${id}` })).toBeVisible();
  await expect(client.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(client.getByRole("link")).toHaveCount(0);
  await expect(client.getByTestId("proposal-document")).toContainText("Dear Nora Nguyen,");
  const total = client.getByTestId("proposal-total");
  await expect(total).toContainText("$599.00");
  await expectNoAxeViolations(client);
  await shot(client, "proposal-sign", { widths: [390, 1280] });
  // Accepting without her name or the box: told, nothing sent.
  await client.getByRole("button", { name: "Accept" }).click();
  await expect(client.getByText("Full name is required")).toBeVisible();
  await expect(client.getByText("Tick the box to accept the letter")).toBeVisible();
  await client.getByRole("checkbox", { name: "Payroll" }).check();
  await expect(total).toContainText("$649.00");
  await client.getByLabel("Your full name").fill("Nora Nguyen");
  await client.getByLabel("I agree to the engagement letter and the fees above").check();
  await client.getByRole("button", { name: "Accept" }).click();
  const thanks = client.getByRole("heading", { name: "Thank you, Nora Nguyen: the proposal is accepted" });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expect(client.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expectNoAxeViolations(client);
  await shot(client, "proposal-signed", { widths: [390] });
  // Her billing has started: she gives a card on the (test) processor's page and comes back to her proposal.
  const pay = client.getByRole("region", { name: "How you will pay" });
  await expect(pay).toBeVisible();
  await pay.getByRole("button", { name: "Add a card or bank account" }).click();
  await expect(client.getByRole("heading", { name: "Test payment processor" })).toBeVisible();
  await shot(client, "test-processor-setup", { widths: [390] });
  await client.getByLabel("Card or bank account number").fill("4242 4242 4242 4242");
  await client.getByRole("button", { name: "Save" }).click();
  await expect(client).toHaveURL(/\/proposal\/[A-Za-z0-9_-]{43}\?method=saved$/);
  await expect(client.getByText("Your payment method is saved.")).toBeVisible();
  // The processor's event saves it a moment later: read again until it shows.
  await expect(async () => {
    await client.reload();
    await expect(client.getByTestId("proposal-payment-method")).toHaveText("Saved: Visa •••• 4242", { timeout: 1000 });
  }).toPass();
  await expectNoAxeViolations(client);
  await shot(client, "proposal-payment-saved", { widths: [390, 1280] });
  // A link that opens nothing says so.
  await client.goto(url.replace(/[A-Za-z0-9_-]{43}$/, "A".repeat(43)));
  await expect(client.getByRole("heading", { name: "Proposal not found" })).toBeVisible();
  await phone.close();

  // The firm: accepted, the evidence, the signed PDF printing the hash the evidence shows.
  await page.reload();
  await expect(page.getByTestId("proposal-status")).toHaveText("Accepted");
  await expect(page.getByText("Nora Nguyen", { exact: true })).toBeVisible();
  const documentHash = (await page.getByTestId("evidence-document-sha256").textContent())!.trim();
  expect(documentHash).toMatch(/^[0-9a-f]{64}$/);
  const pdfHash = (await page.getByTestId("evidence-pdf-sha256").textContent())!.trim();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "proposal-accepted", { widths: [390, 1280] });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the signed PDF" }).click(),
  ]);
  const pdf = readFileSync((await download.path())!);
  expect(createHash("sha256").update(pdf).digest("hex")).toBe(pdfHash);
  const text = pdfText(pdf);
  expect(text).toContain("Evidence of signature");
  expect(text).toContain(documentHash);
  expect(text).toContain("Nora Nguyen");

  await page.getByRole("link", { name: "All proposals" }).click();
  const row = page.getByRole("listitem", { name: `Books and payroll ${id}` });
  await expect(row).toContainText("Accepted");
  await expect(row.getByTestId("proposal-totals")).toHaveText("$599.00 per month");

  // The lead is now a client.
  const leads = (await (await page.request.get(`/api/firm/leads?q=${encodeURIComponent(lead.email)}`)).json()) as {
    leads: { status: string; organizationId: number | null }[];
  };
  expect(leads.leads[0]).toMatchObject({ status: "won" });
  expect(leads.leads[0]!.organizationId).not.toBeNull();
  await page.goto(`/firm/clients/${leads.leads[0]!.organizationId}`);
  await expect(page.getByRole("heading", { level: 1, name: lead.company })).toBeVisible();
});
