import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { newUser, signUpAndSignIn } from "./support/auth.ts";
import { booksApi } from "./support/books.ts";
import { isOnTop } from "./support/on-top.ts";
import { shot } from "./support/shots.ts";

// The owner's dashboard on her home (issue 44, decision 121): a generated year and a bit of her books posted through
// the API, then what the home shows at 1280 and 390 px compared with sums made here from the same entries.

type Line = [code: string, cents: number];
interface Entry {
  date: string;
  debit: Line;
  credit: Line;
}

const DETAIL: Record<string, "cash" | "revenue" | "cost" | "expense" | "other"> = {
  "1000": "cash",
  "3000": "other",
  "4000": "revenue",
  "5000": "cost",
  "6000": "expense",
  "6100": "expense",
  "6200": "expense",
};

const shift = (month: string, by: number) => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const money = (cents: number) => usd.format((cents || 0) / 100); // never "-$0.00"

/** Fifteen months of a small business: an owner's deposit, then each month sales, their cost, rent, salaries, utilities. */
function generate(today: string): Entry[] {
  const current = today.slice(0, 7);
  const entries: Entry[] = [{ date: `${shift(current, -15)}-02`, debit: ["1000", 0], credit: ["3000", 0] }];
  entries[0]!.debit[1] = entries[0]!.credit[1] = 8_000_000;
  for (let k = 15; k >= 1; k--) {
    const month = shift(current, -k);
    const sales = 1_200_000 + ((k * 37_813) % 400_000);
    const move = (day: string, debit: string, credit: string, cents: number) =>
      entries.push({ date: `${month}-${day}`, debit: [debit, cents], credit: [credit, cents] });
    move("05", "1000", "4000", sales);
    move("09", "5000", "1000", Math.round(sales * 0.35));
    move("12", "6000", "1000", 250_000);
    move("20", "6100", "1000", 600_000 + (k <= 3 ? 900_000 : 0));
    move("25", "6200", "1000", 20_000 + k * 1_111);
  }
  return entries;
}

/** What the dashboard should say, from the entries alone. */
function expected(entries: Entry[], today: string) {
  const months = Array.from({ length: 12 }, (_, i) => shift(today.slice(0, 7), i - 12));
  const sumOf = (pick: (e: Entry) => number) => entries.reduce((s, e) => s + pick(e), 0);
  const signed = (e: Entry, kind: string) =>
    (DETAIL[e.debit[0]] === kind ? e.debit[1] : 0) - (DETAIL[e.credit[0]] === kind ? e.credit[1] : 0);
  const revenue = (m: string) => -sumOf((e) => (e.date.startsWith(m) ? signed(e, "revenue") : 0));
  const cost = (m: string) => sumOf((e) => (e.date.startsWith(m) ? signed(e, "cost") : 0));
  const expense = (m: string) => sumOf((e) => (e.date.startsWith(m) ? signed(e, "expense") : 0));
  const cashAt = (day: string) => sumOf((e) => (e.date <= day ? signed(e, "cash") : 0));
  const endOf = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
  return {
    revenue: months.map((m) => [revenue(m), revenue(shift(m, -12))]),
    grossMargin: months.map((m) => [revenue(m) - cost(m), revenue(shift(m, -12)) - cost(shift(m, -12))]),
    netIncome: months.map((m) => [
      revenue(m) - cost(m) - expense(m),
      revenue(shift(m, -12)) - cost(shift(m, -12)) - expense(shift(m, -12)),
    ]),
    cashEnds: months.map((m) => cashAt(endOf(m))),
    cashToday: cashAt(today),
  };
}

/** The amounts of a "Show the numbers" table, row by row (the row's head left out). */
async function tableAmounts(figure: Locator): Promise<string[][]> {
  await figure.getByText("Show the numbers").click();
  const rows = figure.getByRole("region").locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
}

async function checkFigures(page: Page, want: ReturnType<typeof expected>) {
  const dashboard = page.getByRole("region", { name: "Your business at a glance" });
  const cashToday = dashboard.getByRole("term").filter({ hasText: /^Cash today$/ });
  await expect(cashToday).toBeVisible();
  await expect(cashToday.locator("xpath=following-sibling::dd[1]")).toHaveText(money(want.cashToday));
  for (const [title, key] of [
    ["Revenue by month", "revenue"],
    ["Gross margin by month", "grossMargin"],
    ["Net income by month", "netIncome"],
  ] as const) {
    const figure = dashboard.locator("figure").filter({ hasText: title });
    await expect(figure.getByRole("img")).toBeVisible();
    expect(await isOnTop(figure.getByRole("img"))).toBe(true);
    expect(await tableAmounts(figure), title).toEqual(want[key].map(([now, before]) => [money(now!), money(before!)]));
  }
  const cash = dashboard.locator("figure").filter({ hasText: "Cash at each month's end" });
  expect(await tableAmounts(cash)).toEqual(want.cashEnds.map((c) => [money(c)]));
}

test("the owner's dashboard shows her year as computed from her entries, on a computer and a phone", async ({ page }) => {
  test.setTimeout(120_000);
  const origin = process.env.E2E_BASE_URL!;
  await signUpAndSignIn(page, newUser("dashboard"));
  const books = await booksApi(page);
  const orgId = Number(books.split("/").pop());
  const { accounts } = (await (await page.request.get(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
  const id = (code: string) => accounts.find((a) => a.account_code === code)!.id;
  const bank = await page.request.post(`/api/bank/${orgId}/accounts`, {
    headers: { origin },
    data: { name: "Checking", kind: "bank", account_id: id("1000") },
  });
  expect(bank.status()).toBe(201);

  const today = new Date().toISOString().slice(0, 10);
  const entries = generate(today);
  for (const e of entries) {
    const res = await page.request.post(`${books}/entries?post=true`, {
      headers: { origin },
      data: {
        description: "Dashboard month",
        entry_date: e.date,
        lines: [
          { account_id: id(e.debit[0]), debit_amount: e.debit[1] / 100, credit_amount: 0 },
          { account_id: id(e.credit[0]), debit_amount: 0, credit_amount: e.credit[1] / 100 },
        ],
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const want = expected(entries, today);

  await page.goto(`/accounting/${orgId}/home`);
  await checkFigures(page, want);
  // Three months of high salaries: cash falls, and the runway says for how long it lasts.
  await expect(page.getByText(/\d+\.\d months?/).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "dashboard", { part: page.getByRole("region", { name: "Your business at a glance" }), widths: [1280] });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/accounting/${orgId}/home`);
  await checkFigures(page, want);
  // Nothing wider than the phone: the page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await shot(page, "dashboard", { part: page.getByRole("region", { name: "Your business at a glance" }), widths: [390] });
});
