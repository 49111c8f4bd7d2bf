import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Dashboard } from "~/features/insight/index.ts";
import { ownerDashboard } from "~/features/insight/index.server.ts";
import { addDays, moneyIn, todayIso } from "~/lib/format.ts";
import { createApp } from "~/server/app.ts";
import { queryRows } from "~/server/db/client.ts";
import { booksPath } from "../support/books.ts";
import { pageBuild } from "../support/page-build.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * The owner's dashboard (decision 121) against figures computed here from the entries this test posts through the API:
 * a year and a half of sales, costs and expenses over two bank accounts and a card, a draft, an entry dated ahead, a
 * reversal, an invoice paid in part and a bill, and last year closed (its closing entry is no income). Every figure of
 * the server's read, of the home page's data and of the tables under the charts is compared with sums made here.
 */

type Line = [code: string, debit: bigint, credit: bigint];
interface Posted {
  date: string;
  lines: Line[];
}

/** What this test knows of the accounts it posts to: detail type, and the name of the operating expenses. */
const DETAIL: Record<string, string> = {
  "1000": "current_asset", "1010": "current_asset", "1100": "current_asset", "2000": "current_liability", "2200": "current_liability",
  "3000": "equity", "4000": "operating_revenue", "4100": "operating_revenue", "4500": "other_income", "5000": "cost_of_sales",
  "6000": "operating_expense", "6100": "operating_expense", "6200": "operating_expense", "6300": "operating_expense",
  "6400": "operating_expense", "6500": "operating_expense", "6600": "operating_expense", "6700": "operating_expense", "7000": "other_expense",
}; // prettier-ignore
const NAMES: Record<string, string> = {
  "6000": "Rent Expense", "6100": "Salaries Expense", "6200": "Utilities Expense", "6300": "Marketing", "6400": "Software",
  "6500": "Insurance", "6600": "Travel", "6700": "Office Supplies",
}; // prettier-ignore
const ADDED: [string, string, string, string][] = [
  ["1010", "Savings", "Asset", "current_asset"],
  ["2200", "Company Card", "Liability", "current_liability"],
  ["4500", "Interest Income", "Revenue", "other_income"],
  ...["6300", "6400", "6500", "6600", "6700"].map((c): [string, string, string, string] => [c, NAMES[c]!, "Expense", "operating_expense"]),
  ["7000", "Interest Expense", "Expense", "other_expense"],
];
/** Cash: the two bank accounts' ledger accounts (the card is not cash). */
const CASH = ["1000", "1010"];

const shift = (month: string, by: number) => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};
const lastDay = (month: string) => addDays(`${shift(month, 1)}-01`, -1);
const dec = (c: bigint) => `${c < 0n ? "-" : ""}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, "0")}`;
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
/** An amount moved from one account (credited) to another (debited). */
const move = (debit: string, credit: string, cents: bigint): Line[] => [
  [debit, cents, 0n],
  [credit, 0n, cents],
];

/** The dashboard's figures computed from the entries alone, as of `today`. */
function expected(entries: Posted[], today: string) {
  const lines = entries.flatMap((e) => e.lines.map(([code, d, c]) => ({ date: e.date, code, d, c })));
  const months = Array.from({ length: 12 }, (_, i) => shift(today.slice(0, 7), i - 12));
  const credit = (month: string, detail: (d: string) => boolean) =>
    sum(lines.filter((l) => l.date.startsWith(month) && detail(DETAIL[l.code]!)).map((l) => l.c - l.d));
  const figures = (month: string) => {
    const revenue = credit(month, (d) => d === "operating_revenue");
    return {
      revenue: dec(revenue),
      grossMargin: dec(revenue + credit(month, (d) => d === "cost_of_sales")),
      netIncome: dec(credit(month, (d) => /revenue|income|expense|cost_of_sales/.test(d))),
    };
  };
  const balance = (codes: string[], upTo: string) =>
    sum(lines.filter((l) => codes.includes(l.code) && l.date <= upTo).map((l) => l.d - l.c));
  const ends = months.map((m) => balance(CASH, lastDay(m)));
  const cashToday = balance(CASH, today);
  const costs = Object.keys(NAMES)
    .map((code) => ({
      name: NAMES[code]!,
      cents: sum(lines.filter((l) => l.code === code && months.includes(l.date.slice(0, 7))).map((l) => l.d - l.c)),
    }))
    .filter((x) => x.cents !== 0n)
    .sort((a, b) => Number(b.cents - a.cents) || a.name.localeCompare(b.name));
  const named = costs.length > 7 ? costs.slice(0, 6) : costs;
  const expenses = named.map((x) => ({ name: x.name, amount: dec(x.cents), other: false }));
  if (named.length < costs.length) expenses.push({ name: "Other", amount: dec(sum(costs.slice(6).map((x) => x.cents))), other: true });
  const fall = ends[8]! - ends[11]!;
  return {
    months: months.map((m) => ({ month: m, figures: figures(m), lastYear: figures(shift(m, -12)) })),
    cashMonthEnds: months.map((m, i) => ({ month: m, balance: dec(ends[i]!) })),
    cashToday: dec(cashToday),
    expenses,
    receivable: dec(balance(["1100"], today)),
    payable: dec(-balance(["2000"], today)),
    runway:
      fall > 0n
        ? { averageBurn: dec((2n * fall + 3n) / 6n), months: cashToday > 0n ? Number((30n * cashToday) / fall) / 10 : 0 }
        : { averageBurn: null, months: null },
  };
}

/** The rows of the table a caption names on the page, each row's cells as text. */
function tableRows(html: string, caption: string): string[][] {
  const start = html.indexOf(`<caption class="sr-only">${caption.replace(/'/g, "&#x27;")}</caption>`);
  expect(start, caption).toBeGreaterThan(0);
  const table = html.slice(start, html.indexOf("</table>", start));
  const text = (s: string) =>
    s
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;/g, "'");
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((r) =>
    [...r[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => text(c[1]!)),
  );
}

describe("the owner's dashboard", () => {
  let t: TestApp;
  let pages: ReturnType<typeof createApp>;
  let owner: TestUser;
  let org: number;
  const ids: Record<string, number> = {};
  const entries: Posted[] = [];
  const today = todayIso();
  const current = today.slice(0, 7);

  const call = (path: string, json?: unknown) => t.request(path, { cookie: owner.cookie, ...(json === undefined ? {} : { json }) });
  const ok = async <T>(res: Promise<Response>): Promise<T> => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBeLessThan(300);
    return JSON.parse(text) as T;
  };
  const body = (date: string, lines: Line[], description = "Dashboard entry") => ({
    description,
    entry_date: date,
    lines: lines.map(([code, d, c]) => ({ account_id: ids[code], debit_amount: Number(d) / 100, credit_amount: Number(c) / 100 })),
  });
  const post = async (date: string, lines: Line[]) => {
    await ok(call(`${booksPath(org)}/entries?post=true`, body(date, lines)));
    entries.push({ date, lines });
  };
  const figuresOf = async (asOf: string) => {
    const { months, cashMonthEnds, cashToday, expenses, receivable, payable, runway } = await ownerDashboard(t.ctx.db, org, "USD", asOf);
    return {
      months: months.map((m) => ({ month: m.month, figures: m.figures, lastYear: m.lastYear })),
      cashMonthEnds: cashMonthEnds.map((c) => ({ month: c.month, balance: c.balance })),
      cashToday,
      expenses,
      receivable,
      payable,
      runway: { averageBurn: runway.averageBurn, months: runway.months },
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    pages = createApp(t.ctx, { build: await pageBuild(["routes/accounting-home.tsx"]) });
    owner = await createSignedInUser(t, { companyName: "Juniper Ceramics" });
    org = (await ok<{ organizations: { id: number }[] }>(call("/api/accounting/orgs"))).organizations[0]!.id;
    for (const [account_code, account_name, account_type, detail_type] of ADDED)
      await ok(call(`${booksPath(org)}/accounts`, { account_code, account_name, account_type, detail_type }));
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(call(`${booksPath(org)}/accounts`));
    for (const a of accounts) ids[a.account_code] = a.id;
    for (const [name, kind, code] of [
      ["Checking", "bank", "1000"],
      ["Savings", "bank", "1010"],
      ["Visa", "card", "2200"],
    ] as const)
      await ok(call(`/api/bank/${org}/accounts`, { name, kind, account_id: ids[code] }));

    // Nineteen months of the business, the last three full ones paying far more salaries (cash falls: a runway).
    const amount = (seed: number, lo: number, hi: number) => BigInt(lo + ((seed * 7919) % (hi - lo)));
    await post(`${shift(current, -18)}-01`, move("1000", "3000", 2_500_000_00n));
    let seed = 1;
    for (let k = 18; k >= 0; k--) {
      const on = (day: string) => `${shift(current, -k)}-${day}`;
      const [s, v, c, x, u] = [amount(seed++, 900_000, 1_500_000), amount(seed++, 50_000, 200_000), amount(seed++, 100_000, 300_000), amount(seed++, 5_000, 90_000), amount(seed++, 10_000, 40_000)]; // prettier-ignore
      const salary = amount(seed++, 200_000, 400_000) + (k >= 1 && k <= 3 ? 2_000_000n : 0n);
      const month: [string, Line[]][] = [
        [on("05"), [...move("1000", "4000", s), ...move("1010", "4100", v)]],
        [on("12"), [...move("5000", "1000", c), ...move("6000", "1000", 150_000n)]],
        [on("19"), move("6100", "1000", salary)],
        [on("19"), move("6200", "2200", u)],
        [on("26"), [...move(["6300", "6400", "6500", "6600", "6700"][k % 5]!, "1000", x), ...move("2200", "1000", u)]],
        [on("26"), [...move("7000", "1000", 1_234n), ...move("1010", "4500", 987n)]],
        ...(k % 4 === 0 ? [[on("27"), move("4000", "1000", 12_500n)] as [string, Line[]]] : []),
        ...(k % 3 === 0 ? [[on("28"), move("1010", "1000", 100_000n)] as [string, Line[]]] : []),
      ];
      for (const [date, lines] of month) if (date <= today) await post(date, lines);
    }
    // A reversal (dated a month after its entry), an entry dated ahead of today, a draft: only the reversal counts.
    const reversed = entries.find((e) => e.date === `${shift(current, -7)}-05`)!;
    type Found = { entries: { id: number }[] };
    const found = await ok<Found>(call(`${booksPath(org)}/entries?from=${reversed.date}&to=${reversed.date}`));
    await ok(call(`${booksPath(org)}/entries/${found.entries[0]!.id}/reverse`, { entry_date: `${shift(current, -6)}-02` }));
    entries.push({ date: `${shift(current, -6)}-02`, lines: reversed.lines.map(([code, d, c]) => [code, c, d]) });
    await ok(call(`${booksPath(org)}/entries?post=true`, body(addDays(today, 20), move("1000", "4000", 777_00n))));
    await ok(call(`${booksPath(org)}/entries`, body(today, move("1000", "4000", 5_000_00n))));
  }, 240_000);
  afterAll(() => t?.close());

  it("reads no receivable or payable before the sales settings exist, and makes none", async () => {
    const d = await ownerDashboard(t.ctx.db, org, "USD", today);
    expect([d.receivable, d.payable]).toEqual(["0.00", "0.00"]);
    expect(await queryRows(t.ctx.db, sql`select 1 from sales_settings where organization_id = ${org}`)).toEqual([]);
  });

  it("gives every figure as computed from the posted entries: months, last year, cash, categories, runway", async () => {
    // An invoice paid in part and a bill: what customers owe and what is owed to suppliers.
    const contact = async (name: string, supplier: boolean) =>
      (await ok<{ contact: { id: number } }>(call(`${booksPath(org)}/contacts`, { name, is_customer: !supplier, is_supplier: supplier })))
        .contact.id;
    const approve = async (kind: string, contact_id: number, issue_date: string, price: string, code: string) => {
      const line = { description: kind, quantity: "1", unit_price: price, account_id: ids[code] };
      const { document } = await ok<{ document: { id: number } }>(
        call(`${booksPath(org)}/documents`, { kind, contact_id, issue_date, lines: [line] }),
      );
      return (await ok<{ document: { item_id: number } }>(call(`${booksPath(org)}/documents/${document.id}/approve`, {}))).document.item_id;
    };
    const customer = await contact("Harbor Cafe", false);
    const item = await approve("invoice", customer, `${shift(current, -2)}-08`, "2500.00", "4000");
    entries.push({ date: `${shift(current, -2)}-08`, lines: move("1100", "4000", 250_000n) });
    await approve("bill", await contact("Clay Supply Co", true), `${shift(current, -2)}-09`, "800.00", "6300");
    entries.push({ date: `${shift(current, -2)}-09`, lines: move("6300", "2000", 80_000n) });
    const payment = {
      contact_id: customer,
      side: "receivable",
      direction: "in",
      date: `${shift(current, -1)}-08`,
      account_id: ids["1000"],
      amount: "1000.00",
    };
    await ok(call(`${booksPath(org)}/payments`, { ...payment, allocations: [{ item_id: item, amount: "1000.00" }] }));
    entries.push({ date: payment.date, lines: move("1000", "1100", 100_000n) });

    // Last year closed: its closing entry moves the year's income to equity and is no month's income.
    const year = Number(today.slice(0, 4)) - 1;
    await ok(call(`${booksPath(org)}/year-end/close`, { fiscal_year: year, reason: "Filed" }));

    const want = expected(entries, today);
    expect(await figuresOf(today)).toEqual(want);
    expect(want.runway.months).not.toBeNull();
    expect(want.expenses.at(-1)).toMatchObject({ name: "Other", other: true });
    expect(want.receivable).toBe("1500.00");
    // Seen from earlier days, as the months then were (cash growing before the salaries rose: not burning).
    for (const asOf of [`${shift(current, -4)}-15`, `${shift(current, -9)}-03`])
      expect(await figuresOf(asOf)).toEqual(expected(entries, asOf));
    expect((await figuresOf(`${shift(current, -9)}-03`)).runway).toEqual({ averageBurn: null, months: null });
  });

  it("hands the home page the same figures, and shows them in each chart's table and in words", async () => {
    // The home's loader, as the browser asks for its data: every figure is in it.
    const res = await pages.request(`/accounting/${org}/home.data`, { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    const data = await res.text();
    const want = expected(entries, today);
    const figures = want.months.flatMap((m) => [...Object.values(m.figures), ...Object.values(m.lastYear)]);
    for (const amount of [want.cashToday, want.receivable, want.payable, ...figures, ...want.cashMonthEnds.map((c) => c.balance)])
      expect(data).toContain(`"${amount}"`);
    for (const e of want.expenses) expect(data).toContain(`"${e.amount}"`);
    // What the screen draws from them.
    const d = await ownerDashboard(t.ctx.db, org, "USD", today);
    const html = renderToStaticMarkup(createElement(Dashboard, { dashboard: d }));
    const money = moneyIn("USD").money;
    const monthly = (caption: string, figure: "revenue" | "grossMargin" | "netIncome") =>
      expect(tableRows(html, caption).slice(1, 13)).toEqual(
        want.months.map((m, i) => [d.months[i]!.label, money(m.figures[figure]), money(m.lastYear[figure])]),
      );
    monthly("Revenue by month", "revenue");
    monthly("Gross margin by month", "grossMargin");
    monthly("Net income by month", "netIncome");
    expect(tableRows(html, "Cash at each month's end").slice(1)).toEqual(
      want.cashMonthEnds.map((c, i) => [d.cashMonthEnds[i]!.label, money(c.balance)]),
    );
    expect(tableRows(html, "Operating expenses by category").slice(1, -1)).toEqual(want.expenses.map((e) => [e.name, money(e.amount)]));
    for (const text of [
      `Cash today`,
      money(want.cashToday),
      money(want.receivable),
      money(want.payable),
      `${want.runway.months!.toFixed(1)} months`,
    ])
      expect(html).toContain(text);
    const labels = [...html.matchAll(/<svg role="img" aria-label="([^"]+)"/g)].map((m) => m[1]!);
    expect(labels).toHaveLength(5);
    const revenueTotal = money(dec(sum(want.months.map((m) => BigInt(m.figures.revenue.replace(".", ""))))));
    expect(labels.find((l) => l.startsWith("Revenue by month"))).toContain(`${revenueTotal} in all`);
    expect(html).toContain("Your business at a glance");
  });

  it("answers the same figures through its API, as of a day given or today, and refuses a bad day naming it", async () => {
    const asOf = `${shift(current, -4)}-15`;
    type Answer = { dashboard: Awaited<ReturnType<typeof ownerDashboard>> };
    const { dashboard } = await ok<Answer>(call(`${booksPath(org)}/dashboard?as_of=${asOf}`));
    const want = expected(entries, asOf);
    expect(dashboard.cashToday).toBe(want.cashToday);
    expect(dashboard.months.map((m) => ({ month: m.month, figures: m.figures, lastYear: m.lastYear }))).toEqual(want.months);
    expect(dashboard.expenses).toEqual(want.expenses);
    expect((await ok<Answer>(call(`${booksPath(org)}/dashboard`))).dashboard.cashToday).toBe(expected(entries, today).cashToday);
    for (const bad of ["2026-02-30", "1899-12-31", "yesterday"]) {
      const res = await call(`${booksPath(org)}/dashboard?as_of=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(Object.keys(((await res.json()) as { fields: Record<string, string> }).fields)).toEqual(["as_of"]);
    }
  });
});
