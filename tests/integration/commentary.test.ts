import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestPublishedCommentary } from "~/features/insight/index.server.ts";
import { createApp } from "~/server/app.ts";
import { queryRows } from "~/server/db/client.ts";
import { pageBuild } from "../support/page-build.ts";
import { outboxRows } from "../support/outbox.ts";
import { pdfPages } from "../support/pdf.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * The monthly commentary (decision 122): the firm writes October 2026's, another of its people reviews it, one
 * publishes it; the client sees none of it before, is mailed once, reads it with its figures filled in from the
 * posted ledger (compared here with sums of the entries this test posts), and finds it first in October's pack.
 */

type Line = [code: string, debit: bigint, credit: bigint];
const MONTH = "2026-10";
const entries: { date: string; lines: Line[] }[] = [];

const move = (debit: string, credit: string, cents: bigint): Line[] => [
  [debit, cents, 0n],
  [credit, 0n, cents],
];
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
/** "$1,234.50", "-$80.00", written here rather than by the app's formatter. */
const usd = (c: bigint) => {
  const abs = c < 0n ? -c : c;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${c < 0n ? "-" : ""}$${whole}.${String(abs % 100n).padStart(2, "0")}`;
};
const change = (from: bigint, to: bigint) => {
  const d = to - from;
  const amount = `${d > 0n ? "+" : ""}${usd(d)}`;
  if (from === 0n) return amount;
  const pct = (Number(d) * 100) / Math.abs(Number(from));
  return `${amount} (${pct > 0 ? "+" : ""}${pct.toFixed(1)}%)`;
};

/** The month's figures from the entries alone: the dashboard's definitions (decision 121) written out again. */
function expected(month: string): Record<string, string> {
  const lines = entries.flatMap((e) => e.lines.map(([code, d, c]) => ({ date: e.date, code, d, c })));
  const inMonth = (m: string, codes: string[]) => lines.filter((l) => l.date.startsWith(m) && codes.includes(l.code));
  const revenue = (m: string) => sum(inMonth(m, ["4000", "4100"]).map((l) => l.c - l.d));
  const cost = (m: string) => sum(inMonth(m, ["5000"]).map((l) => l.d - l.c));
  const opex = (m: string) => sum(inMonth(m, ["6000", "6100", "6200"]).map((l) => l.d - l.c));
  const lastDay = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const cash = (m: string) => sum(lines.filter((l) => l.code === "1000" && l.date <= lastDay(m)).map((l) => l.d - l.c));
  const shift = (m: string, by: number) =>
    new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1 + by, 1)).toISOString().slice(0, 7);
  const of = (f: (m: string) => bigint, name: string): Record<string, string> => ({
    [`{{${name}}}`]: usd(f(month)),
    [`{{${name}:change_month}}`]: change(f(shift(month, -1)), f(month)),
    [`{{${name}:last_year}}`]: usd(f(shift(month, -12))),
    [`{{${name}:change_year}}`]: change(f(shift(month, -12)), f(month)),
  });
  const accountMovement = (code: string, sign: bigint) => usd(sign * sum(inMonth(month, [code]).map((l) => l.d - l.c)));
  return {
    ...of(revenue, "revenue"),
    ...of((m) => revenue(m) - cost(m), "gross_margin"),
    ...of((m) => revenue(m) - cost(m) - opex(m), "net_income"),
    ...of(opex, "operating_expenses"),
    ...of(cash, "cash"),
    "{{account:6100:movement}}": accountMovement("6100", 1n),
    "{{account:4000:movement}}": accountMovement("4000", -1n),
    "{{account:2100:balance}}": usd(-sum(lines.filter((l) => l.code === "2100" && l.date <= lastDay(month)).map((l) => l.d - l.c))),
  };
}

describe("the monthly commentary", () => {
  let t: TestApp;
  let pages: ReturnType<typeof createApp>;
  let owner: TestUser;
  let writer: TestUser;
  let reviewer: TestUser;
  let admin: TestUser;
  let orgId: number;
  let books: string;
  const ids: Record<string, number> = {};

  const as = (u: TestUser, path: string, init: RequestInit & { json?: unknown } = {}) => t.request(path, { ...init, cookie: u.cookie });
  const ok = async <T = Record<string, unknown>>(res: Promise<Response>): Promise<T> => {
    const r = await res;
    if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
    return r.json() as Promise<T>;
  };
  const post = async (date: string, lines: Line[]) => {
    const body = {
      description: "Commentary entry",
      entry_date: date,
      lines: lines.map(([code, d, c]) => ({ account_id: ids[code], debit_amount: Number(d) / 100, credit_amount: Number(c) / 100 })),
    };
    await ok(as(writer, `${books}/entries?post=true`, { json: body }));
    entries.push({ date, lines });
  };
  const commentary = (u: TestUser, path = "") => as(u, `${books}/commentary/${MONTH}${path}`, path ? { method: "POST" } : {});
  const save = (u: TestUser, json: unknown) => as(u, `${books}/commentary/${MONTH}`, { method: "PUT", json });
  const status = async (res: Promise<Response>) => (await res).status;
  /** A page's data (React Router's `.data` answer) as this user gets it. */
  const page = async (u: TestUser, path: string) => {
    const res = await pages.request(path, { headers: { cookie: u.cookie } });
    expect(res.status, path).toBe(200);
    return res.text();
  };
  const mails = () => outboxRows(t.ctx.db, sql`kind = 'monthly-commentary'`);
  const audits = async () =>
    (
      await queryRows<{ action: string }>(
        t.ctx.db,
        sql`select action from audit_log where action like 'books.commentary%' and target_id = ${String(orgId)} order by id`,
      )
    ).map((r) => r.action);

  const text = {
    headline: "October: revenue {{revenue}}, {{revenue:change_month}} on September",
    changes: "Net income was {{net_income}} ({{net_income:change_year}} on last October).\nSalaries cost {{account:6100:movement}}.",
    actions: "Cash at the month's end is {{cash}}: keep {{account:2100:balance}} for the accrued bills.",
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    pages = createApp(t.ctx, { build: await pageBuild(["routes/accounting-home.tsx", "routes/accounting-commentary.tsx"]) });
    owner = await createSignedInUser(t, { companyName: "Juniper Ceramics", firstName: "Maria", lastName: "Gonzalez" });
    writer = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Writer" });
    reviewer = await createSignedInUser(t, { role: "staff", firstName: "Rita", lastName: "Reviewer" });
    admin = await createSignedInUser(t, { role: "admin" });
    orgId = (await ok<{ organizations: { id: number }[] }>(as(owner, "/api/accounting/orgs"))).organizations[0]!.id;
    books = `/api/accounting/orgs/${orgId}`;
    for (const u of [writer, reviewer]) await ok(as(admin, `/api/firm/clients/${orgId}/accountants`, { json: { user_id: u.id } }));
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(as(writer, `${books}/accounts`));
    for (const a of accounts) ids[a.account_code] = a.id;
    await ok(as(writer, `/api/bank/${orgId}/accounts`, { json: { name: "Checking", kind: "bank", account_id: ids["1000"] } }));
    // Cash put in, then last October, August, September and October of 2026 of a small business.
    await post("2025-09-01", move("1000", "3000", 40_000_00n));
    const months: [string, bigint][] = [
      ["2025-10", 1n],
      ["2026-08", 2n],
      ["2026-09", 3n],
      ["2026-10", 4n],
    ];
    for (const [m, k] of months) {
      await post(`${m}-03`, move("1000", "4000", 5_000_00n + k * 731_17n));
      await post(`${m}-09`, move("1100", "4100", 1_200_00n * k));
      await post(`${m}-12`, move("5000", "1000", 1_800_00n + k * 101_11n));
      await post(`${m}-15`, move("6000", "1000", 2_000_00n));
      await post(`${m}-25`, move("6100", "1000", 3_100_00n + k * 250_00n));
      await post(`${m}-28`, move("6200", "2100", 420_50n + k));
    }
    // A refund of a sale in October: revenue is credit less debit.
    await post("2026-10-20", move("4000", "1000", 99_99n));
  }, 120_000);
  afterAll(() => t?.close());

  it("is written by the firm only, refused with an unknown figure or account naming the field, and hidden from the client as a draft", async () => {
    expect(await status(save(owner, text))).toBe(403);
    expect(await status(as(owner, `${books}/commentary`))).toBe(403);
    const unknown = await save(writer, { ...text, changes: "Revenue {{revenu}} rose" });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { fields: Record<string, string> }).fields).toEqual({
      changes: "Unknown figure {{revenu}}: choose one from the figure menu",
    });
    const account = await save(writer, { ...text, actions: "Watch {{account:9999:balance}}" });
    expect(account.status).toBe(400);
    expect(((await account.json()) as { fields: Record<string, string> }).fields).toEqual({
      actions: "Unknown account 9999: no account of the chart has this code",
    });
    const open = await save(writer, { ...text, headline: "Revenue {{revenue" });
    expect(((await open.json()) as { fields: Record<string, string> }).fields).toHaveProperty("headline");

    const { commentary: draft } = await ok<{ commentary: { status: string; written: { by: string } } }>(save(writer, text));
    expect(draft).toMatchObject({ status: "draft", written: { by: "Sam Writer" } });
    // The client reads no draft: none through the API, none on her home.
    expect(await ok(commentary(owner))).toEqual({ commentary: null, figures: {} });
    expect(await latestPublishedCommentary(t.ctx.db, orgId, "USD")).toBeNull();
    // Nor through the pages' data: her home, the Commentary page asked for the month.
    for (const path of [`/accounting/${orgId}/home.data`, `/accounting/${orgId}/commentary.data?month=${MONTH}`])
      expect(await page(owner, path), path).not.toContain("October: revenue");
    expect(await page(writer, `/accounting/${orgId}/commentary.data?month=${MONTH}`)).toContain("October: revenue");
    // Two first saves of a month at once make one commentary.
    const september = () => as(writer, `${books}/commentary/2026-09`, { method: "PUT", json: { ...text, headline: "September" } });
    expect((await Promise.all([september(), september()])).map((r) => r.status)).toEqual([200, 200]);
    const rows = await queryRows(
      t.ctx.db,
      sql`select 1 from monthly_commentaries where organization_id = ${orgId} and month = '2026-09-01'`,
    );
    expect(rows).toHaveLength(1);
    const months = await ok<{ months: { month: string; status: string | null }[] }>(as(writer, `${books}/commentary`));
    expect(months.months.find((m) => m.month === MONTH)).toMatchObject({ status: "draft" });
  });

  it("is reviewed by someone other than its last writer, returns to draft when edited, and is published once reviewed", async () => {
    expect(await status(commentary(writer, "/publish"))).toBe(409);
    const own = await commentary(writer, "/review");
    expect(own.status).toBe(403);
    expect(((await own.json()) as { error: string }).error).toMatch(/someone other than who wrote it last/);
    expect(await status(commentary(owner, "/review"))).toBe(403);
    expect(await ok(commentary(reviewer, "/review"))).toMatchObject({
      commentary: { status: "reviewed", reviewed: { by: "Rita Reviewer" } },
    });
    expect(await status(commentary(reviewer, "/review"))).toBe(409);
    // The reviewer's own edit returns it to draft, hers to review no more: the writer reviews it.
    const edited = { ...text, actions: `${text.actions}\nPay the September bills.` };
    expect(await ok(save(reviewer, edited))).toMatchObject({
      commentary: { status: "draft", reviewed: null, written: { by: "Rita Reviewer" } },
    });
    expect(await status(commentary(reviewer, "/review"))).toBe(403);
    await ok(commentary(writer, "/review"));
    expect(await status(commentary(owner, "/publish"))).toBe(403);
    expect(await mails()).toHaveLength(0);
    expect(await ok(commentary(writer, "/publish"))).toMatchObject({
      commentary: { status: "published", published: { by: "Sam Writer" } },
    });
    expect(await status(commentary(writer, "/publish"))).toBe(409);
    expect(await status(save(writer, text))).toBe(409);

    // The client's owner is mailed once, with a link to her home; the firm's people are not.
    const sent = await mails();
    expect(sent.map((m) => m.to_address)).toEqual([owner.email]);
    expect(sent[0]!.subject).toBe("Your monthly commentary for October 2026 is ready");
    expect(sent[0]!.text_body).toContain(`http://localhost:3000/accounting/${orgId}/home`);
    expect(sent[0]!.text_body).toContain(`October: revenue ${expected(MONTH)["{{revenue}}"]}`);
    expect(await audits()).toEqual([
      "books.commentary_saved",
      "books.commentary_saved",
      "books.commentary_reviewed",
      "books.commentary_saved",
      "books.commentary_reviewed",
      "books.commentary_published",
    ]);
  });

  it("fills in its figures from the posted ledger, equal to the sums of the entries, and a late entry changes them", async () => {
    const want = expected(MONTH);
    const read = async () => (await ok<{ figures: Record<string, { value: string }> }>(commentary(owner))).figures;
    const values = (figures: Record<string, { value: string }>) =>
      Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v.value]));
    const used = [
      "{{revenue}}",
      "{{revenue:change_month}}",
      "{{net_income}}",
      "{{net_income:change_year}}",
      "{{account:6100:movement}}",
      "{{cash}}",
      "{{account:2100:balance}}",
    ];
    expect(values(await read())).toMatchObject(Object.fromEntries(used.map((k) => [k, want[k]])));
    // Every figure of the menu, as the firm's editor reads them.
    const { commentaryFigures } = await import("~/features/insight/index.server.ts");
    const all = await commentaryFigures(t.ctx.db, orgId, "USD", MONTH, "all");
    expect(values(all.values)).toMatchObject(want);
    expect(want["{{revenue:change_month}}"]).toMatch(/^\+\$\d/);

    // A sale dated in October, posted after publishing: the home shows the new revenue.
    await post("2026-10-30", move("1000", "4000", 1_000_00n));
    const after = expected(MONTH);
    expect(after["{{revenue}}"]).not.toBe(want["{{revenue}}"]);
    expect(values(await read())).toMatchObject({ "{{revenue}}": after["{{revenue}}"], "{{cash}}": after["{{cash}}"] });
    const home = await latestPublishedCommentary(t.ctx.db, orgId, "USD");
    expect(home).toMatchObject({ month: MONTH, label: "October 2026", headline: text.headline });
    expect(home!.figures["{{revenue}}"]!.value).toBe(after["{{revenue}}"]);
    const homeData = await page(owner, `/accounting/${orgId}/home.data`);
    for (const part of [text.headline, after["{{revenue}}"], after["{{cash}}"]]) expect(homeData).toContain(part);
  });

  it("is the first page of the month's pack after the cover; a pack prepared before publishing stays as it was", async () => {
    const pack = async () => {
      const { pack: p } = await ok<{ pack: { id: number } }>(as(writer, `${books}/packs`, { json: { month: MONTH } }));
      return Buffer.from(await (await as(owner, `${books}/packs/${p.id}/pdf`)).arrayBuffer());
    };
    const want = expected(MONTH);
    const pages = pdfPages(await pack());
    expect(pages[0]).toContain("Contents: Monthly commentary, Profit & Loss");
    expect(pages[1]).toContain("Monthly commentary");
    expect(pages[1]).toContain(`October: revenue ${want["{{revenue}}"]}, ${want["{{revenue:change_month}}"]} on September`);
    expect(pages[1]).toContain("What changed and why");
    expect(pages[1]).toContain(`Salaries cost ${want["{{account:6100:movement}}"]}.`);
    expect(pages[1]).toContain(`Cash at the month's end is ${want["{{cash}}"]}`);
    expect(pages[1]).toContain("Pay the September bills.");
    expect(pages[2]).toContain("Profit & Loss");

    // Withdrawn: the client sees it no more, and a pack prepared now has no commentary; the kept one is unchanged.
    const before = await queryRows<{ sha256: string }>(t.ctx.db, sql`select sha256 from month_end_packs where organization_id = ${orgId}`);
    expect(await ok(commentary(reviewer, "/withdraw"))).toMatchObject({ commentary: { status: "draft", published: null } });
    expect(await ok(commentary(owner))).toEqual({ commentary: null, figures: {} });
    expect(await latestPublishedCommentary(t.ctx.db, orgId, "USD")).toBeNull();
    const without = pdfPages(await pack());
    expect(without.join(" ")).not.toContain("What changed and why");
    expect(without[1]).toContain("Profit & Loss");
    const kept = await queryRows<{ sha256: string }>(
      t.ctx.db,
      sql`select sha256 from month_end_packs where organization_id = ${orgId} order by id`,
    );
    expect(kept[0]!.sha256).toBe(before[0]!.sha256);
    expect((await audits()).at(-1)).toBe("books.commentary_withdrawn");
    expect(await mails()).toHaveLength(1);
  });
});
