import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaxCode } from "~/features/ledger/index.ts";
import type { TaxCodesAnswer, TaxPresetApplied } from "~/features/tax/tax.types.ts";
import { TAX_PRESETS } from "~/features/tax/tax-presets.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

// Tax codes of an organization's books: made by hand (each refusal a 400 naming its field), from a ready-made set
// (applied twice, the second time skipping what is there), exported and imported as CSV (all or nothing), kept as
// they are once posted entries use them, and read-only for a viewer.

describe("tax codes", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let orgId: number;
  let books: string;
  let codes: Record<string, number>;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${books}${path}`, { ...init, cookie: user.cookie });
  const json = async <T>(res: Response | Promise<Response>, status: number): Promise<T> => {
    const r = await res;
    const text = await r.text();
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  const list = async (archived = false) =>
    (await json<TaxCodesAnswer>(call(`/tax-codes${archived ? "?include_archived=true" : ""}`), 200)).tax_codes;
  const vat = (over: Record<string, unknown> = {}) => ({
    code: "V20",
    name: "VAT 20%",
    kind: "output",
    base_boxes: "01",
    parts: [{ name: "VAT", rate: "20", role: "due", account_id: codes["2100"], boxes: ["54"] }],
    ...over,
  });
  const fields = async (res: Promise<Response>) => (await json<{ fields: Record<string, string> }>(res, 400)).fields;
  const count = async () =>
    Number(
      (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from tax_codes where organization_id = ${orgId}`))[0]!.n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Tax Trading" });
    viewer = await createSignedInUser(t, { companyName: "Looking On" });
    books = await firstBooks(t)(owner.cookie);
    orgId = Number(books.split("/").pop());
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    const { accounts } = await json<{ accounts: { id: number; account_code: string }[] }>(call("/accounts"), 200);
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("makes a code with its parts, reads it back, changes it and audits each write", async () => {
    const { tax_code } = await json<{ tax_code: TaxCode }>(call("/tax-codes", { json: vat() }), 201);
    expect(tax_code).toMatchObject({
      code: "V20",
      kind: "output",
      applies_to: "sales",
      base_boxes: ["01"],
      archived: false,
      parts: [{ part_no: 1, rate: "20.0000", role: "due", recoverable_percent: "100.0000", account_id: codes["2100"], boxes: ["54"] }],
    });
    const partly = await json<{ tax_code: TaxCode }>(
      call("/tax-codes", {
        json: {
          code: "P20-50",
          name: "Car costs, half deductible",
          kind: "input",
          valid_from: "2026-01-01",
          parts: [{ name: "VAT", rate: 20, role: "deductible", recoverable_percent: "50", account_id: codes["1100"], boxes: "59" }],
        },
      }),
      201,
    );
    expect(partly.tax_code).toMatchObject({
      applies_to: "purchases",
      valid_from: "2026-01-01",
      parts: [{ recoverable_percent: "50.0000" }],
    });
    const changed = await json<{ tax_code: TaxCode }>(
      call(`/tax-codes/${tax_code.id}`, { method: "PUT", json: vat({ name: "VAT 21%", parts: [{ ...vat().parts[0], rate: "21.5" }] }) }),
      200,
    );
    expect(changed.tax_code).toMatchObject({ name: "VAT 21%", parts: [{ rate: "21.5000" }] });
    expect((await json<{ tax_code: TaxCode }>(call(`/tax-codes/${tax_code.id}`), 200)).tax_code.name).toBe("VAT 21%");
    const audits = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from audit_log where action like 'tax_code.%' order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(["tax_code.created", "tax_code.created", "tax_code.updated"]);
  });

  it("refuses bad input with a 400 naming the field, and writes nothing", async () => {
    const before = await count();
    const part = vat().parts[0]!;
    expect(await fields(call("/tax-codes", { json: vat({ code: "X1", parts: [{ ...part, rate: "20.00001" }] }) }))).toEqual({
      "parts.0.rate": "Rate must have at most 4 decimals",
    });
    expect(Object.keys(await fields(call("/tax-codes", { json: vat({ code: "X1", parts: [{ ...part, rate: "100.5" }] }) })))).toEqual([
      "parts.0.rate",
    ]);
    expect(Object.keys(await fields(call("/tax-codes", { json: vat({ code: "bad code" }) })))).toEqual(["code"]);
    expect(Object.keys(await fields(call("/tax-codes", { json: vat() })))).toEqual(["code"]);
    expect(Object.keys(await fields(call("/tax-codes", { json: vat({ code: "X2", parts: [{ ...part, account_id: 999999 }] }) })))).toEqual([
      "parts.0.account_id",
    ]);
    expect(Object.keys(await fields(call("/tax-codes", { json: vat({ code: "X3", kind: "exempt" }) })))).toEqual(
      expect.arrayContaining(["applies_to", "parts.0.rate"]),
    );
    expect(Object.keys(await fields(call("/tax-codes", { json: vat({ code: "X4", kind: "reverse_charge" }) })))).toEqual(["parts"]);
    expect(
      Object.keys(await fields(call("/tax-codes", { json: vat({ code: "X5", valid_from: "2026-02-01", valid_to: "2026-01-31" }) }))),
    ).toEqual(["valid_to"]);
    expect(
      Object.keys(await fields(call("/tax-codes", { json: vat({ code: "X6", parts: [{ ...part, recoverable_percent: "50" }] }) }))),
    ).toEqual(["parts.0.recoverable_percent"]);
    expect(Object.keys(await fields(call("/tax-codes", { json: vat({ code: "X7", base_boxes: "01 this-is-too-long" }) })))).toEqual([
      "base_boxes",
    ]);
    expect(await count()).toBe(before);
  });

  it("keeps the rate of a code posted entries use (409), lets its name and end date change, and deletes only unused codes", async () => {
    const { tax_code } = await json<{ tax_code: TaxCode }>(
      call("/tax-codes", { json: vat({ code: "U10", parts: [{ ...vat().parts[0], rate: "10" }] }) }),
      201,
    );
    const { entry } = await json<{ entry: { id: number } }>(
      call("/entries", {
        json: {
          description: "Sale",
          entry_date: "2026-03-10",
          lines: [
            { account_id: codes["1100"], debit_amount: "110.00", credit_amount: "0" },
            { account_id: codes["4000"], debit_amount: "0", credit_amount: "100.00" },
            { account_id: codes["2100"], debit_amount: "0", credit_amount: "10.00" },
          ],
        },
      }),
      201,
    );
    // The journal's own tax lines are written elsewhere; here the draft's line is marked as taxed with the code directly.
    await t.ctx.db.execute(
      sql`update journal_entry_lines set tax_code_id = ${tax_code.id}, tax_base = -100 where journal_entry_id = ${entry.id} and account_id = ${codes["4000"]}`,
    );
    await json(call(`/entries/${entry.id}/post`, { method: "POST" }), 200);
    const body = vat({ code: "U10", parts: [{ ...vat().parts[0], rate: "10" }] });
    const refused = await json<{ error: string }>(
      call(`/tax-codes/${tax_code.id}`, { method: "PUT", json: { ...body, parts: [{ ...body.parts[0], rate: "12" }] } }),
      409,
    );
    expect(refused.error).toContain("end it with a valid-to date");
    expect(
      Object.keys(await fields(call(`/tax-codes/${tax_code.id}`, { method: "PUT", json: { ...body, valid_to: "2026-03-01" } }))),
    ).toEqual(["valid_to"]);
    const ended = await json<{ tax_code: TaxCode }>(
      call(`/tax-codes/${tax_code.id}`, { method: "PUT", json: { ...body, name: "Reduced 10%", valid_to: "2026-06-30" } }),
      200,
    );
    expect(ended.tax_code).toMatchObject({ name: "Reduced 10%", valid_to: "2026-06-30", parts: [{ rate: "10.0000" }] });
    await json(call(`/tax-codes/${tax_code.id}`, { method: "DELETE" }), 409);
    const archived = await json<{ tax_code: TaxCode }>(call(`/tax-codes/${tax_code.id}/archive`, { json: { archived: true } }), 200);
    expect(archived.tax_code.archived).toBe(true);
    expect((await list()).map((c) => c.code)).not.toContain("U10");
    expect((await list(true)).map((c) => c.code)).toContain("U10");
    const spare = await json<{ tax_code: TaxCode }>(call("/tax-codes", { json: vat({ code: "SPARE" }) }), 201);
    await json(call(`/tax-codes/${spare.tax_code.id}`, { method: "DELETE" }), 200);
    await json(call(`/tax-codes/${spare.tax_code.id}`), 404);
  });

  it("applies the Belgian set with its accounts; applied again it skips every code", async () => {
    const first = await json<TaxPresetApplied>(call("/tax-codes/presets/be-vat", { method: "POST" }), 200);
    expect(first.created).toHaveLength(TAX_PRESETS["be-vat"].codes.length);
    expect(first.skipped).toEqual([]);
    expect(first.accounts_created).toContain("2320 VAT payable 21%");
    const again = await json<TaxPresetApplied>(call("/tax-codes/presets/be-vat", { method: "POST" }), 200);
    expect(again).toEqual({ created: [], skipped: [...first.created].sort(), accounts_created: [] });
    const icA = (await list()).find((c) => c.code === "BE-ICA21")!;
    expect(icA).toMatchObject({ kind: "reverse_charge", base_boxes: ["86", "82"] });
    expect(icA.parts.map((p) => [p.role, p.rate, p.boxes])).toEqual([
      ["due", "21.0000", ["55"]],
      ["deductible", "21.0000", ["59"]],
    ]);
    await json(call("/tax-codes/presets/fr-vat", { method: "POST" }), 404);
    const us = await json<TaxPresetApplied>(call("/tax-codes/presets/us-sales-tax", { method: "POST" }), 200);
    expect(us.created).toContain("CA-LA");
    const la = (await list()).find((c) => c.code === "CA-LA")!;
    expect(la.parts).toHaveLength(3);
    expect(new Set(la.parts.map((p) => p.account_id)).size).toBe(3);
    const de = await json<TaxPresetApplied>(call("/tax-codes/presets/de-vat", { method: "POST" }), 200);
    expect(de.created).toHaveLength(TAX_PRESETS["de-vat"].codes.length);
  });

  it("exports the codes as CSV and imports them into other books as they were", async () => {
    const res = await call("/tax-codes.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const text = await res.text();
    expect(text.split("\r\n")[0]).toBe(
      "code,name,kind,applies_to,valid_from,valid_to,base_boxes,archived,part,part_name,rate,role,recoverable_percent,account_code,boxes",
    );
    const other = await createSignedInUser(t, { companyName: "Second Books" });
    const otherBooks = await firstBooks(t)(other.cookie);
    // The other books have the standard chart only: the set's accounts first.
    for (const p of ["be-vat", "us-sales-tax", "de-vat"])
      await json(t.request(`${otherBooks}/tax-codes/presets/${p}`, { method: "POST", cookie: other.cookie }), 200);
    await t.ctx.db.execute(
      sql`delete from tax_codes where organization_id = (select organization_id from organization_memberships where user_id = ${other.id})`,
    );
    const imported = await json<{ created: string[] }>(
      t.request(`${otherBooks}/tax-codes/import`, {
        method: "POST",
        cookie: other.cookie,
        body: text,
        headers: { "content-type": "text/csv" },
      }),
      200,
    );
    const mine = await list(true);
    expect(imported.created.sort()).toEqual(mine.map((c) => c.code).sort());
    const theirs = (await json<TaxCodesAnswer>(t.request(`${otherBooks}/tax-codes?include_archived=true`, { cookie: other.cookie }), 200))
      .tax_codes;
    const { accounts: theirAccounts } = await json<{ accounts: { id: number; account_code: string }[] }>(
      t.request(`${otherBooks}/accounts`, { cookie: other.cookie }),
      200,
    );
    const codeOf = (ids: Map<number, string>, c: TaxCode) => ({
      ...c,
      id: 0,
      parts: c.parts.map((p) => ({ ...p, account_id: ids.get(p.account_id) })),
    });
    const mineIds = new Map(Object.entries(codes).map(([k, v]) => [v, k]));
    const { accounts: myAccounts } = await json<{ accounts: { id: number; account_code: string }[] }>(call("/accounts"), 200);
    for (const a of myAccounts) mineIds.set(a.id, a.account_code);
    const theirIds = new Map(theirAccounts.map((a) => [a.id, a.account_code]));
    expect(theirs.map((c) => codeOf(theirIds, c))).toEqual(mine.map((c) => codeOf(mineIds, c)));
  });

  it("refuses a file with a bad cell: a 400 naming the line and the column, nothing written", async () => {
    const before = await count();
    const file =
      "code,name,kind,part_name,rate,role,account_code,boxes\r\n" +
      "N1,New 5%,output,VAT,5,due,2100,54\r\n" +
      "N2,New 6%,output,VAT,6.00001,due,2100,54\r\n" +
      "N3,New 7%,output,VAT,7,due,9999,54\r\n";
    const res = await call("/tax-codes/import", { method: "POST", body: file, headers: { "content-type": "text/csv" } });
    const answer = await json<{ error: string; fields: Record<string, string> }>(res, 400);
    expect(answer.error).toMatch(/^Line 3, column rate: Rate must have at most 4 decimals/);
    expect(answer.fields).toEqual({
      "rows.3.rate": "Rate must have at most 4 decimals",
      "rows.4.account_code": "No active account 9999 in these books",
    });
    expect(await count()).toBe(before);
    const unknown = await json<{ fields: Record<string, string> }>(
      call("/tax-codes/import", {
        method: "POST",
        body: "code,name,kind,colour\r\nA,B,exempt,red\r\n",
        headers: { "content-type": "text/csv" },
      }),
      400,
    );
    expect(Object.keys(unknown.fields)).toEqual(["rows.1.colour"]);
    expect(await count()).toBe(before);
  });

  it("lets a viewer read the codes and the settings, and refuses every change", async () => {
    expect((await json<TaxCodesAnswer>(call("/tax-codes", {}, viewer), 200)).tax_codes.length).toBeGreaterThan(0);
    await json(call("/tax-codes", { json: vat({ code: "VIEW" }) }, viewer), 403);
    await json(call("/tax-codes/presets/de-vat", { method: "POST" }, viewer), 403);
    await json(
      call("/tax-settings", { method: "PUT", json: { tax_amounts: "inclusive", tax_rounding: "line", tax_basis: "cash" } }, viewer),
      403,
    );
    expect(await json(call("/tax-settings", {}, viewer), 200)).toEqual({
      settings: { tax_amounts: "exclusive", tax_rounding: "line", tax_basis: "invoice" },
    });
    const saved = await json(
      call("/tax-settings", { method: "PUT", json: { tax_amounts: "inclusive", tax_rounding: "document", tax_basis: "cash" } }),
      200,
    );
    expect(saved).toEqual({ settings: { tax_amounts: "inclusive", tax_rounding: "document", tax_basis: "cash" } });
    expect(
      Object.keys(
        await fields(call("/tax-settings", { method: "PUT", json: { tax_amounts: "x", tax_rounding: "line", tax_basis: "cash" } })),
      ),
    ).toEqual(["tax_amounts"]);
  });
});
