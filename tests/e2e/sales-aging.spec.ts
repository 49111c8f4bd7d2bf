import { expect, test, type Page } from "@playwright/test";
import { TOASTS, expectNoAxeViolations } from "./support/axe.ts";
import { clickUntilVisible, signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { shot } from "./support/shots.ts";

/**
 * Customers and suppliers as a bookkeeper meets them (issue 42): invoices approved on several days and payments made
 * through the API; then in the browser a contact created in the modal, a duplicate merged into the contact kept, a
 * contact's statement with its running balance, and the aging as of three days, each figure compared with one computed
 * here from the documents and payments this test made, and with the control account's balance; a bucket drilled into.
 */

test.describe.configure({ mode: "serial" });

const BUCKETS = ["current", "1_30", "31_60", "61_90", "over_90"] as const;
type Bucket = (typeof BUCKETS)[number];

/** An amount as the books write it (en-US, the books' currency, USD): "$1,234.50", "-$20.00". */
const usd = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100).replace(/^-\$/, "-$");

/** A pattern of an amount's text at the start of an element's ("$1,000.00 (…: show the items)"), or at its end. */
const amountAtStart = (text: string) => new RegExp(`^${text.replace(/[$.]/g, "\\$&")}`);
const amountAtEnd = (text: string) => new RegExp(`${text.replace(/[$.]/g, "\\$&")}$`);

const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Doc {
  key: string;
  contact: string;
  issue: string;
  /** The contact's terms decide it. */
  due: string;
  cents: number;
  id?: number;
  item?: number;
  number?: string;
}
interface Payment {
  doc: string;
  date: string;
  cents: number;
}

/** Payment terms of each customer (days). */
const TERMS: Record<string, number> = { "Alder Cafe": 14, "Birch Hotel": 30, "Cedar Mills": 30, "Alder Café (duplicate)": 14 };

const invoice = (key: string, contact: string, issue: string, cents: number): Doc => ({
  key,
  contact,
  issue,
  due: addDays(issue, TERMS[contact]!),
  cents,
});

/** The invoices: several customers, several days; a duplicate of Alder Cafe with its own invoice. */
const DOCS: Doc[] = [
  invoice("a1", "Alder Cafe", "2026-06-10", 120_000),
  invoice("b1", "Birch Hotel", "2026-07-01", 200_000),
  invoice("a2", "Alder Cafe", "2026-08-20", 45_000),
  invoice("d1", "Alder Café (duplicate)", "2026-09-05", 9_900),
  invoice("b2", "Birch Hotel", "2026-09-25", 80_000),
  invoice("c1", "Cedar Mills", "2026-10-01", 64_000),
  invoice("a3", "Alder Cafe", "2026-10-15", 30_000),
];

/** Payments, each allocated to one invoice on its day: in full, in part, late. */
const PAYMENTS: Payment[] = [
  { doc: "a1", date: "2026-07-15", cents: 120_000 },
  { doc: "b1", date: "2026-08-20", cents: 100_000 },
  { doc: "a2", date: "2026-10-05", cents: 45_000 },
  { doc: "b1", date: "2026-10-25", cents: 50_000 },
  { doc: "c1", date: "2026-11-10", cents: 64_000 },
];

/** A supplier's bill of 500.00 (due in 30 days), 200.00 of it paid on 2026-10-20: the payables' side. */
const BILL = { supplier: "Elm Paper", issue: "2026-09-10", due: "2026-10-10", cents: 50_000, paid: { date: "2026-10-20", cents: 20_000 } };

/** What each invoice still owed at the end of `asOf`, by bucket of days past due: computed from the lists above. */
function expectedAging(asOf: string) {
  const totals: Record<Bucket | "total", number> = { current: 0, "1_30": 0, "31_60": 0, "61_90": 0, over_90: 0, total: 0 };
  const items: { doc: Doc; open: number; bucket: Bucket }[] = [];
  for (const doc of DOCS) {
    if (doc.issue > asOf) continue;
    const paid = PAYMENTS.filter((p) => p.doc === doc.key && p.date <= asOf).reduce((s, p) => s + p.cents, 0);
    const open = doc.cents - paid;
    if (open === 0) continue;
    const late = days(doc.due, asOf);
    const bucket: Bucket = late <= 0 ? "current" : late <= 30 ? "1_30" : late <= 60 ? "31_60" : late <= 90 ? "61_90" : "over_90";
    totals[bucket] += open;
    totals.total += open;
    items.push({ doc, open, bucket });
  }
  return { totals, items };
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const contactRow = (page: Page, name: string) =>
  page.getByTestId("contact-row").filter({ has: page.getByRole("link", { name, exact: true }) });

let page: Page;
let books: string;
let screens: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signUpAndSignIn(page);
  books = await booksApi(page);
  screens = books.replace("/api/accounting/orgs", "/accounting");
  const ok = async <T>(res: ReturnType<Page["request"]["post"]>): Promise<T> => {
    const r = await res;
    expect(r.ok(), await r.text()).toBe(true);
    return (await r.json()) as T;
  };
  const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as {
    accounts: { id: number; account_code: string; account_type: string }[];
  };
  const bank = accounts.find((a) => a.account_code === "1000")!.id;
  const revenue = accounts.find((a) => a.account_type === "Revenue")!.id;
  const expense = accounts.find((a) => a.account_type === "Expense")!.id;
  const contacts: Record<string, number> = {};
  for (const name of Object.keys(TERMS)) {
    const { contact } = await ok<{ contact: { id: number } }>(
      page.request.post(`${books}/contacts`, {
        data: { name, email: `${name.split(" ")[0]!.toLowerCase()}@example.com`, payment_terms_days: TERMS[name] },
      }),
    );
    contacts[name] = contact.id;
  }
  for (const doc of DOCS) {
    const { document } = await ok<{ document: { id: number } }>(
      page.request.post(`${books}/documents`, {
        data: {
          kind: "invoice",
          contact_id: contacts[doc.contact],
          issue_date: doc.issue,
          lines: [{ description: `Catering ${doc.key}`, quantity: "1", unit_price: (doc.cents / 100).toFixed(2), account_id: revenue }],
        },
      }),
    );
    const approved = await ok<{ document: { id: number; item_id: number; number: string; due_date: string; total: string } }>(
      page.request.post(`${books}/documents/${document.id}/approve`),
    );
    expect([approved.document.due_date, approved.document.total]).toEqual([doc.due, (doc.cents / 100).toFixed(2)]);
    Object.assign(doc, { id: approved.document.id, item: approved.document.item_id, number: approved.document.number });
  }
  const { contact: elm } = await ok<{ contact: { id: number } }>(
    page.request.post(`${books}/contacts`, {
      data: { name: BILL.supplier, is_customer: false, is_supplier: true, payment_terms_days: 30 },
    }),
  );
  const { document: bill } = await ok<{ document: { id: number } }>(
    page.request.post(`${books}/documents`, {
      data: {
        kind: "bill",
        contact_id: elm.id,
        issue_date: BILL.issue,
        lines: [{ description: "Paper", quantity: "1", unit_price: "500.00", account_id: expense }],
      },
    }),
  );
  const approvedBill = await ok<{ document: { item_id: number; due_date: string } }>(
    page.request.post(`${books}/documents/${bill.id}/approve`),
  );
  expect(approvedBill.document.due_date).toBe(BILL.due);
  const billPaid = (BILL.paid.cents / 100).toFixed(2);
  await ok(
    page.request.post(`${books}/payments`, {
      data: {
        contact_id: elm.id,
        side: "payable",
        direction: "out",
        date: BILL.paid.date,
        account_id: bank,
        amount: billPaid,
        allocations: [{ item_id: approvedBill.document.item_id, amount: billPaid }],
      },
    }),
  );
  for (const p of PAYMENTS) {
    const doc = DOCS.find((d) => d.key === p.doc)!;
    const amount = (p.cents / 100).toFixed(2);
    await ok(
      page.request.post(`${books}/payments`, {
        data: {
          contact_id: contacts[doc.contact],
          side: "receivable",
          direction: "in",
          date: p.date,
          account_id: bank,
          amount,
          allocations: [{ item_id: doc.item, amount }],
        },
      }),
    );
  }
});

test.afterAll(async () => {
  await page?.close();
});

test("contacts: one created in the modal, a duplicate merged into the contact kept, a used one not deleted", async () => {
  await page.goto(`${screens}/home`);
  await page.getByRole("navigation", { name: "Accounting sections" }).getByRole("link", { name: "Contacts", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Contacts", level: 2 })).toBeVisible();
  await expect(contactRow(page, "Birch Hotel")).toContainText(usd(200_000 + 80_000 - 150_000));

  const dialog = page.getByRole("dialog", { name: "New contact" });
  await clickUntilVisible(page.getByRole("button", { name: "New contact" }), dialog);
  await dialog.getByLabel("Name", { exact: true }).fill("Dogwood Deli");
  await dialog.getByLabel("A supplier (you pay their bills)").check();
  await dialog.getByLabel("Email (optional)").fill("not an email");
  await dialog.getByLabel("Payment terms (days)").fill("7");
  await dialog.getByRole("button", { name: "Save contact" }).click();
  await expect(dialog.getByText("Email must be an email address")).toBeVisible();
  await dialog.getByLabel("Email (optional)").fill("orders@dogwood.example");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "contact-dialog", { widths: [390, 1280], part: dialog });
  await dialog.getByRole("button", { name: "Save contact" }).click();
  await expect(toast(page, "Dogwood Deli saved")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "New contact" }), "the focus back on the button that opened the dialog").toBeFocused();
  await expect(contactRow(page, "Dogwood Deli")).toContainText("Customer and supplier");
  await expect(contactRow(page, "Dogwood Deli")).toContainText("orders@dogwood.example");

  // The duplicate, with its invoice, merged into Alder Cafe: its 99.00 is Alder Cafe's from then on.
  await contactRow(page, "Alder Café (duplicate)").getByRole("button", { name: "Merge Alder Café (duplicate) into…" }).click();
  const merge = page.getByRole("alertdialog", { name: "Merge Alder Café (duplicate) into another contact" });
  await expect(merge).toContainText("The history is kept");
  await merge.getByLabel("Find the contact to keep").fill("Alder");
  await merge.getByLabel("Contact to keep", { exact: true }).selectOption({ label: "Alder Cafe (alder@example.com)" });
  await expect(merge.getByRole("status")).toContainText("will be read as Alder Cafe");
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await merge.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(toast(page, "Alder Café (duplicate) merged into Alder Cafe")).toBeVisible();
  await expect(contactRow(page, "Alder Café (duplicate)")).toHaveCount(0);
  await expect(contactRow(page, "Alder Cafe")).toContainText(usd(30_000 + 9_900));

  // A contact with documents is not deleted: the server's reason is the toast's.
  await contactRow(page, "Cedar Mills").getByRole("button", { name: "Delete Cedar Mills" }).click();
  const ask = page.getByRole("alertdialog", { name: "Delete Cedar Mills?" });
  await ask.getByRole("button", { name: "Delete contact" }).click();
  await expect(toast(page, "merge it into another contact instead")).toBeVisible();
  await expect(contactRow(page, "Cedar Mills").getByRole("button", { name: "Delete Cedar Mills" })).toBeFocused();
  await expect(contactRow(page, "Cedar Mills")).toHaveCount(1);

  // Found by search, and by role.
  await page.getByRole("search", { name: "Search the contacts" }).getByLabel("Search").fill("dogwood");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("contact-row")).toHaveCount(1);
  await page.getByRole("link", { name: "Clear search" }).click();
  await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "Suppliers" }).click();
  await expect(page.getByTestId("contact-row")).toHaveCount(2);
  await expect(contactRow(page, "Dogwood Deli")).toHaveCount(1);
  await expect(contactRow(page, BILL.supplier)).toContainText(usd(BILL.cents - BILL.paid.cents));
  await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "All contacts" }).click();
  await expect(page.getByTestId("contact-row")).toHaveCount(5);
  await expect(page.getByRole("link", { name: "Export the contacts (CSV)" })).toHaveAttribute("href", /\/contacts\.csv$/);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "contacts", { widths: [390, 1280] });
});

test("a contact's statement: brought forward, each line with the running balance, what is due by age", async () => {
  await contactRow(page, "Alder Cafe").getByRole("link", { name: "Alder Cafe" }).click();
  await expect(page.getByRole("heading", { name: "Alder Cafe", level: 2 })).toBeVisible();
  // Open today: a3 (300.00) and the merged duplicate's d1 (99.00), each linked to its document.
  const open = page.getByTestId("open-items-receivable");
  await expect(open.getByRole("row")).toHaveCount(3);
  const d1 = DOCS.find((d) => d.key === "d1")!;
  await expect(open.getByRole("link", { name: `Invoice ${d1.number}` })).toHaveAttribute("href", `${screens}/sales/${d1.id}`);

  const form = page.getByRole("form", { name: "Period of the statement" });
  await form.getByLabel("From").fill("2026-07-01");
  await form.getByLabel("To").fill("2026-10-31");
  await form.getByRole("button", { name: "Show statement" }).click();
  await expect(page).toHaveURL(/from=2026-07-01&to=2026-10-31/);

  // Computed here: Alder's (and the duplicate's) invoices and payments, in date order.
  const mine = (d: Doc) => d.contact.startsWith("Alder");
  const events = [
    ...DOCS.filter(mine).map((d) => ({ date: d.issue, cents: d.cents, text: `Invoice ${d.number}` })),
    ...PAYMENTS.filter((p) => mine(DOCS.find((d) => d.key === p.doc)!)).map((p) => ({
      date: p.date,
      cents: -p.cents,
      text: "Payment from",
    })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const opening = events.filter((e) => e.date < "2026-07-01").reduce((s, e) => s + e.cents, 0);
  const period = events.filter((e) => e.date >= "2026-07-01" && e.date <= "2026-10-31");
  await expect(page.getByTestId("statement-opening")).toContainText(usd(opening));
  const lines = page.getByTestId("statement-line");
  await expect(lines).toHaveCount(period.length);
  let balance = opening;
  for (const [i, e] of period.entries()) {
    balance += e.cents;
    await expect(lines.nth(i)).toContainText(e.text);
    await expect(lines.nth(i)).toContainText(usd(Math.abs(e.cents)));
    await expect(lines.nth(i).getByRole("cell").last()).toHaveText(amountAtEnd(usd(balance)));
  }
  await expect(page.getByTestId("statement-closing")).toContainText(usd(balance));
  await expect(page.getByRole("group", { name: "Statement" }).getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    /\/statement\.pdf\?from=2026-07-01&to=2026-10-31&side=receivable$/,
  );
  await expect(lines.filter({ hasText: "Invoice" }).first().getByRole("link")).toHaveAttribute("href", /\/sales\/\d+$/);
  const due = expectedAging("2026-10-31").items.filter((x) => mine(x.doc));
  await expect(page.getByTestId("statement-aging")).toContainText(`Total due${usd(due.reduce((s, x) => s + x.open, 0))}`);
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "contact-statement", { widths: [390, 1280] });
});

test("the aging as of three days equals the figures computed from the documents and payments, and the control account", async () => {
  await page.getByRole("navigation", { name: "Accounting sections" }).getByRole("link", { name: "Aging", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Aging", level: 2 })).toBeVisible();
  for (const asOf of ["2026-08-31", "2026-10-20", "2026-11-27"]) {
    const form = page.getByRole("form", { name: "Day of the aging" });
    await form.getByLabel("As of").fill(asOf);
    await form.getByRole("button", { name: "Show aging" }).click();
    await expect(page).toHaveURL(new RegExp(`as_of=${asOf}`));
    const { totals } = expectedAging(asOf);
    for (const column of [...BUCKETS, "total"] as const)
      await expect(page.getByTestId(`aging-total-${column}`), `${asOf} ${column}`).toHaveText(amountAtStart(usd(totals[column])));
    await expect(page.getByTestId("aging-control-balance")).toHaveText(usd(totals.total));
    await expect(page.getByTestId("aging-control-check")).toHaveText(`Equals the aging's total, ${usd(totals.total)}.`);
  }

  // The payables as of 2026-11-27: the bill's 300.00 left, 48 days past due, equal to the payables' control account.
  await page
    .getByRole("navigation", { name: "Side" })
    .getByRole("link", { name: /^Payables/ })
    .click();
  await expect(page).toHaveURL(/side=payable&as_of=2026-11-27/);
  const owedToElm = usd(BILL.cents - BILL.paid.cents);
  expect(days(BILL.due, "2026-11-27")).toBe(48);
  await expect(page.getByTestId("aging-total-31_60")).toHaveText(amountAtStart(owedToElm));
  await expect(page.getByTestId("aging-total-total")).toHaveText(amountAtStart(owedToElm));
  await expect(page.getByTestId("aging-control")).toContainText("Accounts Payable");
  await expect(page.getByTestId("aging-control-balance")).toHaveText(owedToElm);
  await page
    .getByRole("navigation", { name: "Side" })
    .getByRole("link", { name: /^Receivables/ })
    .click();
  await expect(page).toHaveURL(/side=receivable&as_of=2026-11-27/);

  // As of 2026-10-20: Birch Hotel's invoice of July, 1,000.00 still owed, 81 days past due; drilled into from its figure.
  await page.getByRole("form", { name: "Day of the aging" }).getByLabel("As of").fill("2026-10-20");
  await page.getByRole("button", { name: "Show aging" }).click();
  const { items } = expectedAging("2026-10-20");
  const birch = items.filter((x) => x.doc.contact === "Birch Hotel" && x.bucket === "61_90");
  expect(birch.map((x) => [x.doc.key, x.open])).toEqual([["b1", 100_000]]);
  await page.getByRole("link", { name: `${usd(100_000)} (Birch Hotel, 61–90 days: show the items)` }).click();
  await expect(page).toHaveURL(/contact=\d+&bucket=61_90/);
  const heading = page.getByRole("heading", { name: "Items: Birch Hotel, 61–90 days" });
  await expect(heading).toBeFocused();
  const rows = page.getByTestId("aging-item");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(usd(100_000));
  await expect(rows.first().getByRole("link", { name: `Invoice ${birch[0]!.doc.number}` })).toHaveAttribute(
    "href",
    `${screens}/sales/${birch[0]!.doc.id}`,
  );
  await expectNoAxeViolations(page, { exclude: [TOASTS] });
  await shot(page, "aging-drill", { widths: [390, 1280] });

  // A bucket's total drills to every contact's items in it.
  const current = items.filter((x) => x.bucket === "current");
  expect(current.length).toBeGreaterThan(1);
  await page.getByTestId("aging-total-current").getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Items: Every contact, Current" })).toBeFocused();
  await expect(rows).toHaveCount(current.length);
  await expect(page.getByRole("status").filter({ hasText: "open on" })).toContainText(usd(current.reduce((s, x) => s + x.open, 0)));
});
