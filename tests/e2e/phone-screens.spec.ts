import { expect, test, type Locator, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { newUser, signUpAndSignIn } from "./support/auth.ts";
import { openBooksSection, booksApi } from "./support/books.ts";
import { requestConsultation } from "./support/leads.ts";
import { ROLE_USERS, signInWithRole } from "./support/role-users.ts";
import { base32Decode, totp } from "./support/totp.ts";
import { shot } from "./support/shots.ts";

/**
 * Every screen of the portal and the firm's workspace on a phone (390 px) and a desktop (1280 px): the page never
 * scrolls sideways, the amounts of the ledger and an entry's lines are in view, the audit log names people, and a
 * toast covers no control a person needs.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const WIDTHS = [PHONE, DESKTOP];

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const today = () => new Date().toLocaleDateString("en-CA");

/** The page fits the viewport's width (no sideways scroll), passes axe on a phone, and is photographed. */
async function fits(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  await page.evaluate(() => document.fonts.ready);
  // The message names the elements that reach past the right edge, innermost last.
  const { scrollWidth, wide } = await page.evaluate((w) => {
    const over = [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > w + 0.5);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")} "${(el.textContent ?? "").slice(0, 40)}"`;
    return { scrollWidth: document.documentElement.scrollWidth, wide: over.slice(-3).map(describe) };
  }, width);
  expect(scrollWidth, `${name}: the page is no wider than the screen; past the edge: ${wide.join(" | ")}`).toBeLessThanOrEqual(width);
  if (width === PHONE.width) await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, name);
}

/** Wholly inside the viewport's width: not cut off on either side. */
async function expectWithinWidth(locator: Locator, what: string) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const width = locator.page().viewportSize()!.width;
  expect(box.x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends inside the screen`).toBeLessThanOrEqual(width);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A client with an organization holding posted entries with long descriptions and large amounts. */
async function clientWithBooks(page: Page): Promise<{ orgPath: string; entryNumber: string; entryNumbers: string[] }> {
  await signUpAndSignIn(page, newUser("phone"));
  const books = await booksApi(page);
  const headers = { origin: process.env.E2E_BASE_URL!, "content-type": "application/json" };
  const post = async (path: string, data: unknown = {}) => {
    const res = await page.request.post(`${books}${path}`, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as { entry: { id: number; entry_number: string } };
  };
  const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const id = (code: string) => accounts.find((a) => a.account_code === code)!.id;
  const entryNumbers: string[] = [];
  for (const [description, amount, from] of [
    ["Owner investment into the business account at the start of the year", 1250000, "3000"],
    ["Consulting services invoiced to Northwind Manufacturing for the quarter", 98765.43, "4100"],
  ] as const) {
    const { entry } = await post("/entries", {
      description,
      entry_date: today(),
      reference: "INV-2026-000123",
      lines: [
        { account_id: id("1000"), debit_amount: amount, credit_amount: 0, description: "Deposited at the bank" },
        { account_id: id(from), debit_amount: 0, credit_amount: amount },
      ],
    });
    await post(`/entries/${entry.id}/post`);
    entryNumbers.push(entry.entry_number);
  }
  // A payment out of Cash, so that its ledger has a credit.
  const { entry } = await post("/entries", {
    description: "Rent for the office",
    entry_date: today(),
    lines: [
      { account_id: id("6000"), debit_amount: 4200, credit_amount: 0 },
      { account_id: id("1000"), debit_amount: 0, credit_amount: 4200 },
    ],
  });
  await post(`/entries/${entry.id}/post`);
  return { orgPath: books.replace("/api/accounting/orgs", "/accounting"), entryNumber: entryNumbers.at(-1)!, entryNumbers };
}

const openTab = openBooksSection;

async function openEntry(page: Page, entryNumber: string): Promise<Locator> {
  await openTab(page, "Journal Entries");
  const dialog = page.getByRole("dialog", { name: `Journal Entry ${entryNumber}` });
  await page.getByRole("button", { name: `View ${entryNumber}`, exact: true }).click();
  await expect(dialog.getByTestId("detail-line").first()).toBeVisible();
  return dialog;
}

test.describe("screens on a phone and a desktop", () => {
  test("the client's portal: no sideways scroll, Credit and Balance in view in the ledger and an entry", async ({ page }) => {
    test.setTimeout(300_000);
    const { orgPath, entryNumber } = await clientWithBooks(page);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      const w = viewport.width;
      for (const path of ["/calculators", "/calculators/roi", "/calculators/rd-tax-credit", "/account"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await fits(page, path.slice(1).replaceAll("/", "-"));
      }

      await page.goto(orgPath);
      await expect(page.getByRole("heading", { name: "Accounting", level: 1 })).toBeVisible();
      for (const tab of ["Chart of Accounts", "Journal Entries", "Reports", "Members", "Import and export"] as const) {
        await openTab(page, tab);
        await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
        if (tab === "Reports") await expect(page.getByRole("button", { name: "Cash", exact: true }).first()).toBeVisible();
        await fits(page, `books-${tab.toLowerCase().replaceAll(" ", "-")}`);
      }

      // The account's ledger: its last line (the rent paid out) shows Credit and Balance inside the screen.
      await openTab(page, "Reports");
      await page.getByRole("button", { name: "Cash", exact: true }).first().click();
      const ledger = page.getByRole("dialog", { name: "Ledger: 1000 Cash" });
      const rent = ledger.getByTestId("ledger-line").filter({ hasText: "Rent for the office" });
      await expect(rent).toBeVisible();
      await expectWithinWidth(rent.getByRole("cell").filter({ hasText: "$4,200.00" }), `ledger Credit at ${w}`);
      await expectWithinWidth(rent.getByRole("cell").filter({ hasText: "$1,344,565.43" }), `ledger Balance at ${w}`);
      await expectWithinWidth(ledger.getByRole("button", { name: "Close" }), `ledger close button at ${w}`);
      await fits(page, "books-ledger-dialog");
      await page.keyboard.press("Escape");
      await expect(ledger).toBeHidden();

      // An entry's lines: the Credit amount is inside the screen.
      const details = await openEntry(page, entryNumber);
      const credit = details.getByTestId("detail-line").nth(1).getByRole("cell").filter({ hasText: "$98,765.43" });
      await expectWithinWidth(credit, `entry Credit at ${w}`);
      await fits(page, "books-entry-dialog");
      await page.keyboard.press("Escape");
      await expect(details).toBeHidden();
    }
  });

  test("the firm's workspace: no sideways scroll, and the audit log names people instead of ids", async ({ page, browser }) => {
    test.setTimeout(300_000);
    const visitor = await browser.newPage();
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await requestConsultation(visitor, id);
    await visitor.close();

    await signInWithRole(page, "admin");
    const admin = ROLE_USERS.admin;
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      for (const path of ["/firm", "/firm/leads", "/firm/clients", "/firm/site-content", "/firm/team", "/firm/audit-log"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await fits(page, path.slice(1).replaceAll("/", "-"));
      }
      await page.goto(`/firm/leads?q=${id}`);
      await page.getByRole("link", { name: "Lena Okafor" }).filter({ visible: true }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: /Lena Okafor/ })).toBeVisible();
      await fits(page, "firm-lead");
    }

    // The admin takes the lead: the audit log tells who did it to which lead by name, never by id.
    await page.goto(`/firm/leads?q=${id}`);
    await page.getByRole("link", { name: "Lena Okafor" }).filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/\/firm\/leads\/[^/?]+$/);
    const leadId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("contacted");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(toast(page, "Status")).toBeVisible();
    await page.setViewportSize(PHONE);
    await page.goto(`/firm/audit-log?targetType=lead&targetId=${leadId}`);
    const entry = page.getByRole("list", { name: "Audit entries, newest first" }).getByRole("listitem").first();
    await expect(entry).toContainText(`By ${admin.firstName} ${admin.lastName} (${admin.email})`);
    await expect(entry).toContainText("on lead Lena Okafor");
    await expect(entry).not.toContainText(leadId);
    await fits(page, "firm-audit-log-lead");
  });

  test("a toast covers neither the header nor a dialog's close button or buttons, and goes at the next press", async ({ page }) => {
    const { orgPath, entryNumbers } = await clientWithBooks(page);
    // An entry can be reversed once: one entry for each width.
    for (const [i, viewport] of WIDTHS.entries()) {
      const entryNumber = entryNumbers[i]!;
      await page.setViewportSize(viewport);
      await page.goto(orgPath);
      const details = await openEntry(page, entryNumber);
      // Reversing keeps the entry's dialog open under the toast that says it is done.
      await details.getByLabel("Reversal date").fill(today());
      await details.getByRole("button", { name: "Reverse Entry" }).click();
      await page
        .getByRole("alertdialog", { name: `Reverse ${entryNumber}?` })
        .getByRole("button", { name: "Reverse Entry" })
        .click();
      const done = toast(page, "Journal entry reversed successfully");
      await expect(done).toBeVisible();
      await expect(details).toContainText("Reversed by");
      let lastY = Number.NaN;
      await expect
        .poll(
          async () => {
            const y = (await done.boundingBox())?.y;
            const settled = y === lastY;
            lastY = y ?? Number.NaN;
            return settled;
          },
          { message: "the toast has settled" },
        )
        .toBe(true);
      // The dialog's buttons, scrolled to as a person would (the dialog scrolls inside when taller than the screen).
      const exportPdf = details.getByRole("link", { name: "Export PDF" });
      await exportPdf.scrollIntoViewIfNeeded();
      const box = (await done.boundingBox())!;
      await shot(page, "toast-over-dialog", { fullPage: false });
      for (const [what, control] of [
        ["the dialog", details],
        ["the close button", details.getByRole("button", { name: "Close" })],
        ["Export PDF", exportPdf],
        // Outside an open dialog the page is hidden from assistive technology: the header is found by its element.
        ["the header", page.locator("header").first()],
      ] as const) {
        expect(overlaps(box, (await control.boundingBox())!), `the toast covers ${what} at ${viewport.width}`).toBe(false);
      }
      // The next press elsewhere takes it away.
      await details.getByRole("heading", { name: `Journal Entry ${entryNumber}` }).click();
      await expect(done).toBeHidden();
      await page.keyboard.press("Escape");
      await expect(details).toBeHidden();
    }
  });

  test("turning two-factor sign-in on: the status says On with the toast, before the backup codes are put away", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    const user = await signUpAndSignIn(page, newUser("twofa"));
    await page.goto("/account");
    const section = page.locator("section").filter({ has: page.getByRole("heading", { name: "Two-factor sign-in" }) });
    await expect(section.getByText("Status: Off")).toBeVisible();
    await section.getByRole("button", { name: "Set up an authenticator app" }).click();
    await section.getByLabel("Your password").fill(user.password);
    await section.getByRole("button", { name: "Continue" }).click();
    const secret = base32Decode((await page.getByTestId("totp-secret").textContent()) ?? "");
    await section.getByLabel("Code from your app").fill(totp(secret));
    await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(toast(page, "Two-factor sign-in is on")).toBeVisible();
    await expect(section.getByRole("list", { name: "Backup codes" })).toBeVisible();
    await expect(section.getByText("Status: On")).toBeVisible();
    await fits(page, "account-two-factor-on");
  });
});
