import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath, firstBooks } from "../support/books.ts";

/** Odoo's chart, read where it is (never copied here). */
const ODOO = readFileSync(path.resolve(import.meta.dirname, "../../../shared/fixtures/import/odoo-account.account-generic_coa.csv"));

interface Conflict {
  code: string;
  ours: { name: string; type: string };
  theirs: { name: string; type: string };
  theirs_refused: string | null;
  free_code: string;
}
type Fields = Record<string, string>;

describe("a chart import whose codes the chart has under other names: each a conflict settled by a choice", () => {
  let t: TestApp;
  let orgOf: ReturnType<typeof firstBooks>;

  const upload = (u: TestUser, orgId: number, step: "preview" | "commit", body: BodyInit, query: Record<string, string>) =>
    t.request(`/api/books-csv/${orgId}/${step}?${new URLSearchParams(query)}`, {
      method: "POST",
      body,
      headers: { "content-type": "text/csv" },
      cookie: u.cookie,
    });
  const chartOf = async (u: TestUser, orgId: number) => {
    const res = await t.request(`${booksPath(orgId)}/accounts`, { cookie: u.cookie });
    const { accounts } = (await res.json()) as { accounts: { account_code: string; account_name: string; account_type: string }[] };
    return new Map(accounts.map((a) => [a.account_code, `${a.account_name} (${a.account_type})`]));
  };
  const signUp = async (name: string) => {
    const u = await createSignedInUser(t, { companyName: name });
    return { u, orgId: Number((await orgOf(u.cookie)).split("/").at(-1)) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    orgOf = firstBooks(t);
  });
  afterAll(() => t.close());

  it("lists Odoo's 4000, 6000 and 6200 as conflicts, refuses a commit that leaves them open, then does what was chosen", async () => {
    const { u, orgId } = await signUp("Odoo Co");
    const preview = await upload(u, orgId, "preview", ODOO, { kind: "chart" });
    expect(preview.status).toBe(200);
    const p = (await preview.json()) as { conflicts: Conflict[]; summary: { new_items: number; existing_items: number } };
    // 5000 "Cost of Goods Sold" is the same account in both: no conflict.
    expect(p.conflicts.map((c) => [c.code, c.ours.name, c.theirs.name, c.theirs_refused, c.free_code])).toEqual([
      ["4000", "Sales Revenue", "Product Sales", null, "4001"],
      ["6000", "Rent Expense", "Expenses", null, "6001"],
      ["6200", "Utilities Expense", "Bank Fees", null, "6201"],
    ]);
    expect(p.summary).toMatchObject({ new_items: 41, existing_items: 4 });

    const open = await upload(u, orgId, "commit", ODOO, { kind: "chart", conflicts: JSON.stringify({ 4000: "keep" }) });
    expect(open.status).toBe(400);
    const refused = (await open.json()) as { error: string; fields: Fields };
    expect(Object.keys(refused.fields)).toEqual(["conflicts.6000", "conflicts.6200"]);
    expect(refused.error).toMatch(/^The chart has 6000 and 6200 under another name or type: choose for each/);
    expect((await chartOf(u, orgId)).has("1010")).toBe(false);

    const choices = { 4000: "keep", 6000: "code:6001", 6200: "theirs" };
    const commit = await upload(u, orgId, "commit", ODOO, { kind: "chart", conflicts: JSON.stringify(choices) });
    expect(commit.status).toBe(200);
    expect(await commit.json()).toMatchObject({
      accounts_created: 42,
      accounts_updated: 1,
      message: "42 accounts created, 3 already in the chart (1 of them renamed or retyped as the file says)",
    });
    const chart = await chartOf(u, orgId);
    expect(["4000", "5000", "6000", "6001", "6200"].map((c) => chart.get(c))).toEqual([
      "Sales Revenue (Revenue)",
      "Cost of Goods Sold (Expense)",
      "Rent Expense (Expense)",
      "Expenses (Expense)",
      "Bank Fees (Expense)",
    ]);

    // The same file again: 6200 now agrees; the two kept differences are asked about again, and nothing is added.
    const again = (await (await upload(u, orgId, "preview", ODOO, { kind: "chart" })).json()) as { conflicts: Conflict[] };
    expect(again.conflicts.map((c) => [c.code, c.free_code])).toEqual([
      ["4000", "4001"],
      ["6000", "6002"],
    ]);
    const kept = await upload(u, orgId, "commit", ODOO, { kind: "chart", conflicts: JSON.stringify({ 4000: "keep", 6000: "keep" }) });
    expect(await kept.json()).toMatchObject({ accounts_created: 0, accounts_updated: 0, already_imported: 45 });
  });

  it("takes the file's type only where the account may change it: one with posted lines keeps its type, and says so", async () => {
    const { u, orgId } = await signUp("Typed Co");
    const journal = "entry,date,account,debit,credit\nE1,2026-01-05,1000,10.00,\nE1,2026-01-05,4100,,10.00\n";
    expect((await upload(u, orgId, "commit", journal, { kind: "journal" })).status).toBe(200);
    const file = "code,name,type\n1000,Petty Cash,Expense\n1100,Receivables,Asset\n1200,Stock,Expense\n";
    const p = (await (await upload(u, orgId, "preview", file, { kind: "chart" })).json()) as { conflicts: Conflict[] };
    expect(p.conflicts.map((c) => [c.code, c.theirs.type, c.theirs_refused])).toEqual([
      ["1000", "Expense", "1000 Cash has 1 posted line: an account with posted lines keeps its type"],
      ["1100", "Asset", null],
      ["1200", "Expense", null],
    ]);

    const cases: [Record<string, string>, string, string][] = [
      [
        { 1000: "theirs", 1100: "keep", 1200: "keep" },
        "conflicts.1000",
        "1000 Cash has 1 posted line: an account with posted lines keeps its type",
      ],
      [{ 1000: "code:1100", 1100: "keep", 1200: "keep" }, "conflicts.1000", "1100 is already in the chart or the file"],
      [{ 1000: "code:1009", 1100: "keep", 1200: "code:1009" }, "conflicts.1200", "1009 is chosen for another account too"],
      [{ 1000: "maybe" }, "conflicts", "1000: choose keep, theirs, or code: and a code of at most 20 letters, digits, dots or dashes"],
    ];
    for (const [choices, field, message] of cases) {
      const res = await upload(u, orgId, "commit", file, { kind: "chart", conflicts: JSON.stringify(choices) });
      expect(res.status, JSON.stringify(choices)).toBe(400);
      expect(((await res.json()) as { fields: Fields }).fields[field]).toBe(message);
    }
    expect((await chartOf(u, orgId)).get("1000")).toBe("Cash (Asset)");

    const choices = { 1000: "code:1009", 1100: "theirs", 1200: "theirs" };
    const ok = await upload(u, orgId, "commit", file, { kind: "chart", conflicts: JSON.stringify(choices) });
    expect(await ok.json()).toMatchObject({ accounts_created: 1, accounts_updated: 2 });
    const chart = await chartOf(u, orgId);
    expect(["1000", "1009", "1100", "1200"].map((c) => chart.get(c))).toEqual([
      "Cash (Asset)",
      "Petty Cash (Expense)",
      "Receivables (Asset)",
      "Stock (Expense)",
    ]);
  });
});
