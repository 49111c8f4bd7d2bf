import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";

/*
 * A journal line taxed with a code (decision 112): the entry is posted with its tax lines, in one transaction; bad codes
 * are 400s naming the line's field and write nothing; a filed return's period refuses tax-coded lines, naming it.
 */

interface Line {
  account_id: number;
  debit_amount: string;
  credit_amount: string;
  tax_code_id: number | null;
  tax_code: string | null;
  tax_part_no: number | null;
  tax_base: string | null;
}
interface Refusal {
  error: string;
  fields?: Record<string, string>;
}

describe("journal lines with a tax code", () => {
  let t: TestApp;
  let owner: TestUser;
  let orgId: number;
  let acc: Record<string, number>;
  let input21: number;
  let reverse21: number;
  let ended: number;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}) => t.request(`${booksPath(orgId)}${path}`, { ...init, cookie: owner.cookie });
  const purchase = (amount: string, tax_code_id: number | null, extra: Record<string, unknown> = {}, date = "2026-03-10") => ({
    description: "Mower",
    entry_date: date,
    lines: [
      { account_id: acc.equipment, debit_amount: amount, credit_amount: "0", tax_code_id },
      { account_id: acc.bank, debit_amount: "0", credit_amount: amount },
    ],
    ...extra,
  });
  const lines = async (res: Response) => {
    const body = (await res.json()) as { entry: { id: number } };
    expect(res.status, JSON.stringify(body)).toBeLessThan(300);
    const got = (await (await call(`/entries/${body.entry.id}`)).json()) as { entry: { id: number; lines: Line[] } };
    return { id: body.entry.id, lines: got.entry.lines.map((l) => [l.account_id, l.debit_amount, l.credit_amount, l.tax_code, l.tax_part_no, l.tax_base]) };
  };
  const refused = async (res: Response, field: string) => {
    const body = (await res.json()) as Refusal;
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(Object.keys(body.fields ?? {})).toContain(field);
    return body.fields![field]!;
  };
  const entryCount = async () =>
    Number((await queryRows<{ n: string }>(t.ctx.db, sql`select count(*) as n from journal_entries where organization_id = ${orgId}`))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Groen Tuinen" });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] };
    orgId = orgs.organizations[0]!.id;
    const list = (await (await call("/accounts")).json()) as { accounts: { id: number; account_type: string; account_name: string }[] };
    const byType = (type: string, n = 0) => list.accounts.filter((a) => a.account_type === type)[n]!.id;
    acc = { bank: byType("Asset"), vatIn: byType("Asset", 1), equipment: byType("Expense"), vatOut: byType("Liability") };
    const code = async (code: string, kind: string, parts: [number, string, string][], valid_to: string | null = null) => {
      const [row] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`insert into tax_codes (organization_id, code, name, kind, applies_to, valid_to)
            values (${orgId}, ${code}, ${code}, ${kind}, 'purchases', ${valid_to}::date) returning id`,
      );
      for (const [i, [account, role, rate]] of parts.entries())
        await t.ctx.db.execute(
          sql`insert into tax_code_parts (organization_id, tax_code_id, part_no, name, rate, role, account_id)
              values (${orgId}, ${row!.id}, ${i + 1}, ${role}, ${rate}::numeric, ${role}, ${account})`,
        );
      return Number(row!.id);
    };
    input21 = await code("V21", "input", [[acc.vatIn!, "deductible", "21"]]);
    reverse21 = await code("ICA21", "reverse_charge", [
      [acc.vatOut!, "due", "21"],
      [acc.vatIn!, "deductible", "21"],
    ]);
    ended = await code("V19", "input", [[acc.vatIn!, "deductible", "19"]], "2025-12-31");
  });
  afterAll(() => t.close());

  it("posts 4,400.00 with 21 % VAT inside as 3,636.36 of equipment and 763.64 of VAT", async () => {
    const got = await lines(await call("/entries?post=true", { json: purchase("4400.00", input21, { tax_amounts: "inclusive" }) }));
    expect(got.lines).toEqual([
      [acc.equipment, "3636.36", "0.00", "V21", null, "3636.36"],
      [acc.bank, "0.00", "4400.00", null, null, null],
      [acc.vatIn, "763.64", "0.00", "V21", 1, "3636.36"],
    ]);
  });

  it("a reverse charge posts the tax due and the tax deducted, and the entry stays as typed", async () => {
    const got = await lines(await call("/entries", { json: purchase("1000.00", reverse21, { tax_amounts: "inclusive" }) }));
    expect(got.lines).toEqual([
      [acc.equipment, "1000.00", "0.00", "ICA21", null, "1000.00"],
      [acc.bank, "0.00", "1000.00", null, null, null],
      [acc.vatOut, "0.00", "210.00", "ICA21", 1, "1000.00"],
      [acc.vatIn, "210.00", "0.00", "ICA21", 2, "1000.00"],
    ]);
  });

  it("tax-exclusive lines must balance once the tax is added; a typed tax within a cent is posted", async () => {
    expect(await refused(await call("/entries", { json: purchase("100.00", input21) }), "lines")).toBe(
      "Debits must equal credits once the tax is added (off by 21.00)",
    );
    const body = purchase("100.00", input21);
    body.lines[1]!.credit_amount = "121.01";
    const typed = await lines(await call("/entries", { json: { ...body, tax_overrides: [{ tax_code_id: input21, part_no: 1, amount: "21.01" }] } }));
    expect(typed.lines.at(-1)).toEqual([acc.vatIn, "21.01", "0.00", "V21", 1, "100.00"]);
    const far = { ...body, tax_overrides: [{ tax_code_id: input21, part_no: 1, amount: "21.02" }] };
    expect(await refused(await call("/entries", { json: far }), "tax_overrides.0.amount")).toBe("must be within 0.01 of the computed tax 21.00");
  });

  it("refuses an unknown code, another organization's, and a code not valid on the entry's date, writing nothing", async () => {
    const before = await entryCount();
    expect(await refused(await call("/entries", { json: purchase("10.00", 999_999) }), "lines.0.tax_code_id")).toBe("Tax code not found");
    const message = await refused(await call("/entries", { json: purchase("10.00", ended, { tax_amounts: "inclusive" }) }), "lines.0.tax_code_id");
    expect(message).toBe("Tax code V19 is not valid on 2026-03-10 (valid always to 2025-12-31)");
    expect(await refused(await call("/entries", { json: { ...purchase("10.00", input21), tax_amounts: "gross" } }), "tax_amounts")).toBeTruthy();
    expect(await entryCount()).toBe(before);
  });

  it("a reversal carries the tax codes, with the base turned round", async () => {
    const posted = await lines(await call("/entries?post=true", { json: purchase("121.00", input21, { tax_amounts: "inclusive" }) }));
    const reversal = await lines(await call(`/entries/${posted.id}/reverse`, { json: { entry_date: "2026-03-20" } }));
    expect(reversal.lines).toEqual([
      [acc.equipment, "0.00", "100.00", "V21", null, "-100.00"],
      [acc.bank, "121.00", "0.00", null, null, null],
      [acc.vatIn, "0.00", "21.00", "V21", 1, "-100.00"],
    ]);
  });

  it("a filed return's period refuses a tax-coded line, naming the return; an untaxed line is still welcome", async () => {
    await t.ctx.db.execute(
      sql`insert into tax_returns (organization_id, name, period_start, period_end, figures, net_amount, authority_account_id, file_name, sha256, pdf)
          values (${orgId}, 'VAT return 2026-02', '2026-02-01', '2026-02-28', '{}', 0, ${acc.vatOut}, 'r.pdf', 'x', '\\x00')`,
    );
    const message = await refused(await call("/entries", { json: purchase("121.00", input21, { tax_amounts: "inclusive" }, "2026-02-15") }), "entry_date");
    expect(message).toContain("VAT return 2026-02 (2026-02-01 to 2026-02-28) is filed");
    expect((await call("/entries", { json: purchase("121.00", null, {}, "2026-02-15") })).status).toBe(201);
    const overlapping = t.ctx.db.execute(
      sql`insert into tax_returns (organization_id, name, period_start, period_end, figures, net_amount, authority_account_id, file_name, sha256, pdf)
          values (${orgId}, 'Q1', '2026-01-01', '2026-03-31', '{}', 0, ${acc.vatOut}, 'r.pdf', 'x', '\\x00')`,
    );
    await expect(overlapping).rejects.toThrow();
  });
});
