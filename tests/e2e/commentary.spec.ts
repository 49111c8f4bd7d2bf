import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { newUser, signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { ROLE_USERS, signInWithRole } from "./support/role-users.ts";
import { shot } from "./support/shots.ts";
import { pdfPages } from "../support/pdf.ts";

// The firm writes last month's commentary with a figure from the menu, another of its people reviews and publishes it;
// the client is mailed, reads it on her home on her phone and on a wide screen, and the month's pack opens with it.

/** Last month, "2026-10", and the one before it. */
const month = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};
const MONTH = month(1);
const BEFORE = month(2);
const LABEL = new Date(`${MONTH}-15T12:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** The firm's staff member posts two months of sales through the API. */
async function firmPosts(api: APIRequestContext, books: string) {
  const origin = process.env.E2E_BASE_URL!;
  const { accounts } = (await (await api.get(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const id = (code: string) => accounts.find((a) => a.account_code === code)!.id;
  const post = async (date: string, debit: string, credit: string, amount: string) => {
    const res = await api.post(`${books}/entries?post=true`, {
      headers: { origin },
      data: {
        description: "Sales",
        entry_date: date,
        lines: [
          { account_id: id(debit), debit_amount: amount, credit_amount: "0" },
          { account_id: id(credit), debit_amount: "0", credit_amount: amount },
        ],
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  await post(`${BEFORE}-10`, "1000", "4000", "4000.00");
  await post(`${MONTH}-06`, "1000", "4000", "4250.00");
  await post(`${MONTH}-18`, "1100", "4100", "1500.00");
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  const main = page.locator("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Sign In" }).click();
}

test("the firm writes, reviews and publishes a month's commentary; the client reads it on her home and it opens the pack", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const origin = process.env.E2E_BASE_URL!;
  // Revenue of the month, and its change from the month before, worked out here: 4,250.00 + 1,500.00 against 4,000.00.
  const revenue = "$5,750.00";
  const change = "+$1,750.00 (+43.8%)";

  // Her books; the admin gives them to the firm's staff member and to herself.
  const setup = await browser.newContext({ baseURL: origin });
  const her = await signUpAndSignIn(await setup.newPage(), newUser("juniper"));
  const books = await booksApi(setup.pages()[0]!);
  const orgId = Number(books.split("/").pop());
  await setup.close();
  const adminContext = await browser.newContext({ baseURL: origin });
  const admin = await adminContext.newPage();
  await signInWithRole(admin, "admin");
  const { staff: people } = (await (await admin.request.get("/api/firm/clients/staff")).json()) as {
    staff: { id: string; email: string }[];
  };
  for (const email of [ROLE_USERS.staff.email, ROLE_USERS.admin.email]) {
    const user_id = people.find((s) => s.email === email)!.id;
    const added = await admin.request.post(`/api/firm/clients/${orgId}/accountants`, { headers: { origin }, data: { user_id } });
    expect(added.ok(), await added.text()).toBe(true);
  }

  // The staff member writes the draft at 1280 px, a figure typed and one inserted from the menu.
  const staffContext = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await signInWithRole(staff, "staff");
  await firmPosts(staff.request, books);
  await gotoHydrated(staff, `/accounting/${orgId}/commentary`);
  await expect(staff.getByRole("navigation", { name: "Accounting sections" }).getByRole("link", { name: "Commentary" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(staff.getByRole("heading", { name: LABEL, level: 3 })).toBeVisible();
  await staff.getByLabel("Headline").fill("Revenue up {{revenue:change_month}} on last month");
  const changes = staff.getByLabel("What changed and why");
  await changes.fill("Sales reached ");
  await staff.getByLabel("Figure").selectOption("{{revenue}}");
  await staff.getByLabel("Into").selectOption("changes");
  await staff.getByRole("button", { name: "Insert figure" }).click();
  await expect(changes).toHaveValue("Sales reached {{revenue}}");
  await changes.press("End");
  await changes.pressSequentially(", the best month of the year.");
  await staff.getByLabel("What to do").fill("Send the two open invoices before the 15th.");
  const preview = staff.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText(`Revenue up ${change} on last month`);
  await expect(preview).toContainText(`Sales reached ${revenue}, the best month of the year.`);
  await staff.getByRole("button", { name: "Save draft" }).click();
  await expect(staff.getByText(`Draft for ${LABEL} saved`)).toBeVisible();
  await expect(staff.getByRole("button", { name: "Mark reviewed" })).toBeDisabled();
  await expect(staff.getByText("You wrote it last: another of the firm's people reviews it.")).toBeVisible();
  await expect(staff.getByRole("link", { name: new RegExp(`^${LABEL}\\s*Draft$`) })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(staff, { exclude: [TOASTS] });
  await shot(staff, "commentary-editor", { widths: [1280, 390] });

  // The admin reviews it and publishes it.
  await adminContext.close();
  const reviewerContext = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const reviewer = await reviewerContext.newPage();
  await signInWithRole(reviewer, "admin");
  await gotoHydrated(reviewer, `/accounting/${orgId}/commentary?month=${MONTH}`);
  await expect(reviewer.getByLabel("Headline")).toHaveValue("Revenue up {{revenue:change_month}} on last month");
  await reviewer.getByRole("button", { name: "Mark reviewed" }).click();
  await expect(reviewer.getByText("Commentary reviewed: it can be published")).toBeVisible();
  await reviewer.getByRole("button", { name: "Publish" }).click();
  const dialog = reviewer.getByRole("alertdialog", { name: `Publish the commentary for ${LABEL}?` });
  await dialog.getByRole("button", { name: "Publish" }).click();
  await expect(dialog).toBeHidden();
  await expect(reviewer.getByText("Commentary published: the client is told by mail")).toBeVisible();
  await expect(reviewer.getByText(/^Published by /)).toBeVisible();
  await expect(reviewer.getByRole("button", { name: "Withdraw" })).toBeVisible();
  await expectNoAxeViolations(reviewer, { exclude: [TOASTS] });
  await shot(reviewer, "commentary-published", { widths: [1280, 390] });
  await reviewerContext.close();

  // She is told by mail, with a link to her home.
  const mail = await waitForMail(her.email, (m) => m.subject === `Your monthly commentary for ${LABEL} is ready`);
  expect(linkIn(mail)).toBe(`${origin}/accounting/${orgId}/home`);

  // On her phone: her home shows the commentary, its figures filled in; the firm's editor is not in her navigation.
  const phone = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await signInThroughForm(page, her.email, her.password);
  await expect(page).toHaveURL(new RegExp(`/accounting/${orgId}/home$`));
  const card = page.getByRole("region", { name: `The firm's commentary on ${LABEL}` });
  await expect(card).toContainText(`Revenue up ${change} on last month`);
  await expect(card).toContainText(`Sales reached ${revenue}, the best month of the year.`);
  await expect(card).toContainText("Send the two open invoices before the 15th.");
  await expect(page.getByRole("navigation", { name: "Accounting sections" }).getByRole("link", { name: "Commentary" })).toHaveCount(0);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "commentary-home", { widths: [390, 1280], part: card });
  // The Commentary page itself, reached by its address, shows her the published one and nothing to edit.
  await page.goto(`/accounting/${orgId}/commentary`);
  await expect(page.getByRole("region", { name: `The firm's commentary on ${LABEL}` })).toContainText(`Revenue up ${change} on last month`);
  await expect(page.getByLabel("Headline")).toHaveCount(0);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await phone.close();

  // The month's pack, prepared now, opens with it after the cover.
  const prepared = await staff.request.post(`${books}/packs`, { headers: { origin }, data: { month: MONTH } });
  expect(prepared.ok(), await prepared.text()).toBe(true);
  const { pack } = (await prepared.json()) as { pack: { id: number } };
  const pdf = Buffer.from(await (await staff.request.get(`${books}/packs/${pack.id}/pdf`)).body());
  // Kept beside the screenshots for a person to look at.
  if (process.env.SHOTS_DIR) writeFileSync(path.join(process.env.SHOTS_DIR, "commentary-pack.pdf"), pdf);
  const pages = pdfPages(pdf);
  expect(pages[0]).toContain("Contents: Monthly commentary, Profit & Loss");
  expect(pages[1]).toContain("Monthly commentary");
  expect(pages[1]).toContain(`Revenue up ${change} on last month`);
  expect(pages[1]).toContain(`Sales reached ${revenue}, the best month of the year.`);
  expect(pages[2]).toContain("Profit & Loss");
  await staffContext.close();
});
