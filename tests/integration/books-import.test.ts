import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath, firstBooks } from "../support/books.ts";

/** Files other programs wrote, read where they are (never copied here). */
const fixtures = path.resolve(import.meta.dirname, "../../../shared/fixtures/import");
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const AKRETION = JSON.stringify({ date: 0, account: 2, description: 5, debit: 6, credit: 7, reference: 8 });

interface TbRow {
  account_code: string;
  closing_debit: string;
  closing_credit: string;
}

describe("books CSV import and export", () => {
  let t: TestApp;
  let alice: TestUser;
  let orgOf: ReturnType<typeof firstBooks>;
  const org = async (u: TestUser) => Number((await orgOf(u.cookie)).split("/").at(-1));

  const upload = (u: TestUser, orgId: number, step: "preview" | "commit", body: BodyInit, query: Record<string, string>) =>
    t.request(`/api/books-csv/${orgId}/${step}?${new URLSearchParams(query)}`, {
      method: "POST",
      body,
      headers: { "content-type": "text/csv" },
      cookie: u.cookie,
    });
  const get = async <T>(u: TestUser, p: string) => {
    const res = await t.request(p, { cookie: u.cookie });
    expect(res.status, p).toBe(200);
    return (await res.json()) as T;
  };
  const trialBalance = async (u: TestUser, orgId: number) => {
    const { report } = await get<{ report: { rows: TbRow[]; total_closing_debit: string } }>(
      u,
      `${booksPath(orgId)}/reports/trial_balance?start=1900-01-01&end=2030-12-31`,
    );
    const rows = report.rows.filter((r) => r.closing_debit !== "0.00" || r.closing_credit !== "0.00");
    return { total: report.total_closing_debit, rows: rows.map((r) => [r.account_code, r.closing_debit, r.closing_credit]) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    orgOf = firstBooks(t);
    alice = await createSignedInUser(t, { companyName: "Import Co" });
  });
  afterAll(() => t.close());

  it("imports Odoo's chart once: the second time nothing is added", async () => {
    const orgId = await org(alice);
    // 4000, 5000, 6000 and 6200 are in the standard chart a new organization starts with; three under other names.
    const keep = { kind: "chart", conflicts: JSON.stringify({ 4000: "keep", 6000: "keep", 6200: "keep" }) };
    const first = await upload(alice, orgId, "commit", fixture("odoo-account.account-generic_coa.csv"), keep);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ imported: 41, already_imported: 4, message: "41 accounts created, 4 already in the chart" });
    const again = await upload(alice, orgId, "commit", fixture("odoo-account.account-generic_coa.csv"), keep);
    expect(await again.json()).toMatchObject({ imported: 0, already_imported: 45 });
  });

  it("previews akretion's French journal, imports it posted, and a second import is a no-op that says so", async () => {
    const orgId = await org(alice);
    const file = fixture("akretion-account_move_generic-fr_coa.csv");
    const preview = await upload(alice, orgId, "preview", file, { kind: "journal", mapping: AKRETION });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const p = (await preview.json()) as Record<string, unknown> & { missing_accounts: { value: string }[] };
    expect(p).toMatchObject({
      settings: { header_row: -1, date_format: "01/03/2026", number_format: "1.234,56", delimiter: "comma" },
      error_count: 0,
      summary: { new_items: 3, existing_items: 0, lines: 9, debits: "36984.12", credits: "36984.12" },
    });
    expect(p.missing_accounts.map((a) => a.value).sort()).toEqual(["275100", "421000", "431000", "512001", "641100", "641300", "645100"]);

    const commit = await upload(alice, orgId, "commit", file, { kind: "journal", mapping: AKRETION });
    expect(await commit.json()).toMatchObject({ imported: 3, already_imported: 0, accounts_created: 7 });
    const tb = await trialBalance(alice, orgId);
    // Closing balances: 421000 nets to nothing; the debit side is 15000.57 + 456.89 + 7842.12 + 1642.42.
    expect(tb.total).toBe("24942.00");
    expect(tb.rows).toContainEqual(["641100", "15000.57", "0.00"]);
    expect(tb.rows).toContainEqual(["512001", "0.00", "13684.54"]);

    // The mapping is remembered for this layout: the same file without one reads the same way.
    const again = await upload(alice, orgId, "commit", file, { kind: "journal" });
    expect(await again.json()).toMatchObject({ imported: 0, already_imported: 3, message: "0 entries imported, 3 already imported" });
    expect(await trialBalance(alice, orgId)).toEqual(tb);
  });

  it("stores nothing when one row is bad: 400 naming line 40 and its column", async () => {
    const bob = await createSignedInUser(t, { companyName: "Bad Rows" });
    const orgId = await org(bob);
    const rows = ["entry,date,description,account,debit,credit"];
    for (let i = 1; i <= 25; i++)
      rows.push(`E${i},2026-03-0${(i % 9) + 1},Sale ${i},1000,10.00,`, `E${i},2026-03-0${(i % 9) + 1},Sale ${i},9999,,10.00`);
    rows[39] = rows[39]!.replace("10.00", "1O.00");
    const res = await upload(bob, orgId, "commit", rows.join("\n"), { kind: "journal" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toMatch(/^Line 40, column (debit|credit): is not an amount/);
    expect(Object.keys(body.fields)[0]).toMatch(/^rows\.40\.(debit|credit)$/);
    const { accounts } = await get<{ accounts: { account_code: string }[] }>(bob, `${booksPath(orgId)}/accounts`);
    expect(accounts.map((a) => a.account_code)).not.toContain("9999");
    expect((await trialBalance(bob, orgId)).total).toBe("0.00");

    const fixed = await upload(bob, orgId, "commit", rows.join("\n").replace("1O.00", "10.00"), { kind: "journal" });
    expect(await fixed.json()).toMatchObject({ imported: 25, accounts_created: 1 });
  });

  it("exports chart and journal in a layout that imports into an empty organization with the same trial balance", async () => {
    const orgId = await org(alice);
    await upload(alice, orgId, "commit", fixture("hledger-sample.journal.csv"), { kind: "journal" });
    const source = await trialBalance(alice, orgId);
    const chartRes = await t.request(`/api/books-csv/${orgId}/chart.csv`, { cookie: alice.cookie });
    expect(chartRes.headers.get("content-disposition")).toBe('attachment; filename="chart-of-accounts.csv"');
    const chart = await chartRes.text();
    const journal = await (await t.request(`/api/books-csv/${orgId}/journal.csv`, { cookie: alice.cookie })).text();
    expect(journal.split("\r\n")[0]).toBe(
      "entry,date,reference,description,account_code,account_name,debit,credit,external_ref,tax_code,tax_part,tax_base",
    );

    const carol = await createSignedInUser(t, { companyName: "Fresh Books" });
    const fresh = await org(carol);
    expect((await upload(carol, fresh, "commit", chart, { kind: "chart" })).status).toBe(200);
    const imported = await upload(carol, fresh, "commit", journal, { kind: "journal" });
    expect(await imported.json()).toMatchObject({ imported: 5 + 3, accounts_created: 0 });
    expect(await trialBalance(carol, fresh)).toEqual(source);

    // The export brought back into its own organization adds nothing.
    const back = await upload(alice, orgId, "commit", journal, { kind: "journal" });
    expect(await back.json()).toMatchObject({ imported: 0, already_imported: 8 });
  });

  it("lets only members who write import: a viewer gets 403, another organization's member 404", async () => {
    const orgId = await org(alice);
    const viewer = await createSignedInUser(t, { companyName: "Viewer" });
    const stranger = await createSignedInUser(t, { companyName: "Stranger" });
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    const file = fixture("akretion-generic_csv_fr_ok.csv");
    expect((await upload(viewer, orgId, "commit", file, { kind: "journal", mapping: AKRETION })).status).toBe(403);
    expect((await upload(stranger, orgId, "commit", file, { kind: "journal", mapping: AKRETION })).status).toBe(404);
    expect((await upload(stranger, orgId, "preview", file, { kind: "journal" })).status).toBe(404);
    expect((await t.request(`/api/books-csv/${orgId}/journal.csv`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(`/api/books-csv/${orgId}/journal.csv`, { cookie: viewer.cookie })).status).toBe(200);
    const bad = await upload(alice, orgId, "preview", file, { kind: "ledger" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty("kind");
  });
});
