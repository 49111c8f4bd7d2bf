import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankLine } from "~/features/bank/bank.types.ts";
import type { BankRule, RulesPosted } from "~/features/bank/bank-rules.types.ts";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * Statement lines posted with a tax code (decision 112): the line's amount is the gross, the entry carries the tax
 * lines and the bank side stays its line 1 (the one matched); one line split over several accounts and codes, adding
 * up to the cent or refused whole; a rule naming a code, its batch undone with its tax lines; bad codes are 400s
 * naming the field, writing nothing.
 */

const MAY =
  "Date,Description,Amount\r\n" +
  "2026-05-02,Laptop store,-4400.00\r\n" +
  "2026-05-03,Office supplies and books,-1000.00\r\n" +
  "2026-05-04,Hardware shop,-50.00\r\n" +
  "2026-05-05,Fuel station North,-121.00\r\n" +
  "2026-05-06,Fuel station South,-60.50\r\n" +
  "2026-05-07,Printer ink,-10.00\r\n";

interface Refusal {
  error: string;
  fields?: Record<string, string>;
}
type Row = [account: number, debit: string, credit: string, code: number | null, part: number | null, base: string | null];

describe("bank lines posted with tax codes: categorize, split, rules", () => {
  let t: TestApp;
  let owner: TestUser;
  let orgId: number;
  let org: string;
  let bank: string;
  let bankAccount: number;
  let acc: { equipment: number; utilities: number; rent: number; vatIn: number };
  let v21: number;
  let v6: number;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}) => t.request(path, { ...init, cookie: owner.cookie });
  const json = async <T>(res: Response | Promise<Response>, status: number): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const refused = async (res: Promise<Response>, field: string) => {
    const body = await json<Refusal>(res, 400);
    expect(Object.keys(body.fields ?? {}), JSON.stringify(body)).toContain(field);
    return body.fields![field]!;
  };
  const lineId = async (description: string) => {
    const { lines } = await json<{ lines: BankLine[] }>(call(`${bank}/lines?show=all`), 200);
    return lines.find((l) => l.description === description)!;
  };
  const count = async (table: "journal_entries" | "bank_matches") =>
    Number(
      (await queryRows<{ n: string }>(t.ctx.db, sql`select count(*) as n from ${sql.raw(table)} where organization_id = ${orgId}`))[0]!.n,
    );
  /** The lines of the entry a match made, in order, and which of them the match holds. */
  const entryOf = async (matchId: number) => {
    const rows = await queryRows<{
      line_no: number;
      account_id: number;
      debit: string;
      credit: string;
      code: number | null;
      part: number | null;
      base: string | null;
      matched: boolean;
    }>(
      t.ctx.db,
      sql`select l.line_no, l.account_id, l.debit_amount::text as debit, l.credit_amount::text as credit, l.tax_code_id as code,
                 l.tax_part_no as part, l.tax_base::text as base,
                 exists (select 1 from bank_match_ledger_lines ml where ml.match_id = ${matchId} and ml.journal_entry_line_id = l.id) as matched
            from journal_entry_lines l
           where l.journal_entry_id = (select x.journal_entry_id from bank_match_ledger_lines m join journal_entry_lines x on x.id = m.journal_entry_line_id
                                        where m.match_id = ${matchId} limit 1)
           order by l.line_no`,
    );
    return {
      matched: rows.filter((r) => r.matched).map((r) => Number(r.line_no)),
      lines: rows.map((r): Row => [
        Number(r.account_id),
        r.debit,
        r.credit,
        r.code === null ? null : Number(r.code),
        r.part === null ? null : Number(r.part),
        r.base,
      ]),
    };
  };
  const balance = async (accountId: number) =>
    (
      await queryRows<{ b: string | null }>(
        t.ctx.db,
        sql`select coalesce(sum(debit_amount - credit_amount), 0)::text as b from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
             where l.organization_id = ${orgId} and l.account_id = ${accountId} and e.status = 'posted'`,
      )
    )[0]!.b;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Tax Gardens" });
    const books = await firstBooks(t)(owner.cookie);
    orgId = Number(books.split("/").pop());
    org = `/api/bank/${orgId}`;
    const add = async (account_code: string, account_name: string, account_type: string) =>
      (await json<{ account: { id: number } }>(call(`${books}/accounts`, { json: { account_code, account_name, account_type } }), 201))
        .account.id;
    const { accounts } = await json<{ accounts: { id: number; account_code: string }[] }>(call(`${books}/accounts`), 200);
    const codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
    acc = {
      equipment: codes["1500"]!,
      utilities: codes["6200"]!,
      rent: codes["6000"]!,
      vatIn: await add("1400", "VAT receivable", "Asset"),
    };
    bankAccount = await add("1010", "Checking", "Asset");
    const created = await json<{ account: { id: number } }>(
      call(`${org}/accounts`, { json: { name: "Checking", kind: "bank", account_id: bankAccount, currency: "USD" } }),
      201,
    );
    bank = `${org}/accounts/${created.account.id}`;
    const upload = await call(`${bank}/statements?name=may.csv`, {
      method: "POST",
      body: new Uint8Array(Buffer.from(MAY)),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const code = async (c: string, rate: string) => {
      const [row] = await queryRows<{ id: number }>(
        t.ctx.db,
        sql`insert into tax_codes (organization_id, code, name, kind, applies_to) values (${orgId}, ${c}, ${`Input VAT ${rate}%`}, 'input', 'purchases') returning id`,
      );
      await t.ctx.db.execute(
        sql`insert into tax_code_parts (organization_id, tax_code_id, part_no, name, rate, role, account_id)
            values (${orgId}, ${row!.id}, 1, 'VAT', ${rate}::numeric, 'deductible', ${acc.vatIn})`,
      );
      return Number(row!.id);
    };
    v21 = await code("V21", "21");
    v6 = await code("V6", "6");
  });
  afterAll(() => t.close());

  it("categorizes 4,400.00 out with 21 % input VAT as 3,636.36 and 763.64, the bank side line 1 and matched", async () => {
    const line = await lineId("Laptop store");
    const { match_ids } = await json<{ match_ids: number[] }>(
      call(`${bank}/categorize`, { json: { bank_line_ids: [line.id], account_id: acc.equipment, tax_code_id: v21 } }),
      201,
    );
    const entry = await entryOf(match_ids[0]!);
    expect(entry.matched).toEqual([1]);
    expect(entry.lines).toEqual([
      [bankAccount, "0.00", "4400.00", null, null, null],
      [acc.equipment, "3636.36", "0.00", v21, null, "3636.36"],
      [acc.vatIn, "763.64", "0.00", v21, 1, "3636.36"],
    ]);
  });

  it("splits one line over two accounts with 21 % and 6 %, the tax taken out of each row", async () => {
    const line = await lineId("Office supplies and books");
    const { match_ids } = await json<{ match_ids: number[] }>(
      call(`${bank}/split`, {
        json: {
          bank_line_id: line.id,
          description: "Supplies and books",
          splits: [
            { account_id: acc.utilities, amount: "700.00", tax_code_id: v21 },
            { account_id: acc.rent, amount: "300", tax_code_id: v6, description: "Books" },
          ],
        },
      }),
      201,
    );
    const entry = await entryOf(match_ids[0]!);
    expect(entry.matched).toEqual([1]);
    expect(entry.lines).toEqual([
      [bankAccount, "0.00", "1000.00", null, null, null],
      [acc.utilities, "578.51", "0.00", v21, null, "578.51"],
      [acc.rent, "283.02", "0.00", v6, null, "283.02"],
      [acc.vatIn, "121.49", "0.00", v21, 1, "578.51"],
      [acc.vatIn, "16.98", "0.00", v6, 1, "283.02"],
    ]);
    const debits = entry.lines.reduce((s, l) => s + Math.round(Number(l[1]) * 100), 0);
    expect(debits).toBe(100000);
    expect((await lineId("Office supplies and books")).match_id).not.toBeNull();
  });

  it("refuses a split that does not add up, the bank's own account and a bad code, writing nothing", async () => {
    const line = await lineId("Hardware shop");
    const before = [await count("journal_entries"), await count("bank_matches")];
    const split = (splits: unknown[]) => call(`${bank}/split`, { json: { bank_line_id: line.id, splits } });
    expect(
      await refused(
        split([
          { account_id: acc.utilities, amount: "30.00", tax_code_id: v21 },
          { account_id: acc.rent, amount: "10.00" },
        ]),
        "splits",
      ),
    ).toBe("The rows add up to 40.00 and the statement line is 50.00: 10.00 is left to split");
    expect(
      await refused(
        split([
          { account_id: acc.utilities, amount: "30.00" },
          { account_id: acc.rent, amount: "30.00" },
        ]),
        "splits",
      ),
    ).toBe("The rows add up to 60.00 and the statement line is 50.00: 10.00 too much");
    expect(
      await refused(
        split([
          { account_id: acc.utilities, amount: "30.00" },
          { account_id: bankAccount, amount: "20.00" },
        ]),
        "splits.1.account_id",
      ),
    ).toMatch(/not the bank's own account/);
    expect(
      await refused(
        split([
          { account_id: acc.utilities, amount: "30.00" },
          { account_id: acc.rent, amount: "20.00", tax_code_id: 999_999 },
        ]),
        "splits.1.tax_code_id",
      ),
    ).toBe("Tax code not found");
    expect(await refused(split([{ account_id: acc.utilities, amount: "0" }]), "splits.0.amount")).toBe("Amount must not be 0");
    expect([await count("journal_entries"), await count("bank_matches")]).toEqual(before);
    expect((await lineId("Hardware shop")).match_id).toBeNull();
  });

  it("refuses a bad tax code on a categorization, naming it, writing nothing", async () => {
    const line = await lineId("Printer ink");
    const before = await count("journal_entries");
    const body = (tax_code_id: unknown) => ({ json: { bank_line_ids: [line.id], account_id: acc.utilities, tax_code_id } });
    expect(await refused(call(`${bank}/categorize`, body(999_999)), "tax_code_id")).toBe("Tax code not found");
    expect(await refused(call(`${bank}/categorize`, body("V21")), "tax_code_id")).toBeTruthy();
    await t.ctx.db.execute(sql`update tax_codes set archived_at = now() where id = ${v6}`);
    expect(await refused(call(`${bank}/categorize`, body(v6)), "tax_code_id")).toBe("Tax code V6 is archived");
    await t.ctx.db.execute(sql`update tax_codes set archived_at = null where id = ${v6}`);
    expect(await count("journal_entries")).toBe(before);
  });

  it("a rule names a tax code: its batch posts the tax, and undoing the batch reverses the tax lines too", async () => {
    const rule = { name: "Fuel", field: "text", operator: "contains", value: "fuel", direction: "out", account_id: acc.utilities };
    expect(await refused(call(`${org}/rules`, { json: { ...rule, tax_code_id: 999_999 } }), "tax_code_id")).toBe("Tax code not found");
    const made = await json<{ rule: BankRule }>(call(`${org}/rules`, { json: { ...rule, tax_code_id: v21 } }), 201);
    expect(made.rule).toMatchObject({ tax_code_id: v21, tax_code: "V21" });
    const vatBefore = await balance(acc.vatIn);
    const posted = await json<RulesPosted>(call(`${bank}/apply-rules`, { method: "POST" }), 200);
    expect(posted).toMatchObject({ entries: 2, money_out: "181.50" });
    const north = await entryOf((await lineId("Fuel station North")).match_id!);
    expect(north.matched).toEqual([1]);
    expect(north.lines).toEqual([
      [bankAccount, "0.00", "121.00", null, null, null],
      [acc.utilities, "100.00", "0.00", v21, null, "100.00"],
      [acc.vatIn, "21.00", "0.00", v21, 1, "100.00"],
    ]);
    const south = await entryOf((await lineId("Fuel station South")).match_id!);
    expect(south.lines.slice(1)).toEqual([
      [acc.utilities, "50.00", "0.00", v21, null, "50.00"],
      [acc.vatIn, "10.50", "0.00", v21, 1, "50.00"],
    ]);
    expect(Number(await balance(acc.vatIn)) - Number(vatBefore)).toBeCloseTo(31.5, 2);

    const undone = await json<{ reversed: number }>(call(`${org}/rule-batches/${posted.batch_id}/undo`, { method: "POST" }), 200);
    expect(undone.reversed).toBe(2);
    expect(await balance(acc.vatIn)).toBe(vatBefore);
    const reversedTax = await queryRows<{ credit: string; base: string }>(
      t.ctx.db,
      sql`select l.credit_amount::text as credit, l.tax_base::text as base from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
           where e.organization_id = ${orgId} and e.reversal_of is not null and l.tax_part_no = 1 order by l.credit_amount`,
    );
    expect(reversedTax).toEqual([
      { credit: "10.50", base: "-50.00" },
      { credit: "21.00", base: "-100.00" },
    ]);
    expect((await lineId("Fuel station North")).match_id).toBeNull();
  });
  it("refuses a split to a viewer (403), to someone outside the books (404) and without a session (401)", async () => {
    const viewer = await createSignedInUser(t, { companyName: "Looking On" });
    const stranger = await createSignedInUser(t, { companyName: "Elsewhere" });
    await addMember(t.ctx.db, orgId, viewer.id, "viewer");
    const line = await lineId("Printer ink");
    const body = { bank_line_id: line.id, splits: [{ account_id: acc.utilities, amount: "10.00", tax_code_id: v21 }] };
    for (const [user, status] of [
      [viewer, 403],
      [stranger, 404],
      [null, 401],
    ] as const)
      expect((await t.request(`${bank}/split`, { json: body, cookie: user?.cookie })).status).toBe(status);
    expect((await lineId("Printer ink")).match_id).toBeNull();
  });
});
