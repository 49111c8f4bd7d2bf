import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account } from "~/features/ledger/ledger.types.ts";
import { STANDARD_CHART } from "~/features/ledger/chart.tables.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";

interface Refusal {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

describe("account detail types and parents: checked by the API and by the database", () => {
  let t: TestApp;
  let owner: TestUser;
  let orgId: number;
  let chart: Account[];

  const call = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`${booksPath(orgId)}${path}`, { ...init, cookie: owner.cookie });
  const byCode = (code: string) => chart.find((a) => a.account_code === code)!;
  const create = async (json: Record<string, unknown>) => {
    const res = await call("/accounts", { method: "POST", json });
    return { status: res.status, body: (await res.json()) as { account: Account } & Refusal };
  };
  const refusedOn = (r: { status: number; body: Refusal }, field: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.code).toBe("INVALID_INPUT");
    expect(r.body.fields).toHaveProperty(field);
    return r.body.fields![field];
  };
  const sqlRefusal = async (query: ReturnType<typeof sql>) => {
    try {
      await t.ctx.db.execute(query);
    } catch (err) {
      return String((err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message);
    }
    return null;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Detail Co" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    chart = ((await (await call("/accounts")).json()) as { accounts: Account[] }).accounts;
  });
  afterAll(() => t.close());

  it("gives the standard chart its detail types", () => {
    expect(chart).toHaveLength(STANDARD_CHART.length);
    for (const [code, , type, detail] of STANDARD_CHART) expect(byCode(code)).toMatchObject({ account_type: type, detail_type: detail });
    expect(byCode("5000").detail_type).toBe("cost_of_sales");
    expect(byCode("1500").detail_type).toBe("fixed_asset");
    expect(byCode("2500").detail_type).toBe("long_term_liability");
  });

  it("defaults a detail type by the type and the name when none is given", async () => {
    const loan = await create({ account_code: "2600", account_name: "Bank Loan", account_type: "Liability" });
    expect(loan.status).toBe(201);
    expect(loan.body.account).toMatchObject({ detail_type: "long_term_liability", parent_id: null });
    const interest = await create({ account_code: "7000", account_name: "Interest Income", account_type: "Revenue" });
    expect(interest.body.account.detail_type).toBe("other_income");
  });

  it("refuses a detail type of another account type with a 400 naming the field", async () => {
    const r = await create({ account_code: "1600", account_name: "Vans", account_type: "Asset", detail_type: "cost_of_sales" });
    expect(refusedOn(r, "detail_type")).toBe("Choose a detail type of the account type");
    const unknown = await create({ account_code: "1600", account_name: "Vans", account_type: "Asset", detail_type: "nonsense" });
    refusedOn(unknown, "detail_type");
    const edit = await call(`/accounts/${byCode("1000").id}`, {
      method: "PATCH",
      json: { account_name: "Cash", account_type: "Asset", detail_type: "equity" },
    });
    refusedOn({ status: edit.status, body: (await edit.json()) as Refusal }, "detail_type");
  });

  it("takes a parent of the same type and refuses another type, another organization's account and a cycle", async () => {
    const vans = await create({
      account_code: "1510",
      account_name: "Vans",
      account_type: "Asset",
      detail_type: "fixed_asset",
      parent_id: byCode("1500").id,
    });
    expect(vans.status, JSON.stringify(vans.body)).toBe(201);
    expect(vans.body.account).toMatchObject({ parent_id: byCode("1500").id, detail_type: "fixed_asset" });

    const wrongType = await create({ account_code: "1520", account_name: "Tools", account_type: "Asset", parent_id: byCode("2000").id });
    expect(refusedOn(wrongType, "parent_id")).toBe("The parent account must have the same account type");

    const other = await createSignedInUser(t, { companyName: "Other Co" });
    const otherOrgs = (await (await t.request("/api/accounting/orgs", { cookie: other.cookie })).json()) as {
      organizations: { id: number }[];
    };
    const otherChart = (await (
      await t.request(`${booksPath(otherOrgs.organizations[0]!.id)}/accounts`, { cookie: other.cookie })
    ).json()) as {
      accounts: Account[];
    };
    const foreign = await create({
      account_code: "1530",
      account_name: "Borrowed",
      account_type: "Asset",
      parent_id: otherChart.accounts.find((a) => a.account_code === "1500")!.id,
    });
    expect(refusedOn(foreign, "parent_id")).toBe("Parent account not found");

    // 1500 under its own child 1510: a cycle.
    const cycle = await call(`/accounts/${byCode("1500").id}`, {
      method: "PATCH",
      json: { account_name: "Equipment", account_type: "Asset", parent_id: vans.body.account.id },
    });
    expect(refusedOn({ status: cycle.status, body: (await cycle.json()) as Refusal }, "parent_id")).toBe(
      "An account cannot be under itself or one of its sub-accounts",
    );
    // A parent keeps its children's type.
    const retype = await call(`/accounts/${byCode("1500").id}`, {
      method: "PATCH",
      json: { account_name: "Equipment", account_type: "Expense" },
    });
    refusedOn({ status: retype.status, body: (await retype.json()) as Refusal }, "account_type");
    // An edit leaving the parent out keeps it; null clears it.
    const renamed = await call(`/accounts/${vans.body.account.id}`, {
      method: "PATCH",
      json: { account_name: "Vans and trucks", account_type: "Asset" },
    });
    expect(((await renamed.json()) as { account: Account }).account).toMatchObject({
      parent_id: byCode("1500").id,
      detail_type: "fixed_asset",
    });
    const cleared = await call(`/accounts/${vans.body.account.id}`, {
      method: "PATCH",
      json: { account_name: "Vans and trucks", account_type: "Asset", parent_id: null },
    });
    expect(((await cleared.json()) as { account: Account }).account.parent_id).toBeNull();
  });

  it("refuses a wrong detail type, a parent of another type and a cycle written by SQL", async () => {
    const db = t.ctx.db;
    expect(
      await sqlRefusal(
        sql`insert into chart_of_accounts (organization_id, account_code, account_name, account_type, detail_type)
            values (${orgId}, '1900', 'Odd', 'Asset', 'operating_expense')`,
      ),
    ).toMatch(/chart_of_accounts_detail_type_check/);
    expect(
      await sqlRefusal(
        sql`insert into chart_of_accounts (organization_id, account_code, account_name, account_type, parent_id)
            values (${orgId}, '1901', 'Odd', 'Asset', ${byCode("4000").id})`,
      ),
    ).toMatch(/same account type/);
    await db.execute(sql`update chart_of_accounts set parent_id = ${byCode("6000").id} where id = ${byCode("6100").id}`);
    expect(await sqlRefusal(sql`update chart_of_accounts set parent_id = ${byCode("6100").id} where id = ${byCode("6000").id}`)).toMatch(
      /under itself/,
    );
    expect(await sqlRefusal(sql`update chart_of_accounts set parent_id = id where id = ${byCode("6200").id}`)).toMatch(
      /under itself|parent_not_self/,
    );
    await db.execute(sql`update chart_of_accounts set parent_id = null where id = ${byCode("6100").id}`);
  });

  it("exports detail types and parent codes with the chart, and an import into new books gives the same chart", async () => {
    const upload = (cookie: string, org: number, step: "preview" | "commit", body: string) =>
      t.request(`/api/books-csv/${org}/${step}?kind=chart`, { method: "POST", body, headers: { "content-type": "text/csv" }, cookie });
    await create({ account_code: "6110", account_name: "Wages", account_type: "Expense", parent_id: byCode("6100").id });
    await create({ account_code: "6111", account_name: "Bonuses", account_type: "Expense", detail_type: "other_expense" });
    const all = ((await (await call("/accounts")).json()) as { accounts: Account[] }).accounts;
    const bonusId = all.find((a) => a.account_code === "6111")!.id;
    const wagesId = all.find((a) => a.account_code === "6110")!.id;
    await call(`/accounts/${bonusId}`, { method: "PATCH", json: { account_name: "Bonuses", account_type: "Expense", parent_id: wagesId } });

    const chartCsv = await (await t.request(`/api/books-csv/${orgId}/chart.csv`, { cookie: owner.cookie })).text();
    expect(chartCsv.split("\r\n")[0]).toBe("code,name,type,detail_type,parent_code");
    expect(chartCsv).toContain("6111,Bonuses,Expense,other_expense,6110");

    const fresh = await createSignedInUser(t, { companyName: "Copy Co" });
    const freshOrg = (
      (await (await t.request("/api/accounting/orgs", { cookie: fresh.cookie })).json()) as { organizations: { id: number }[] }
    ).organizations[0]!.id;
    const preview = (await (await upload(fresh.cookie, freshOrg, "preview", chartCsv)).json()) as {
      settings: { mapping: Record<string, number> };
    };
    expect(preview.settings.mapping).toMatchObject({ code: 0, name: 1, type: 2, detail_type: 3, parent: 4 });
    expect((await upload(fresh.cookie, freshOrg, "commit", chartCsv)).status).toBe(200);
    const copied = await (await t.request(`/api/books-csv/${freshOrg}/chart.csv`, { cookie: fresh.cookie })).text();
    // The standard chart's accounts were there already (kept as they are); every new one came with its detail type and parent.
    const lines = (text: string) => text.split("\r\n").filter((l) => /^(1510|2600|6110|6111|7000)/.test(l));
    expect(lines(copied)).toEqual(lines(chartCsv));
  });

  it("refuses a chart file whose detail type does not fit, or whose parent is unknown, of another type or a cycle", async () => {
    const file = [
      "code,name,type,detail_type,parent_code",
      "8000,Odd,Asset,cost_of_sales,",
      "8100,Orphan,Expense,,9999",
      "8200,Mixed,Expense,,1000",
      "8300,Loop A,Expense,,8400",
      "8400,Loop B,Expense,,8300",
    ].join("\n");
    const res = await t.request(`/api/books-csv/${orgId}/preview?kind=chart`, {
      method: "POST",
      body: file,
      headers: { "content-type": "text/csv" },
      cookie: owner.cookie,
    });
    const preview = (await res.json()) as { errors: { line: number; column: string; message: string }[] };
    expect(preview.errors.map((e) => [e.line, e.column])).toEqual([
      [2, "detail_type"],
      [3, "parent_code"],
      [4, "parent_code"],
      [5, "parent_code"],
      [6, "parent_code"],
    ]);
    expect(preview.errors[0]!.message).toBe("Cost of sales is not a detail type of Asset (Current asset, Fixed asset, Other asset)");
    expect(preview.errors[4]!.message).toBe("the parents make a cycle");
    const commit = await t.request(`/api/books-csv/${orgId}/commit?kind=chart`, {
      method: "POST",
      body: file,
      headers: { "content-type": "text/csv" },
      cookie: owner.cookie,
    });
    expect(commit.status).toBe(400);
  });
});
