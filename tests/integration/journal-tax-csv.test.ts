import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";

/*
 * A taxed entry in the general ledger (its tax code on each line, screen, CSV and PDF) and in the journal's CSV: the
 * export names each line's code and a tax line's part, and importing it into other books writes the lines as they are
 * (the tax is not added twice); a file naming a code the books lack is a 400 naming its line and column, nothing written.
 */

interface Books {
  user: TestUser;
  orgId: number;
  acc: Record<string, number>;
  code: Record<string, string>;
  v21: number;
}

describe("tax codes in the general ledger and the journal's CSV", () => {
  let t: TestApp;
  let a: Books;
  let b: Books;

  const call = (books: Books, p: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`${booksPath(books.orgId)}${p}`, { ...init, cookie: books.user.cookie });
  const upload = (books: Books, step: "preview" | "commit", body: string) =>
    t.request(`/api/books-csv/${books.orgId}/${step}?kind=journal`, {
      method: "POST",
      body,
      headers: { "content-type": "text/csv" },
      cookie: books.user.cookie,
    });
  const taxLines = async (books: Books) =>
    queryRows<{
      account_id: number;
      debit_amount: string;
      credit_amount: string;
      code: string | null;
      tax_part_no: number | null;
      tax_base: string | null;
    }>(
      t.ctx.db,
      sql`select l.account_id, l.debit_amount::text, l.credit_amount::text, c.code, l.tax_part_no, l.tax_base::text
            from journal_entry_lines l left join tax_codes c on c.id = l.tax_code_id
           where l.organization_id = ${books.orgId} order by l.journal_entry_id, l.line_no`,
    );

  async function books(companyName: string): Promise<Books> {
    const user = await createSignedInUser(t, { companyName });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: user.cookie })).json()) as { organizations: { id: number }[] };
    const orgId = orgs.organizations[0]!.id;
    const list = (await (await t.request(`${booksPath(orgId)}/accounts`, { cookie: user.cookie })).json()) as {
      accounts: { id: number; account_type: string; account_code: string }[];
    };
    const byType = (type: string, n = 0) => list.accounts.filter((x) => x.account_type === type)[n]!;
    const picked = { bank: byType("Asset"), vatIn: byType("Asset", 1), equipment: byType("Expense") };
    const acc = Object.fromEntries(Object.entries(picked).map(([k, v]) => [k, v.id]));
    const code = Object.fromEntries(Object.entries(picked).map(([k, v]) => [k, v.account_code]));
    const [row] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into tax_codes (organization_id, code, name, kind, applies_to) values (${orgId}, 'V21', 'VAT 21 %', 'input', 'purchases') returning id`,
    );
    await t.ctx.db.execute(
      sql`insert into tax_code_parts (organization_id, tax_code_id, part_no, name, rate, role, account_id)
          values (${orgId}, ${row!.id}, 1, 'Input VAT', 21, 'deductible', ${acc.vatIn})`,
    );
    return { user, orgId, acc, code, v21: Number(row!.id) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    a = await books("Groen Tuinen");
    b = await books("Blauw Water");
    const res = await call(a, "/entries?post=true", {
      json: {
        description: "Mower",
        entry_date: "2026-03-10",
        tax_amounts: "inclusive",
        lines: [
          { account_id: a.acc.equipment, debit_amount: "4400.00", credit_amount: "0", tax_code_id: a.v21 },
          { account_id: a.acc.bank, debit_amount: "0", credit_amount: "4400.00" },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });
  afterAll(() => t.close());

  it("the general ledger names each line's tax code, on the screen's data, in the CSV and in the PDF", async () => {
    const gl = async (account: number) => {
      const res = await call(a, `/reports/general_ledger?account=${account}&start=2026-03-01&end=2026-03-31`);
      return ((await res.json()) as { ledger: { lines: { tax_code: string | null; debit_amount: string }[] } }).ledger.lines;
    };
    expect((await gl(a.acc.equipment!)).map((l) => [l.tax_code, l.debit_amount])).toEqual([["V21", "3636.36"]]);
    expect((await gl(a.acc.vatIn!)).map((l) => [l.tax_code, l.debit_amount])).toEqual([["V21", "763.64"]]);
    expect((await gl(a.acc.bank!)).map((l) => l.tax_code)).toEqual([null]);

    const csv = (await (await call(a, `/reports/general_ledger/csv?account=${a.acc.vatIn}&start=2026-03-01&end=2026-03-31`)).text()).split(
      "\r\n",
    );
    expect(csv[0]).toBe("Date,Entry,Description,Counter Account,Tax,Debit,Credit,Balance");
    expect(csv[2]).toMatch(/^2026-03-10,JE-\d+,.*,V21,763\.64,,763\.64$/);
    const pdf = await call(a, `/reports/general_ledger/pdf?account=${a.acc.vatIn}&start=2026-03-01&end=2026-03-31`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
  });

  it("exports the code and the tax line's part; imported into other books the lines are written as they are", async () => {
    const journal = await (await t.request(`/api/books-csv/${a.orgId}/journal.csv`, { cookie: a.user.cookie })).text();
    const rows = journal.trim().split("\r\n");
    expect(rows[0]).toBe("entry,date,reference,description,account_code,account_name,debit,credit,external_ref,tax_code,tax_part,tax_base");
    expect(rows.slice(1).map((r) => r.split(",").slice(-3))).toEqual([
      ["V21", "", "3636.36"],
      ["", "", ""],
      ["V21", "1", "3636.36"],
    ]);

    const preview = await upload(b, "preview", journal);
    expect(preview.status, await preview.clone().text()).toBe(200);
    const done = await upload(b, "commit", journal);
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toMatchObject({ imported: 1 });
    const got = (await taxLines(b)).map((l) => [l.account_id, l.debit_amount, l.credit_amount, l.code, l.tax_part_no, l.tax_base]);
    expect(got).toEqual([
      [b.acc.equipment, "3636.36", "0.00", "V21", null, "3636.36"],
      [b.acc.bank, "0.00", "4400.00", null, null, null],
      [b.acc.vatIn, "763.64", "0.00", "V21", 1, "3636.36"],
    ]);
    const [entry] = await queryRows<{ status: string }>(
      t.ctx.db,
      sql`select status from journal_entries where organization_id = ${b.orgId}`,
    );
    expect(entry!.status).toBe("posted");
  });

  it("a file naming a code the books lack is refused, naming its line and column, and nothing is written", async () => {
    const before = (await taxLines(b)).length;
    const file = [
      "entry,date,description,account_code,debit,credit,tax_code",
      `X1,2026-03-12,Chair,${b.code.equipment},121.00,,ZZ9`,
      `X1,2026-03-12,Chair,${b.code.bank},,121.00,`,
    ].join("\n");
    const res = await upload(b, "commit", file);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(res.status).toBe(400);
    expect(body.error).toBe('Line 2, column tax_code: Tax code "ZZ9" is not one of the books\' tax codes');
    expect(Object.keys(body.fields)).toEqual(["rows.2.tax_code"]);
    expect((await taxLines(b)).length).toBe(before);
  });

  it("a file with codes and no tax parts has its tax taken out of the taxed lines (the amounts as posted balance)", async () => {
    const file = [
      "entry,date,description,account_code,debit,credit,tax_code",
      `X2,2026-03-13,Desk,${b.code.equipment},121.00,,v21`,
      `X2,2026-03-13,Desk,${b.code.bank},,121.00,`,
    ].join("\n");
    const res = await upload(b, "commit", file);
    expect(res.status, await res.clone().text()).toBe(200);
    const got = (await taxLines(b)).slice(-3).map((l) => [l.account_id, l.debit_amount, l.credit_amount, l.code, l.tax_part_no]);
    expect(got).toEqual([
      [b.acc.equipment, "100.00", "0.00", "V21", null],
      [b.acc.bank, "0.00", "121.00", null, null],
      [b.acc.vatIn, "21.00", "0.00", "V21", 1],
    ]);
  });
});
