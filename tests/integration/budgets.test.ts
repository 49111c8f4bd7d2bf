import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyIn } from "~/lib/format.ts";
import { queryRows } from "~/server/db/client.ts";
import { booksPath } from "../support/books.ts";
import { pdfText } from "../support/pdf.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * Budgets (decision 123) against figures computed here from the entries this test posts through the API: two years of
 * sales, refunds, services, other income, costs and expenses (2025 closed at year end: its closing entry is no actual),
 * a budget for 2026 copied from 2025 at +10 %, saved as a grid, imported from CSV; the budget against actual, its PDF
 * and the month-end pack; who may do what.
 */

type Line = [code: string, debit: bigint, credit: bigint];
const REVENUE = new Set(["4000", "4100", "4500"]);
const PL = ["4000", "4100", "4500", "5000", "6000", "6100", "6200"];
const MONTHS_2026 = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`);
const money = moneyIn("USD").money;

const dec = (c: bigint) => `${c < 0n ? "-" : ""}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, "0")}`;
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
/** +10 % to the cent, halves away from zero: c × 110 / 100 worked out in whole numbers here. */
const up10 = (c: bigint) => {
  const n = c * 110n;
  const q = n / 100n;
  const r = n % 100n;
  return r >= 50n ? q + 1n : r <= -50n ? q - 1n : q;
};
/** (difference ÷ |budget|) in per cent to one decimal, halves away from zero, as text; null for a zero budget. */
const pct = (diff: bigint, budget: bigint) => {
  if (budget === 0n) return null;
  const b = budget < 0n ? -budget : budget;
  const n = diff * 1000n;
  let q = n / b;
  const r = n % b;
  if ((r < 0n ? -r : r) * 2n >= b) q += n < 0n ? -1n : 1n;
  return `${q < 0n ? "-" : ""}${(q < 0n ? -q : q) / 10n}.${(q < 0n ? -q : q) % 10n}`;
};

describe("budgets", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let org: number;
  const ids: Record<string, number> = {};
  const posted: { date: string; lines: Line[] }[] = [];

  const call = (
    path: string,
    init: { json?: unknown; method?: string; body?: string; headers?: Record<string, string> } = {},
    who = owner,
  ) => t.request(path.startsWith("/api/") ? path : `${booksPath(org)}${path}`, { cookie: who.cookie, ...init });
  const ok = async <T>(res: Promise<Response>): Promise<T> => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBeLessThan(300);
    return JSON.parse(text) as T;
  };
  const refused = async (res: Promise<Response>, status: number) => {
    const r = await res;
    const body = (await r.json()) as { error: string; fields?: Record<string, string> };
    expect(r.status, JSON.stringify(body)).toBe(status);
    return body;
  };
  const post = async (date: string, lines: Line[]) => {
    const body = {
      description: "Budget test entry",
      entry_date: date,
      lines: lines.map(([code, d, c]) => ({ account_id: ids[code], debit_amount: dec(d), credit_amount: dec(c) })),
    };
    await ok(call("/entries?post=true", { json: body }));
    posted.push({ date, lines });
  };
  /** An account's actual in a month, natural sign, from the entries posted here. */
  const actual = (code: string, month: string) =>
    sum(
      posted
        .filter((e) => e.date.startsWith(month))
        .flatMap((e) => e.lines.filter((l) => l[0] === code).map(([, d, c]) => (REVENUE.has(code) ? c - d : d - c))),
    );
  const lastYear = (m: string) => `2025-${m.slice(5)}`;
  type Grid = { budget: { exists: boolean; months: string[]; rows: { account_code: string; amounts: string[] }[] } };
  const gridOf = async (year = 2026) => (await ok<Grid>(call(`/budgets/${year}`))).budget;
  const amountsOf = (g: Grid["budget"], code: string) => g.rows.find((r) => r.account_code === code)!.amounts;

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    owner = await createSignedInUser(t, { companyName: "Larkspur Studio" });
    org = (await ok<{ organizations: { id: number }[] }>(call("/api/accounting/orgs"))).organizations[0]!.id;
    await ok(
      call("/accounts", {
        json: { account_code: "4500", account_name: "Interest Income", account_type: "Revenue", detail_type: "other_income" },
      }),
    );
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(call("/accounts"));
    for (const a of accounts) ids[a.account_code] = a.id;
    for (const year of [2025, 2026])
      for (let m = 1; m <= (year === 2025 ? 12 : 10); m++) {
        const on = (d: string) => `${year}-${String(m).padStart(2, "0")}-${d}`;
        const k = BigInt(m + (year - 2025) * 3);
        const sales = 1_234_55n + k * 101_15n; // odd cents: +10 % meets halves
        await post(on("05"), [
          ["1000", sales, 0n],
          ["4000", 0n, sales],
        ]);
        await post(on("12"), [
          ["5000", sales / 3n, 0n],
          ["6000", 1_500_00n, 0n],
          ["1000", 0n, sales / 3n + 1_500_00n],
        ]);
        if (m % 2 === 0)
          await post(on("15"), [
            ["1000", 400_05n + k, 0n],
            ["4100", 0n, 400_05n + k],
          ]);
        if (m % 3 === 0)
          await post(on("20"), [
            ["4000", 12_35n, 0n],
            ["1000", 0n, 12_35n],
          ]); // a refund
        if (m % 2 === 1)
          await post(on("22"), [
            ["6200", 87_45n, 0n],
            ["1000", 0n, 87_45n],
          ]);
        if (m >= 10)
          await post(on("28"), [
            ["1000", 3_33n, 0n],
            ["4500", 0n, 3_33n],
          ]);
      }
    // 2025 closed: its closing entry (dated 2025-12-31) moves the year's income to equity and is no actual.
    await ok(call("/year-end/close", { json: { fiscal_year: 2025, reason: "Year done" } }));
    viewer = await createSignedInUser(t, { companyName: "Viewer" });
    await t.ctx.db.execute(
      sql`insert into organization_memberships (organization_id, user_id, role) values (${org}, ${viewer.id}, 'viewer')`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows every profit-and-loss account at zero before a budget is saved", async () => {
    const g = await gridOf();
    expect(g.exists).toBe(false);
    expect(g.months).toEqual(MONTHS_2026);
    expect(g.rows.map((r) => r.account_code).sort()).toEqual(PL);
    expect(g.rows.every((r) => r.amounts.every((a) => a === "0.00"))).toBe(true);
  });

  it("copies last year's actuals at +10 %, each month rounded to the cent", async () => {
    await refused(call("/budgets/2026/copy", { json: { percent: "ten" } }), 400).then((b) =>
      expect(Object.keys(b.fields!)).toEqual(["percent"]),
    );
    const { budget } = await ok<Grid>(call("/budgets/2026/copy", { json: { percent: "10" } }));
    expect(budget.exists).toBe(true);
    for (const code of PL) expect(amountsOf(budget, code), code).toEqual(MONTHS_2026.map((m) => dec(up10(actual(code, lastYear(m))))));
    // Halves met: 2025-01's sales of 1,335.70 → 1,469.27 (1,469.27 exactly); March's 1,538.00 less a refund of 12.35
    // → 1,678.22 (1,678.215).
    expect(amountsOf(budget, "4000")[0]).toBe("1469.27");
    expect(amountsOf(budget, "4000")[2]).toBe("1678.22");
    const [audit] = await queryRows<{ after: { source: string; percent: string } }>(
      t.ctx.db,
      sql`select after from audit_log where action = 'books.budget_saved' order by id desc limit 1`,
    );
    expect(audit!.after).toMatchObject({ source: "copy", percent: "10", from_fiscal_year: 2025 });
  });

  it("reports the month, the quarter to date, the year to date and the forecast against the budget", async () => {
    type V = { actual: string; budget: string; difference: string; percent: string | null };
    type R = { report: { has_budget: boolean; lines: { key: string; label: string; month: V; quarter: V; year: V; forecast: V }[] } };
    const { report } = await ok<R>(call("/reports/budget_actual?month=2026-08"));
    expect(report.has_budget).toBe(true);
    const budgetOf = (code: string, m: string) => up10(actual(code, lastYear(m)));
    const group = (codes: string[], months: string[], forecast = false) => {
      const rev = codes.every((c) => REVENUE.has(c));
      const a = sum(codes.flatMap((c) => months.map((m) => (forecast && m > "2026-08" ? budgetOf(c, m) : actual(c, m)))));
      const b = sum(codes.flatMap((c) => (forecast ? MONTHS_2026 : months).map((m) => budgetOf(c, m))));
      const diff = rev ? a - b : b - a;
      return { actual: dec(a), budget: dec(b), difference: dec(diff), percent: pct(diff, b) };
    };
    const line = (key: string) => report.lines.find((l) => l.key === key)!;
    for (const code of PL.filter((c) => c !== "6100")) {
      const l = line(`account:${ids[code]}`);
      expect(l.month, code).toEqual(group([code], ["2026-08"]));
      expect(l.quarter, code).toEqual(group([code], ["2026-07", "2026-08"]));
      expect(l.year, code).toEqual(group([code], MONTHS_2026.slice(0, 8)));
      expect(l.forecast, code).toEqual(group([code], MONTHS_2026, true));
    }
    expect(line("total:revenue").year).toEqual(group(["4000", "4100", "4500"], MONTHS_2026.slice(0, 8)));
    expect(line("total:expenses").month).toEqual(group(["5000", "6000", "6100", "6200"], ["2026-08"]));
    const net = (months: string[]) => sum(months.map((m) => sum(PL.map((c) => (REVENUE.has(c) ? 1n : -1n) * actual(c, m)))));
    const netBudget = (months: string[]) => sum(months.map((m) => sum(PL.map((c) => (REVENUE.has(c) ? 1n : -1n) * budgetOf(c, m)))));
    const ytd = MONTHS_2026.slice(0, 8);
    expect(line("total:net_income").year).toEqual({
      actual: dec(net(ytd)),
      budget: dec(netBudget(ytd)),
      difference: dec(net(ytd) - netBudget(ytd)),
      percent: pct(net(ytd) - netBudget(ytd), netBudget(ytd)),
    });
    // Salaries: no actual, no budget: the account is not in the report.
    expect(report.lines.some((l) => l.key === `account:${ids["6100"]}`)).toBe(false);
    // Interest income has no budget in August: no percentage.
    expect(line(`account:${ids["4500"]}`).month.percent).toBeNull();

    const pdf = pdfText(Buffer.from(await (await call("/reports/budget_actual/pdf?month=2026-08")).arrayBuffer()));
    const sales = line(`account:${ids["4000"]}`);
    for (const text of ["Budget vs. Actual: August 2026", "Budget vs. Actual: year to date", "Forecast for the year", "4000 Sales Revenue"])
      expect(pdf).toContain(text);
    expect(pdf).toContain(
      `${money(sales.month.actual)} ${money(sales.month.budget)} ${money(sales.month.difference)} ${sales.month.percent} %`,
    );
  });

  it("puts the budget against actual in the month-end pack when the month's year has a budget", async () => {
    const pack = async (month: string) => {
      const { pack } = await ok<{ pack: { id: number } }>(call("/packs", { json: { month } }));
      return pdfText(Buffer.from(await (await call(`/packs/${pack.id}/pdf`)).arrayBuffer()));
    };
    expect(await pack("2026-08")).toContain("Budget vs. Actual: August 2026");
    expect(await pack("2025-08")).not.toContain("Budget vs. Actual");
  });

  it("saves the grid in one transaction, and refuses bad input naming the field", async () => {
    const before = await gridOf();
    const row = (code: string, amounts: (string | number)[]) => ({ account_id: ids[code], amounts });
    const twelve = (first: string | number) => [first, ...Array.from({ length: 11 }, () => "")];
    let body = await refused(
      call("/budgets/2026", { method: "PUT", json: { rows: [row("4000", twelve("1,000.50")), row("1000", twelve(5))] } }),
      400,
    );
    expect(body.fields).toEqual({ "rows.1.account_id": "Account not found, or not a revenue or expense account" });
    body = await refused(
      call("/budgets/2026", { method: "PUT", json: { rows: [row("4000", ["1", "2", "x", ...twelve("").slice(3)])] } }),
      400,
    );
    expect(body.fields).toEqual({ "rows.0.amounts": "Month 3: amount is not an amount" });
    body = await refused(call("/budgets/2026", { method: "PUT", json: { rows: [row("4000", ["1"])] } }), 400);
    expect(Object.keys(body.fields!)).toEqual(["rows.0.amounts"]);
    body = await refused(
      call("/budgets/2026", { method: "PUT", json: { rows: [row("4000", twelve("1")), row("4000", twelve("2"))] } }),
      400,
    );
    expect(body.fields).toEqual({ "rows.1.account_id": "Account appears twice" });
    expect(await gridOf()).toEqual(before);
    await refused(call("/reports/budget_actual?month=2026-13"), 400).then((b) => expect(Object.keys(b.fields!)).toEqual(["month"]));

    const { budget } = await ok<Grid>(
      call("/budgets/2026", { method: "PUT", json: { rows: [row("4000", twelve("1,000.50")), row("6000", twelve(-20))] } }),
    );
    expect(amountsOf(budget, "4000")).toEqual(["1000.50", ...Array.from({ length: 11 }, () => "0.00")]);
    expect(amountsOf(budget, "6000")[0]).toBe("-20.00");
    expect(amountsOf(budget, "5000").every((a) => a === "0.00")).toBe(true);
  });

  it("imports a CSV all or nothing, naming each bad cell's line and column, and exports what it imports", async () => {
    const before = await gridOf();
    const header = `account_code,${MONTHS_2026.join(",")}`;
    const months = (xs: string[]) => [...xs, ...Array.from({ length: 12 - xs.length }, () => "")].join(",");
    const upload = (csv: string, who = owner) =>
      call(`/api/budgets-csv/${org}/2026`, { method: "POST", body: csv, headers: { "content-type": "text/csv" } }, who);
    const bad = [
      header,
      `4000,${months(["100", "200", "3x0"])}`,
      `9999,${months(["1"])}`,
      `1000,${months(["1"])}`,
      `4000,${months([])}`,
    ].join("\r\n");
    const body = await refused(upload(bad), 400);
    expect(body.error).toBe("Line 2, column 4 (2026-03): Amount is not an amount (and 3 more)");
    expect(body.fields).toEqual({
      "rows.2.4": "Amount is not an amount",
      "rows.3.1": "No account 9999 in these books",
      "rows.4.1": "Account 1000 is not a revenue or expense account",
      "rows.5.1": "Account 4000 is already on line 2",
    });
    expect(await gridOf()).toEqual(before);

    const good = [header, `4000,${months(["100", "200.5", "-3"])}`, `6200,${months(Array.from({ length: 12 }, () => "87.45"))}`].join("\n");
    const imported = await ok<{ imported_rows: number; budget: Grid["budget"] }>(upload(good));
    expect(imported.imported_rows).toBe(2);
    expect(amountsOf(imported.budget, "4000").slice(0, 4)).toEqual(["100.00", "200.50", "-3.00", "0.00"]);
    expect(amountsOf(imported.budget, "6000").every((a) => a === "0.00")).toBe(true);
    const exported = await (await call(`/api/budgets-csv/${org}/2026`)).text();
    expect(exported.split("\r\n")[0]).toBe(header);
    expect(exported).toContain(`6200,${Array.from({ length: 12 }, () => "87.45").join(",")}`);
    await ok(upload(exported));
    expect(await gridOf()).toMatchObject({ rows: imported.budget.rows });
  });

  it("lets every member read, writers change, and the firm alone change books it keeps", async () => {
    const put = (who: TestUser) => call("/budgets/2026", { method: "PUT", json: { rows: [] } }, who);
    await ok(call("/budgets/2026", {}, viewer));
    await ok(call("/reports/budget_actual?month=2026-01", {}, viewer));
    expect((await refused(put(viewer), 403)).error).toBe("Viewers cannot change the books");
    await refused(call("/budgets/2026/copy", { json: { percent: "1" } }, viewer), 403);
    await refused(
      call(`/api/budgets-csv/${org}/2026`, { method: "POST", body: "4000", headers: { "content-type": "text/csv" } }, viewer),
      403,
    );
    const stranger = await createSignedInUser(t, { companyName: "Elsewhere" });
    await refused(call("/budgets/2026", {}, stranger), 404);
    await refused(call(`/api/budgets-csv/${org}/2026`, {}, stranger), 404);
    const staff = await createSignedInUser(t, { role: "staff" });
    await t.ctx.db.execute(
      sql`insert into organization_memberships (organization_id, user_id, role) values (${org}, ${staff.id}, 'accountant')`,
    );
    expect((await refused(put(owner), 403)).error).toBe("The firm keeps these books: the budgets are the firm's to set");
    await ok(put(staff));
    expect((await gridOf()).rows.every((r) => r.amounts.every((a) => a === "0.00"))).toBe(true);
  });
});
