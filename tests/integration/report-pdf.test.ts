import { execFileSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import { booksPath } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** The PDF's text as poppler's pdftotext reads it, in its layout. */
const pdfToText = (bytes: Buffer) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes }).toString("utf8");
const pageCount = (bytes: Buffer) => Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", ["-"], { input: bytes }).toString("utf8"))?.[1]);

/** A month of a small business over twelve accounts, a September and the October before. */
const ENTRIES: [date: string, description: string, debit: string, credit: string, amount: string][] = [
  ["2025-10-05", "Sales a year ago", "1000", "4000", "800.00"],
  ["2026-09-03", "Owner's investment", "1000", "3000", "20000.00"],
  ["2026-09-20", "September sales", "1100", "4000", "1200.00"],
  ["2026-10-01", "Equipment on a loan", "1500", "2500", "6000.00"],
  ["2026-10-02", "Stock bought on credit", "1200", "2000", "2500.00"],
  ["2026-10-10", "Sales of goods", "1000", "4000", "4200.00"],
  ["2026-10-10", "Goods sold", "5000", "1200", "1700.00"],
  ["2026-10-15", "Consulting", "1100", "4100", "950.50"],
  ["2026-10-31", "Salaries accrued", "6100", "2100", "3100.00"],
];

describe("reports as PDF and month-end packs", () => {
  let t: TestApp;
  let owner: TestUser;
  let accountant: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let orgId: number;

  const call = (path: string, user: TestUser | null, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`${booksPath(orgId)}${path}`, { ...init, cookie: user?.cookie });
  const pdfOf = async (res: Response) => {
    expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    return bytes;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Harbor Lights Bakery" });
    accountant = await createSignedInUser(t, { firstName: "Fiona", lastName: "Firm", role: "staff" });
    viewer = await createSignedInUser(t, { companyName: "Viewer Co" });
    stranger = await createSignedInUser(t, { companyName: "Stranger Co" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    await addMember(t.ctx.db, orgId, accountant.id, "accountant");
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    const list = (await (await call("/accounts", owner)).json()) as { accounts: { id: number; account_code: string }[] };
    const byCode = new Map(list.accounts.map((a) => [a.account_code, a.id]));
    for (const [entry_date, description, debit, credit, amount] of ENTRIES) {
      const res = await call("/entries", owner, {
        json: {
          description,
          entry_date,
          reference: "",
          lines: [
            { account_id: byCode.get(debit), description: null, debit_amount: amount, credit_amount: "0" },
            { account_id: byCode.get(credit), description: null, debit_amount: "0", credit_amount: amount },
          ],
        },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { entry } = (await res.json()) as { entry: { id: number } };
      expect((await call(`/entries/${entry.id}/post`, owner, { method: "POST" })).status).toBe(200);
    }
  });
  afterAll(() => t.close());

  it("a trial balance of twelve accounts: an attachment of one page with its title, organization, period and totals", async () => {
    const res = await call("/reports/trial_balance/pdf?start=2026-10-01&end=2026-10-31", viewer);
    const bytes = await pdfOf(res);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="trial_balance_2026-10-01_2026-10-31.pdf"');
    expect(pageCount(bytes)).toBe(1);
    const text = pdfToText(bytes);
    expect(text).toContain("Harbor Lights Bakery");
    expect(text).toContain("Trial Balance");
    expect(text).toContain("October 1, 2026 to October 31, 2026");
    expect(text).toContain("Page 1 of 1");
    for (const code of ["1000", "1100", "1200", "1500", "2000", "2100", "2500", "3000", "4000", "4100", "5000", "6100"])
      expect(text).toMatch(new RegExp(`^\\s*${code} `, "m"));
    // Totals: opening 22,000.00 on each side; the month's 18,450.50; closing 38,750.50.
    expect(text).toMatch(/Totals\s+\$22,000\.00\s+\$22,000\.00\s+\$18,450\.50\s+\$18,450\.50\s+\$38,750\.50\s+\$38,750\.50/);
  });

  it("the profit and loss and the balance sheet as printed", async () => {
    const pl = pdfToText(await pdfOf(await call("/reports/profit_loss/pdf?start=2026-10-01&end=2026-10-31", owner)));
    expect(pl).toContain("Profit & Loss");
    expect(pl).toMatch(/Total revenue\s+\$5,150\.50/);
    expect(pl).toMatch(/Net income\s+\$350\.50/i);
    const compared = pdfToText(await pdfOf(await call("/reports/profit_loss/pdf?start=2026-10-01&end=2026-10-31&compare=both", owner)));
    expect(compared).toContain("October 1, 2026 to October 31, 2026, compared with");
    expect(compared).toMatch(/Net income\s+\$350\.50\s+\$1,200\.00\s+\$800\.00\s+-\$849\.50\s+-70\.8%\s+-\$449\.50\s+-56\.2%/);
    const bs = pdfToText(await pdfOf(await call("/reports/balance_sheet/pdf?start=2026-10-31&end=2026-10-31", owner)));
    expect(bs).toContain("Balance Sheet");
    expect(bs).toContain("As of October 31, 2026");
    expect(bs).toMatch(/Total assets\s+\$33,950\.50/);
    expect(bs).toMatch(/Total liabilities and equity\s+\$33,950\.50/);
  });

  it("one account's general ledger: opening balance, every line with its counter-account, closing balance", async () => {
    const list = (await (await call("/accounts", owner)).json()) as { accounts: { id: number; account_code: string }[] };
    const cash = list.accounts.find((a) => a.account_code === "1000")!.id;
    const res = await call(`/reports/general_ledger/pdf?account=${cash}&start=2026-10-01&end=2026-10-31`, viewer);
    const bytes = await pdfOf(res);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="general_ledger_1000_2026-10-01_2026-10-31.pdf"');
    const text = pdfToText(bytes);
    expect(text).toContain("General Ledger");
    expect(text).toContain("Harbor Lights Bakery");
    expect(text).toContain("October 1, 2026 to October 31, 2026");
    expect(text).toContain("1000 Cash");
    expect(text).toMatch(/2026-10-01\s+Opening balance\s+\$20,800\.00/);
    expect(text).toMatch(/2026-10-10\s+\S+\s+Sales of goods\s+4000 Sales Revenue\s+\$4,200\.00\s+\$25,000\.00/);
    expect(text).toMatch(/2026-10-31\s+Closing balance\s+\$4,200\.00\s+\$0\.00\s+\$25,000\.00/);
    expect(text).toContain("Page 1 of 1");
    expect((await call(`/reports/general_ledger/pdf?start=2026-10-01&end=2026-10-31`, owner)).status).toBe(400);
    expect((await call(`/reports/general_ledger/pdf?account=${cash}&start=2026-10-01&end=2026-10-31`, stranger)).status).toBe(404);
  });

  it("the statement of cash flows: operating, investing and financing activities reconciled to the change in cash", async () => {
    const res = await call("/reports/cash_flows/pdf?start=2026-10-01&end=2026-10-31", viewer);
    const bytes = await pdfOf(res);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="cash_flows_2026-10-01_2026-10-31.pdf"');
    const text = pdfToText(bytes);
    expect(text).toContain("Statement of Cash Flows");
    expect(text).toContain("October 1, 2026 to October 31, 2026");
    expect(text).toMatch(/Net income\s+\$350\.50/);
    expect(text).toMatch(/Net cash from operating activities\s+\$4,200\.00/);
    expect(text).toMatch(/Net cash from investing activities\s+-\$6,000\.00/);
    expect(text).toMatch(/Net cash from financing activities\s+\$6,000\.00/);
    expect(text).toMatch(/Net change in cash\s+\$4,200\.00/);
    expect(text).toMatch(/Cash at the start of the period\s+\$20,800\.00/);
    expect(text).toMatch(/Cash at the end of the period\s+\$25,000\.00/);
    expect((await call("/reports/cash_flows/pdf?start=2026-10-01&end=2026-10-31", stranger)).status).toBe(404);
  });

  it("as the report: 404 for another organization's member or a report that does not exist, 401 signed out, 400 for a bad period", async () => {
    expect((await call("/reports/trial_balance/pdf?start=2026-10-01&end=2026-10-31", stranger)).status).toBe(404);
    expect((await call("/reports/trial_balance/pdf?start=2026-10-01&end=2026-10-31", null)).status).toBe(401);
    expect((await call("/reports/cash_book/pdf?start=2026-10-01&end=2026-10-31", owner)).status).toBe(404);
    const bad = await call("/reports/profit_loss/pdf?start=2026-11-01&end=2026-10-31", owner);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty("start");
  });

  it("a month-end pack: prepared by the firm (audited), listed and downloaded by the client; viewers cannot prepare one", async () => {
    expect((await call("/packs", owner)).status).toBe(200);
    expect(((await (await call("/packs", owner)).json()) as { packs: unknown[] }).packs).toEqual([]);
    const refused = await call("/packs", viewer, { json: { month: "2026-10" } });
    expect(refused.status).toBe(403);
    const bad = await call("/packs", accountant, { json: { month: "2026-13" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty("month");
    expect((await call("/packs", stranger, { json: { month: "2026-10" } })).status).toBe(404);

    const made = await call("/packs", accountant, { json: { month: "2026-10" } });
    expect(made.status, await made.clone().text()).toBe(201);
    const { pack } = (await made.json()) as {
      pack: { id: number; month: string; file_name: string; prepared_by: string; size_bytes: number };
    };
    expect(pack).toMatchObject({ month: "2026-10", file_name: "month_end_pack_2026-10.pdf", prepared_by: "Fiona Firm" });
    const [audit] = await queryRows<{ action: string; actor_id: string; after: { month: string } }>(
      t.ctx.db,
      sql`select action, actor_id, after from audit_log where action = 'books.month_end_pack_generated' and target_id = ${String(orgId)}`,
    );
    expect(audit).toMatchObject({ actor_id: accountant.id, after: { month: "2026-10" } });

    const listed = (await (await call("/packs", owner)).json()) as { packs: { id: number }[] };
    expect(listed.packs.map((p) => p.id)).toEqual([pack.id]);
    for (const reader of [owner, viewer]) {
      const res = await call(`/packs/${pack.id}/pdf`, reader);
      const bytes = await pdfOf(res);
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="month_end_pack_2026-10.pdf"');
      expect(bytes.length).toBe(pack.size_bytes);
    }
    expect((await call(`/packs/${pack.id}/pdf`, stranger)).status).toBe(404);
    expect((await call(`/packs/${pack.id + 1000}/pdf`, owner)).status).toBe(404);

    const bytes = await pdfOf(await call(`/packs/${pack.id}/pdf`, owner));
    const text = pdfToText(bytes);
    expect(pageCount(bytes)).toBe(5);
    expect(text).toContain("Month-end pack");
    expect(text).toContain("October 2026");
    expect(text).toContain("Prepared by: Ledgerline Advisors (Fiona Firm)");
    expect(text).toMatch(/Date prepared: \w+ \d+, \d{4}/);
    expect(text).toMatch(/October 1, 2026 to October 31, 2026, compared with September 2026 and October 2025/);
    // Each account and total beside September and last October, with the change from each and in per cent.
    expect(text).toMatch(/4000 Sales Revenue\s+\$4,200\.00\s+\$1,200\.00\s+\$800\.00\s+\$3,000\.00\s+250\.0%\s+\$3,400\.00\s+425\.0%/);
    expect(text).toMatch(/Gross profit\s+\$3,450\.50\s+\$1,200\.00\s+\$800\.00/);
    expect(text).toMatch(/Net income\s+\$350\.50\s+\$1,200\.00\s+\$800\.00\s+-\$849\.50\s+-70\.8%\s+-\$449\.50\s+-56\.2%/);
    expect(text).toMatch(/Total liabilities and equity\s+\$33,950\.50/);
    expect(text).toMatch(/Totals\s+\$22,000\.00/);
    expect(text).toMatch(/Net change in cash\s+\$4,200\.00/);
    expect(text).toContain("Page 5 of 5");
  });

  it("a long report runs onto more pages, each numbered and with its column heads again", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await call("/accounts", owner, {
        json: { account_code: String(7000 + i), account_name: `Office supplies ${i}`, account_type: "Expense" },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      ids.push(((await res.json()) as { account: { id: number } }).account.id);
    }
    const list = (await (await call("/accounts", owner)).json()) as { accounts: { id: number; account_code: string }[] };
    const cash = list.accounts.find((a) => a.account_code === "1000");
    const res = await call("/entries", owner, {
      json: {
        description: "Supplies of every kind",
        entry_date: "2026-10-30",
        reference: "",
        lines: [
          ...ids.map((id) => ({ account_id: id, description: null, debit_amount: "1.00", credit_amount: "0" })),
          { account_id: cash!.id, description: null, debit_amount: "0", credit_amount: "70.00" },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { entry } = (await res.json()) as { entry: { id: number } };
    expect((await call(`/entries/${entry.id}/post`, owner, { method: "POST" })).status).toBe(200);

    const bytes = await pdfOf(await call("/reports/trial_balance/pdf?start=2026-10-01&end=2026-10-31", owner));
    const pages = pageCount(bytes);
    expect(pages).toBeGreaterThan(1);
    const text = pdfToText(bytes);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} of ${pages}`);
    expect(text.match(/Opening Dr\s+Opening Cr\s+Debits\s+Credits\s+Closing Dr\s+Closing Cr/g)).toHaveLength(pages);
    expect(text).toContain("Trial Balance (continued)");
    expect(text).toContain("7069 Office supplies 69");
  });
});
