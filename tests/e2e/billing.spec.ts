import { expect, test } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { signUpAndSignIn } from "./support/auth.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";

/*
 * The firm's fees from the client's side (decision 119), in the browser against the local test processor: a client
 * accepts the firm's proposal for her books; her Billing page lists the invoice her acceptance made in the firm's books;
 * she gives a card on the processor's page and comes back; the invoice is collected (by the scheduled collection or her
 * "Pay now", whichever comes first) and shows paid, with the payment beside it. Looked at on a phone and a desktop.
 */

test("a client's Billing page: the firm's invoice from her accepted proposal, a card given, the invoice paid", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const origin = process.env.E2E_BASE_URL!;
  const client = await signUpAndSignIn(page);
  const { organizations } = (await (await page.request.get("/api/accounting/orgs")).json()) as { organizations: { id: number }[] };
  const orgId = organizations[0]!.id;

  // The firm's staff propose a plan for her books and send it; she accepts it through her link.
  const firmContext = await browser.newContext();
  const firm = await firmContext.newPage();
  await signInWithRole(firm, "staff");
  const today = new Date().toISOString().slice(0, 10);
  const made = await firm.request.post("/api/firm/proposals", {
    headers: { origin },
    data: {
      organization_id: orgId,
      client_email: client.email,
      title: "Starter for your books",
      start_date: today,
      minimum_term_months: 12,
      expires_on: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      letter: "Dear {{client_name}},\n{{fees}}",
      lines: [{ name: "Starter", description: "Monthly books", price: "299.00", billing: "monthly", quantity: 1 }],
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { proposal } = (await made.json()) as { proposal: { id: number } };
  expect((await firm.request.post(`/api/firm/proposals/${proposal.id}/send`, { headers: { origin } })).ok()).toBe(true);
  await firmContext.close();
  const token = linkIn(await waitForMail(client.email, (m) => m.subject.includes("Starter for your books"))).split("/").pop()!;
  const { proposal: shown } = (await (await page.request.get(`/api/proposal-links/${token}`)).json()) as {
    proposal: { document_sha256: string };
  };
  const accepted = await page.request.post(`/api/proposal-links/${token}/accept`, {
    headers: { origin },
    data: { proposal_id: proposal.id, document_sha256: shown.document_sha256, signer_name: "Dana Whitfield", chosen_line_ids: [], agree: true },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  // Her Billing page, from the books' navigation.
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, `/accounting/${orgId}/home`);
  await page.getByRole("navigation", { name: "Accounting sections" }).getByRole("link", { name: "Billing" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Billing" })).toBeVisible();
  const invoice = page.getByTestId("billing-invoice").first();
  await expect(invoice).toContainText("$299.00");
  await expect(invoice).toContainText("Open");
  await expect(page.getByText("No payment method yet.")).toBeVisible();
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "billing-open", { widths: [390, 1280] });

  // A card on the processor's page; back on Billing, the method shows once its event is in.
  await page.getByRole("button", { name: "Add a payment method" }).click();
  await expect(page.getByRole("heading", { name: "Test payment processor" })).toBeVisible();
  await page.getByLabel("Card or bank account number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/accounting/${orgId}/billing\\?method=saved$`));
  await expect(page.getByText("Your payment method is saved.", { exact: false })).toBeVisible();
  await expect(page.getByTestId("billing-method")).toContainText("Visa •••• 4242", { timeout: 15_000 });

  // Collected: by her press, or by the scheduled collection if it came first. Either way, paid once.
  const pay = invoice.getByRole("button", { name: /Pay now/ });
  if (await pay.isVisible()) await pay.click();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("billing-invoice").first()).toContainText("Paid", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const payment = page.getByTestId("billing-payment");
  await expect(payment).toHaveCount(1);
  await expect(payment.first()).toContainText("$299.00");
  await expect(payment.first()).toContainText("Card or bank debit");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "billing-paid", { widths: [390, 1280] });

  // The invoice's PDF is hers to download, as an attachment.
  const [download] = await Promise.all([page.waitForEvent("download"), invoice.getByRole("link", { name: /Download PDF/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
});
