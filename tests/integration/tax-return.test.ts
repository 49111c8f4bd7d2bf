import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";
import { pdfText } from "../support/pdf.ts";
import type { TaxReturnReport, TaxReturnLinesAnswer, FiledTaxReturn } from "~/features/tax/tax-return.types.ts";

/*
 * A period's tax return (decision 112): a Belgian month of purchases at 21 % and 6 %, an intra-EU reverse charge and a
 * sale at 21 %, and a US month of sales in two counties; the boxes are computed here from the amounts posted, by
 * plain arithmetic, and compared with the return's. Then the Belgian month is filed: settled to the authority,
 * closed to tax-coded lines, not filed twice, corrected in the next return, and summarized in the month-end pack.
 */

interface Refusal {
  error: string;
  fields?: Record<string, string>;
}
type Org = { id: number; user: TestUser; acc: Record<string, number> };

/** Cents of a decimal string, and back. */
const c = (d: string) => Math.round(Number(d) * 100);
const d = (cents: number) => (cents / 100).toFixed(2);
/** The tax on a base at a rate, rounded half away from zero to the cent (per line). */
const taxOf = (base: string, rate: number) => Math.round((c(base) * rate) / 100);

describe("tax return", () => {
  let t: TestApp;
  let be: Org;
  let us: Org;
  const codes: Record<string, number> = {};

  const call = (org: Org, path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`${booksPath(org.id)}${path}`, { ...init, cookie: org.user.cookie });
  const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    expect(r.status, JSON.stringify(body)).toBeLessThan(300);
    return body;
  };
  const refused = async (res: Response | Promise<Response>, field: string) => {
    const r = await res;
    const body = (await r.json()) as Refusal;
    expect(r.status, JSON.stringify(body)).toBe(400);
    expect(Object.keys(body.fields ?? {})).toContain(field);
    return body.fields![field]!;
  };
  const report = async (org: Org, from: string, to: string) =>
    (await ok<{ tax_return: TaxReturnReport }>(call(org, `/tax-return?from=${from}&to=${to}`))).tax_return;
  const boxesOf = (r: TaxReturnReport, group: "boxes" | "corrections" = "boxes") =>
    Object.fromEntries((group === "boxes" ? r.boxes : r.corrections).map((b) => [b.box, [b.base, b.tax]]));

  async function org(company: string): Promise<Org> {
    const user = await createSignedInUser(t, { companyName: company });
    const orgs = (await (await t.request("/api/accounting/orgs", { cookie: user.cookie })).json()) as { organizations: { id: number }[] };
    const id = orgs.organizations[0]!.id;
    const list = (await (await t.request(`${booksPath(id)}/accounts`, { cookie: user.cookie })).json()) as {
      accounts: { id: number; account_type: string }[];
    };
    const byType = (type: string, n = 0) => list.accounts.filter((a) => a.account_type === type)[n]!.id;
    return {
      id,
      user,
      acc: {
        bank: byType("Asset"),
        vatIn: byType("Asset", 1),
        expense: byType("Expense"),
        revenue: byType("Revenue"),
        vatOut: byType("Liability"),
        authority: byType("Liability", 1),
        county: byType("Liability", 2),
      },
    };
  }
  async function code(
    o: Org,
    name: string,
    kind: string,
    appliesTo: string,
    baseBoxes: string[],
    parts: [string, number, string, string, string[]][],
  ) {
    const [row] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into tax_codes (organization_id, code, name, kind, applies_to, base_boxes)
          values (${o.id}, ${name}, ${name}, ${kind}, ${appliesTo}, ${`{${baseBoxes.join(",")}}`}::text[]) returning id`,
    );
    for (const [i, [partName, account, role, rate, boxes]] of parts.entries())
      await t.ctx.db.execute(
        sql`insert into tax_code_parts (organization_id, tax_code_id, part_no, name, rate, role, account_id, boxes)
            values (${o.id}, ${row!.id}, ${i + 1}, ${partName}, ${rate}::numeric, ${role}, ${account}, ${`{${boxes.join(",")}}`}::text[])`,
      );
    codes[name] = Number(row!.id);
  }
  /** A purchase typed without its tax (the books' default): the expense with its code, the bank paying base and tax. */
  const purchase = (o: Org, date: string, base: string, tax: number, taxCode: string) =>
    ok<{ entry: { id: number } }>(
      call(o, "/entries?post=true", {
        json: {
          description: `Purchase ${taxCode}`,
          entry_date: date,
          lines: [
            { account_id: o.acc.expense, debit_amount: base, credit_amount: "0", tax_code_id: codes[taxCode] },
            { account_id: o.acc.bank, debit_amount: "0", credit_amount: d(c(base) + tax) },
          ],
        },
      }),
    );
  const sale = (o: Org, date: string, base: string, tax: number, taxCode: string) =>
    ok<{ entry: { id: number } }>(
      call(o, "/entries?post=true", {
        json: {
          description: `Sale ${taxCode}`,
          entry_date: date,
          lines: [
            { account_id: o.acc.bank, debit_amount: d(c(base) + tax), credit_amount: "0" },
            { account_id: o.acc.revenue, debit_amount: "0", credit_amount: base, tax_code_id: codes[taxCode] },
          ],
        },
      }),
    );

  // The Belgian month's amounts, and what each box must hold.
  const bePurchases21 = ["1000.00", "333.33"];
  const bePurchase6 = "250.00";
  const beReverse = "400.00";
  const beSale = "2000.00";
  let firstPurchase = 0;

  beforeAll(async () => {
    t = await createTestApp();
    be = await org("Groen Tuinen BV");
    us = await org("Sunset Supply Inc");
    await code(be, "BE-V21", "input", "purchases", ["82"], [["VAT 21%", be.acc.vatIn!, "deductible", "21", ["59"]]]);
    await code(be, "BE-V06", "input", "purchases", ["81"], [["VAT 6%", be.acc.vatIn!, "deductible", "6", ["59"]]]);
    await code(
      be,
      "BE-ICS21",
      "reverse_charge",
      "purchases",
      ["88"],
      [
        ["VAT due 21%", be.acc.vatOut!, "due", "21", ["55"]],
        ["VAT deductible 21%", be.acc.vatIn!, "deductible", "21", ["59"]],
      ],
    );
    await code(be, "BE-S21", "output", "sales", ["03"], [["VAT 21%", be.acc.vatOut!, "due", "21", ["54"]]]);
    await code(
      us,
      "CA-LA",
      "output",
      "sales",
      ["GROSS", "TAXABLE"],
      [
        ["California", us.acc.vatOut!, "due", "6", ["STATE"]],
        ["Los Angeles County", us.acc.county!, "due", "2.25", ["COUNTY"]],
      ],
    );
    await code(
      us,
      "CA-SD",
      "output",
      "sales",
      ["GROSS", "TAXABLE"],
      [
        ["California", us.acc.vatOut!, "due", "6", ["STATE"]],
        ["San Diego County", us.acc.county!, "due", "1.75", ["COUNTY"]],
      ],
    );

    firstPurchase = (await purchase(be, "2026-11-04", bePurchases21[0]!, taxOf(bePurchases21[0]!, 21), "BE-V21")).entry.id;
    await purchase(be, "2026-11-12", bePurchases21[1]!, taxOf(bePurchases21[1]!, 21), "BE-V21");
    await purchase(be, "2026-11-15", bePurchase6, taxOf(bePurchase6, 6), "BE-V06");
    await purchase(be, "2026-11-18", beReverse, 0, "BE-ICS21");
    await sale(be, "2026-11-25", beSale, taxOf(beSale, 21), "BE-S21");
    // Outside the month: not in its return.
    await sale(be, "2026-10-31", "100.00", taxOf("100.00", 21), "BE-S21");

    await sale(us, "2026-11-03", "1000.00", taxOf("1000.00", 6) + taxOf("1000.00", 2.25), "CA-LA");
    await sale(us, "2026-11-09", "500.00", taxOf("500.00", 6) + taxOf("500.00", 1.75), "CA-SD");
    // Posted to the state's account without a code: the reconciliation shows it.
    await ok(
      call(us, "/entries?post=true", {
        json: {
          description: "State tax adjustment",
          entry_date: "2026-11-20",
          lines: [
            { account_id: us.acc.expense, debit_amount: "10.00", credit_amount: "0" },
            { account_id: us.acc.vatOut, debit_amount: "0", credit_amount: "10.00" },
          ],
        },
      }),
    );
  });
  afterAll(() => t.close());

  it("adds up the Belgian month box by box", async () => {
    const r = await report(be, "2026-11-01", "2026-11-30");
    const base21 = bePurchases21.reduce((s, b) => s + c(b), 0);
    const deductible = bePurchases21.reduce((s, b) => s + taxOf(b, 21), 0) + taxOf(bePurchase6, 6) + taxOf(beReverse, 21);
    const due = taxOf(beSale, 21) + taxOf(beReverse, 21);
    expect(boxesOf(r)).toEqual({
      "03": [beSale, "0.00"],
      "54": ["0.00", d(taxOf(beSale, 21))],
      "55": ["0.00", d(taxOf(beReverse, 21))],
      "59": ["0.00", d(deductible)],
      "81": [bePurchase6, "0.00"],
      "82": [d(base21), "0.00"],
      "88": [beReverse, "0.00"],
    });
    expect(r.boxes.find((b) => b.box === "54")?.label).toBe("VAT due on operations in boxes 01, 02 and 03");
    expect([r.due, r.deductible, r.net]).toEqual([d(due), d(deductible), d(due - deductible)]);
    expect(r.corrections).toEqual([]);
    expect(r.line_count).toBe(5 * 2 + 1);
    // The tax accounts moved by what the return says, nothing else.
    expect(r.reconciliation.filter((a) => a.return_tax !== "0.00").map((a) => [a.account_id, a.movement, a.difference])).toEqual(
      expect.arrayContaining([
        [be.acc.vatIn, d(deductible), "0.00"],
        [be.acc.vatOut, d(-due), "0.00"],
      ]),
    );
  });

  it("adds up a US month per jurisdiction, and shows what was posted to a tax account without a code", async () => {
    const r = await report(us, "2026-11-01", "2026-11-30");
    const state = taxOf("1000.00", 6) + taxOf("500.00", 6);
    const county = taxOf("1000.00", 2.25) + taxOf("500.00", 1.75);
    expect(boxesOf(r)).toEqual({
      COUNTY: ["0.00", d(county)],
      GROSS: ["1500.00", "0.00"],
      STATE: ["0.00", d(state)],
      TAXABLE: ["1500.00", "0.00"],
    });
    expect(r.boxes.map((b) => b.label)).toEqual(["County sales tax", "Total sales", "State sales tax", "Taxable sales"]);
    expect(r.net).toBe(d(state + county));
    const la = r.codes.find((x) => x.code === "CA-LA")!;
    expect(la.parts.map((p) => [p.name, p.base, p.tax])).toEqual([
      ["California", "1000.00", d(taxOf("1000.00", 6))],
      ["Los Angeles County", "1000.00", d(taxOf("1000.00", 2.25))],
    ]);
    const stateAccount = r.reconciliation.find((a) => a.account_id === us.acc.vatOut)!;
    expect([stateAccount.movement, stateAccount.return_tax, stateAccount.difference]).toEqual([d(-state - 1000), d(-state), "-10.00"]);
  });

  it("lists the lines behind a box, a page at a time", async () => {
    const q = "from=2026-11-01&to=2026-11-30&box=59";
    const first = await ok<TaxReturnLinesAnswer>(call(be, `/tax-return/lines?${q}&limit=2`));
    expect(first.lines.map((l) => l.tax)).toEqual([d(taxOf("1000.00", 21)), d(taxOf("333.33", 21))]);
    expect(first.lines[0]).toMatchObject({ entry_date: "2026-11-04", base: "1000.00", tax_code: "BE-V21" });
    const rest = await ok<TaxReturnLinesAnswer>(call(be, `/tax-return/lines?${q}&after=${first.next}`));
    expect(rest.lines.map((l) => l.tax)).toEqual([d(taxOf(bePurchase6, 6)), d(taxOf(beReverse, 21))]);
    expect(rest.next).toBeNull();
    const sales = await ok<TaxReturnLinesAnswer>(call(be, `/tax-return/lines?from=2026-11-01&to=2026-11-30&box=03`));
    expect(sales.lines.map((l) => [l.base, l.tax])).toEqual([[beSale, null]]);
  });

  it("lists the lines behind a tax code's base and behind each of its parts, adding up to the return's figures", async () => {
    const q = `from=2026-11-01&to=2026-11-30&code=${codes["CA-SD"]}`;
    const base = await ok<TaxReturnLinesAnswer>(call(us, `/tax-return/lines?${q}`));
    expect(base.lines.map((l) => [l.entry_date, l.tax_code, l.base, l.tax])).toEqual([["2026-11-09", "CA-SD", "500.00", null]]);
    const county = await ok<TaxReturnLinesAnswer>(call(us, `/tax-return/lines?${q}&part=2`));
    expect(county.lines.map((l) => [l.base, l.tax])).toEqual([["500.00", d(taxOf("500.00", 1.75))]]);
    // Each code's and part's lines add up to its figures in the return's "By tax code".
    const r = await report(us, "2026-11-01", "2026-11-30");
    for (const x of r.codes) {
      const own = await ok<TaxReturnLinesAnswer>(call(us, `/tax-return/lines?from=2026-11-01&to=2026-11-30&code=${x.tax_code_id}`));
      expect(d(own.lines.reduce((s, l) => s + c(l.base!), 0))).toBe(x.base);
      for (const p of x.parts) {
        const part = await ok<TaxReturnLinesAnswer>(
          call(us, `/tax-return/lines?from=2026-11-01&to=2026-11-30&code=${x.tax_code_id}&part=${p.part_no}`),
        );
        expect([d(part.lines.reduce((s, l) => s + c(l.base!), 0)), d(part.lines.reduce((s, l) => s + c(l.tax!), 0))]).toEqual([
          p.base,
          p.tax,
        ]);
      }
    }
    // Another organization's code has no line here; a box and a code together, or a part alone, are named.
    const other = await ok<TaxReturnLinesAnswer>(call(be, `/tax-return/lines?${q}`));
    expect(other.lines).toEqual([]);
    expect(await refused(call(us, `/tax-return/lines?${q}&box=COUNTY`), "box")).toBe("Box or code is required, not both");
    expect(await refused(call(us, "/tax-return/lines?from=2026-11-01&to=2026-11-30"), "box")).toBe("Box or code is required, not both");
    expect(await refused(call(us, "/tax-return/lines?from=2026-11-01&to=2026-11-30&box=COUNTY&part=2"), "part")).toBe(
      "Part is a part of a code: code is required",
    );
  });

  it("answers the return as CSV and PDF; refuses a bad period naming the field", async () => {
    const csv = await call(be, "/tax-return.csv?from=2026-11-01&to=2026-11-30");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toContain("attachment");
    expect(await csv.text()).toContain('Box,54,"VAT due on operations in boxes 01, 02 and 03",0.00,420.00,');
    const pdf = await call(be, "/tax-return.pdf?from=2026-11-01&to=2026-11-30");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain("Tax return");
    expect(text).toContain("Net payable");
    expect(await refused(call(be, "/tax-return?from=2026-11-30&to=2026-11-01"), "from")).toBe("From must not be after To");
    expect(await refused(call(be, "/tax-return?from=2026-02-30&to=2026-11-01"), "from")).toBe("From must be a date as YYYY-MM-DD");
    expect(await refused(call(be, "/tax-return?from=2026-11-01"), "to")).toBe("To is required");
  });

  it("files the month: settles the tax accounts to the authority and keeps the PDF", async () => {
    const file = (json: unknown) => call(be, "/tax-returns", { json });
    const body = {
      period_start: "2026-11-01",
      period_end: "2026-11-30",
      authority_account_id: be.acc.authority,
      name: "VAT return 2026-11",
    };
    expect(await refused(file({ ...body, authority_account_id: 999_999 }), "authority_account_id")).toBe("Account not found or inactive");
    expect(await refused(file({ ...body, period_start: "2026-12-01" }), "period_start")).toBe(
      "Period start must not be after the period end",
    );
    expect(await refused(file({ ...body, period_start: "2026-10-01", period_end: "2026-10-30" }), "period_start")).toBe(
      "Nothing to file: no tax-coded line in the period",
    );
    const before = await report(be, "2026-11-01", "2026-11-30");
    const { tax_return: filed } = await ok<{ tax_return: FiledTaxReturn }>(file(body));
    expect(filed).toMatchObject({ name: "VAT return 2026-11", net_amount: before.net, period_end: "2026-11-30" });
    expect(filed.settlement_entry_number).toBeTruthy();

    // The tax accounts are back to zero for the month; the net went to the authority.
    const balances = await queryRows<{ account_id: number; balance: string }>(
      t.ctx.db,
      sql`select l.account_id, sum(l.debit_amount - l.credit_amount)::text as balance
            from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
           where e.organization_id = ${be.id} and e.status = 'posted' and e.entry_date between '2026-11-01' and '2026-11-30'
             and l.account_id in (${be.acc.vatIn}, ${be.acc.vatOut}, ${be.acc.authority})
           group by l.account_id`,
    );
    const balance = Object.fromEntries(balances.map((b) => [Number(b.account_id), b.balance]));
    expect(balance[be.acc.vatIn!]).toBe("0.00");
    expect(balance[be.acc.vatOut!]).toBe("0.00");
    expect(balance[be.acc.authority!]).toBe(d(-c(before.net)));
    // Settlement lines carry no tax code; the return as filed still reads the same.
    const after = await report(be, "2026-11-01", "2026-11-30");
    expect(after.boxes).toEqual(before.boxes);
    expect(after.reconciliation.every((a) => a.difference === "0.00")).toBe(true);

    const list = await ok<{ tax_returns: FiledTaxReturn[] }>(call(be, "/tax-returns"));
    expect(list.tax_returns.map((r) => r.id)).toEqual([filed.id]);
    const kept = await call(be, `/tax-returns/${filed.id}/pdf`);
    expect(kept.headers.get("content-disposition")).toBe('attachment; filename="tax_return_2026-11-01_2026-11-30.pdf"');
    const text = pdfText(Buffer.from(await kept.arrayBuffer()));
    expect(text).toContain("VAT return 2026-11");
    expect(text).toContain(`Settlement entry ${filed.settlement_entry_number}`);
    expect((await call(be, "/tax-returns/999999/pdf")).status).toBe(404);
  });

  it("refuses a tax-coded line in the filed month, naming the return, and an overlapping period", async () => {
    const res = call(be, "/entries?post=true", {
      json: {
        description: "Late invoice",
        entry_date: "2026-11-20",
        lines: [
          { account_id: be.acc.expense, debit_amount: "100.00", credit_amount: "0", tax_code_id: codes["BE-V21"] },
          { account_id: be.acc.bank, debit_amount: "0", credit_amount: "121.00" },
        ],
      },
    });
    expect(await refused(res, "entry_date")).toContain("VAT return 2026-11 (2026-11-01 to 2026-11-30) is filed");
    const overlap = call(be, "/tax-returns", {
      json: { period_start: "2026-11-15", period_end: "2026-12-15", authority_account_id: be.acc.authority },
    });
    expect(await refused(overlap, "period_start")).toBe(
      "The period overlaps the filed return VAT return 2026-11 (2026-11-01 to 2026-11-30)",
    );
  });

  it("reports the reversal of a filed month's entry in the next return as a correction", async () => {
    await ok(call(be, `/entries/${firstPurchase}/reverse`, { json: { entry_date: "2026-12-02" } }));
    const r = await report(be, "2026-12-01", "2026-12-31");
    expect(r.boxes).toEqual([]);
    expect(boxesOf(r, "corrections")).toEqual({ "59": ["0.00", d(-taxOf("1000.00", 21))], "82": ["-1000.00", "0.00"] });
    expect(r.net).toBe(d(taxOf("1000.00", 21)));
    const lines = await ok<TaxReturnLinesAnswer>(call(be, "/tax-return/lines?from=2026-12-01&to=2026-12-31&box=82&group=corrections"));
    expect(lines.lines.map((l) => l.base)).toEqual(["-1000.00"]);
  });

  it("adds a tax summary to the month-end pack of a month with tax-coded lines", async () => {
    const { pack } = await ok<{ pack: { id: number } }>(call(be, "/packs", { json: { month: "2026-11" } }));
    const text = pdfText(Buffer.from(await (await call(be, `/packs/${pack.id}/pdf`)).arrayBuffer()));
    expect(text).toContain("Tax summary");
    expect(text).toContain("Net payable");
    const { pack: september } = await ok<{ pack: { id: number } }>(call(be, "/packs", { json: { month: "2026-09" } }));
    expect(pdfText(Buffer.from(await (await call(be, `/packs/${september.id}/pdf`)).arrayBuffer()))).not.toContain("Tax summary");
  });

  it("refuses to file a period in the books' locked period, on the period end", async () => {
    await ok(call(be, "/lock", { method: "PUT", json: { lock_date: "2026-10-31", reason: "October closed" } }));
    const res = call(be, "/tax-returns", {
      json: { period_start: "2026-10-01", period_end: "2026-10-31", authority_account_id: be.acc.authority },
    });
    expect(await refused(res, "period_end")).toContain("The books are locked up to 2026-10-31");
    expect((await ok<{ tax_returns: FiledTaxReturn[] }>(call(be, "/tax-returns"))).tax_returns).toHaveLength(1);
  });
  it("lets a viewer read the return and its files but not file one; a stranger gets 404, no session 401", async () => {
    const viewer = await createSignedInUser(t, { companyName: "Looking On BV" });
    const stranger = await createSignedInUser(t, { companyName: "Elsewhere BV" });
    await addMember(t.ctx.db, be.id, viewer.id, "viewer");
    const as = (user: TestUser | null, path: string, init: RequestInit & { json?: unknown } = {}) =>
      t.request(`${booksPath(be.id)}${path}`, { ...init, cookie: user?.cookie });
    const period = "?from=2026-12-01&to=2026-12-31";
    const body = { period_start: "2026-12-01", period_end: "2026-12-31", authority_account_id: be.acc.authority };
    for (const path of [`/tax-return${period}`, `/tax-return.csv${period}`, "/tax-returns"]) {
      expect((await as(viewer, path)).status, path).toBe(200);
      expect((await as(stranger, path)).status, path).toBe(404);
      expect((await as(null, path)).status, path).toBe(401);
    }
    expect((await as(viewer, "/tax-returns", { json: body })).status).toBe(403);
    expect((await as(stranger, "/tax-returns", { json: body })).status).toBe(404);
    expect((await as(null, "/tax-returns", { json: body })).status).toBe(401);
  });
  it("lists the filed returns 20 a page, the latest period first; a bad page is named", async () => {
    const o = await org("Filing Monthly LLC");
    // Twenty-one filed months, 2024-01 to 2025-09, kept as filing keeps them (the list reads them, whatever their figures).
    await t.ctx.db.execute(
      sql`insert into tax_returns (organization_id, name, period_start, period_end, figures, net_amount, authority_account_id, file_name, sha256, pdf)
          select ${o.id}, 'Return ' || to_char(m, 'YYYY-MM'), m, (m + interval '1 month - 1 day')::date, '{}'::jsonb, 0, ${o.acc.authority},
                 'return.pdf', 'x', '\\x25'::bytea
            from generate_series('2024-01-01'::date, '2025-09-01'::date, interval '1 month') as m`,
    );
    type Page = { tax_returns: FiledTaxReturn[]; page: number; has_more: boolean };
    const first = await ok<Page>(call(o, "/tax-returns"));
    expect(first.tax_returns).toHaveLength(20);
    expect(first).toMatchObject({ page: 1, has_more: true });
    expect(first.tax_returns[0]!.name).toBe("Return 2025-09");
    expect(first.tax_returns[19]!.name).toBe("Return 2024-02");
    const second = await ok<Page>(call(o, "/tax-returns?page=2"));
    expect(second).toMatchObject({ page: 2, has_more: false });
    expect(second.tax_returns.map((r) => r.name)).toEqual(["Return 2024-01"]);
    expect(await refused(call(o, "/tax-returns?page=0"), "page")).toBe("Page must be at least 1");
  });
});
