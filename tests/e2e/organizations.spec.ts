import { expect, test, type Page } from "@playwright/test";
import { openBooksSection } from "./support/books.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { newUser, signUpAndSignIn } from "./support/auth.ts";
import { linkIn, waitForMail } from "./support/mail.ts";

const main = (page: Page) => page.locator("main");
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const invitationMail = (email: string) => waitForMail(email, (m) => /^Invitation to /.test(m.subject));

/** Opens the user's books (their home) and answers the organization's id (from the URL). */
async function openBooks(page: Page): Promise<number> {
  await page.goto("/accounting");
  await expect(page).toHaveURL(/\/accounting\/\d+\/home$/);
  return Number(new URL(page.url()).pathname.split("/")[2]);
}

test.describe("organizations and their members", () => {
  test("an owner invites a viewer by mail; the viewer signs up through the link, lands in the books, reads and cannot write", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await signUpAndSignIn(page, newUser("owner"));
    const orgId = await openBooks(page);
    await expect(page.getByText(`Books of ${owner.companyName}`)).toBeVisible();
    // One organization: no switcher.
    await expect(page.getByLabel("Organization")).toHaveCount(0);

    await openBooksSection(page, "Members");
    await expect(page.getByRole("heading", { name: "Members", level: 2 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Members" }).getByText(owner.email)).toBeVisible();
    const viewer = newUser("viewer");
    const invite = page.getByRole("form", { name: "Invite a member" });
    await invite.getByLabel("Email").fill(viewer.email);
    await invite.getByLabel("Role").selectOption("viewer");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(toast(page, "Invitation sent")).toBeVisible();
    const invitations = page.getByRole("region", { name: "Invitations" });
    await expect(invitations.getByRole("listitem").filter({ hasText: viewer.email })).toContainText("pending");

    // A second invitation to the same address is refused, saying why.
    await invite.getByLabel("Email").fill(viewer.email);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByText(`An invitation to ${viewer.email} is already pending. Revoke it to send a new one.`)).toBeVisible();
    // Toasts fade in and out: check the screen once they are gone.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
    await expectNoAxeViolations(page);

    // The invitee: a new browser, the link from the mail.
    const link = linkIn(await invitationMail(viewer.email));
    const context = await browser.newContext();
    const guest = await context.newPage();
    await guest.goto(link);
    await expect(guest.getByText(`You are invited to the books of ${owner.companyName} as viewer`)).toBeVisible();
    await expectNoAxeViolations(guest);
    // The link proves the address: a new person gives a name and a password here and is in the books, no second mail.
    const join = main(guest).getByRole("form", { name: "Create your account" });
    await expect(join.getByText(viewer.email)).toBeVisible();
    await join.getByLabel("First name").fill(viewer.firstName);
    await join.getByLabel("Last name").fill(viewer.lastName);
    await join.getByLabel("Password", { exact: true }).fill(viewer.password);
    await join.getByLabel("Confirm password").fill(viewer.password);
    await join.getByRole("button", { name: "Create account and join" }).click();
    await expect(guest).toHaveURL(new RegExp(`/accounting/${orgId}/home$`));
    await expect(guest.getByText(`Books of ${owner.companyName}`)).toBeVisible();
    await expect(guest.getByText("your role: viewer (read only)")).toBeVisible();

    // Reads: the chart, the members (read only). Writes: no form, and the API refuses.
    await openBooksSection(guest, "Chart of Accounts");
    await expect(guest.getByTestId("account-row").first()).toBeVisible();
    await expect(guest.getByRole("button", { name: "Create Account" })).toHaveCount(0);
    await openBooksSection(guest, "Members");
    await expect(guest.getByText("Only an owner can change who has access.")).toBeVisible();
    await expect(guest.getByRole("form", { name: "Invite a member" })).toHaveCount(0);
    const write = await guest.request.post(`/api/accounting/orgs/${orgId}/accounts`, {
      headers: { origin: process.env.E2E_BASE_URL! },
      data: { account_code: "9901", account_name: "Not allowed", account_type: "Asset" },
    });
    expect(write.status()).toBe(403);

    // The link is used up.
    await guest.goto(link);
    await expect(guest.getByText("This invitation has already been used.")).toBeVisible();

    // The owner sees it accepted.
    await page.reload();
    await openBooksSection(page, "Members");
    await expect(page.getByRole("region", { name: "Invitations" }).getByRole("listitem").filter({ hasText: viewer.email })).toContainText(
      "accepted",
    );
    await expect(page.getByRole("region", { name: "Members" }).getByText(viewer.email)).toBeVisible();
    await context.close();
  });

  test("a member of two organizations switches between them, and two tabs show two organizations' books", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const otherOwner = await signUpAndSignIn(otherPage, newUser("second-org"));
    const otherOrg = await openBooks(otherPage);

    const user = await signUpAndSignIn(page, newUser("two-orgs"));
    const ownOrg = await openBooks(page);
    const origin = process.env.E2E_BASE_URL!;
    const sent = await otherPage.request.post(`/api/accounting/orgs/${otherOrg}/invitations`, {
      headers: { origin },
      data: { email: user.email, role: "accountant" },
    });
    expect(sent.status()).toBe(201);
    await page.goto(linkIn(await invitationMail(user.email)));
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await expect(page).toHaveURL(new RegExp(`/accounting/${otherOrg}/home$`));
    await expect(page.getByText(`Books of ${otherOwner.companyName}`)).toBeVisible();

    // The switcher lists both; choosing one opens its books on their home.
    const switcher = page.getByLabel("Organization");
    await expect(switcher).toHaveValue(String(otherOrg));
    await switcher.selectOption(String(ownOrg));
    await expect(page).toHaveURL(new RegExp(`/accounting/${ownOrg}/home$`));
    await expect(page.getByText(`Books of ${user.companyName}`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your business at a glance" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/accounting/${ownOrg}`);

    // A second tab on the other organization; an account made there stays there.
    const second = await page.context().newPage();
    await second.setViewportSize({ width: 390, height: 844 });
    await second.goto(`/accounting/${otherOrg}`);
    await expect(second.getByText(`Books of ${otherOwner.companyName}`)).toBeVisible();
    await second.getByLabel("Account code").fill("8123");
    await second.getByLabel("Account name").fill("Second Tab Reserve");
    await second.getByLabel("Account type").selectOption("Asset");
    await second.getByRole("button", { name: "Create Account" }).click();
    await expect(second.getByTestId("account-row").filter({ hasText: "Second Tab Reserve" })).toBeVisible();

    await page.getByLabel("Account code").fill("8124");
    await page.getByLabel("Account name").fill("First Tab Reserve");
    await page.getByLabel("Account type").selectOption("Asset");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByTestId("account-row").filter({ hasText: "First Tab Reserve" })).toBeVisible();
    await expect(page.getByText("Second Tab Reserve")).toHaveCount(0);
    await second.reload();
    await expect(second.getByText("First Tab Reserve")).toHaveCount(0);
    await expect(second.getByTestId("account-row").filter({ hasText: "Second Tab Reserve" })).toBeVisible();

    // A foreign organization's books are not found.
    const third = await browser.newContext();
    const stranger = await third.newPage();
    await signUpAndSignIn(stranger, newUser("stranger"));
    const res = await stranger.goto(`/accounting/${otherOrg}`);
    expect(res?.status()).toBe(404);
    await third.close();
    await other.close();
  });
});
