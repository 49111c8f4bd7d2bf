import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankLine } from "~/features/bank/bank.types.ts";
import type { TaxReturnReport } from "~/features/tax/tax-return.types.ts";
import { queryRows } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * A Belgian landscaper's November 2024 from the bank's own camt.053 statement (268 lines, ../shared/fixtures): a sale
 * at 21 %, purchases at 21 % and 6 %, an intra-EU acquisition (reverse charge), one line split over 21 % and 6 %, and a
 * mower bought on credit booked by hand; the return's boxes are computed here from the amounts, by plain arithmetic,
 * and compared; the return is filed, its tax accounts settle to zero, and a tax-coded line in November is refused.
 */

const STATEMENT = new URL("../../../shared/fixtures/bank/camt/subite-BE68793230773034-202411.xml", import.meta.url);

/** The VAT inside a gross amount at a rate, in cents, half away from zero. */
const taxInside = (gross: bigint, rate: bigint) => (gross * rate * 2n + (100n + rate)) / (2n * (100n + rate));
const cents = (amount: string) => BigInt(amount.replace(".", ""));
const text = (c: bigint) => `${c < 0n ? "-" : ""}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, "0")}`;

describe("a Belgian month from a real statement, to a filed VAT return", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: string;
  let bank: string;
  let orgId: number;
  let codes: Record<string, number>;
  let acc: Record<string, number>;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}) => t.request(path, { ...init, cookie: owner.cookie });
  const ok = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(body)}`);
    return body;
  };
  let lines: BankLine[];
  const line = (booked: string, amount: string) => {
    const found = lines.filter((l) => l.date === booked && l.amount === amount);
    expect(found, `${booked} ${amount}`).toHaveLength(1);
    return found[0]!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Groen Tuinen BV" });
    books = await firstBooks(t)(owner.cookie);
    orgId = Number(books.split("/").pop());
    await ok(call(`${books}/currency`, { method: "PUT", json: { currency: "EUR" } }));
    await ok(call(`${books}/tax-codes/presets/be-vat`, { method: "POST" }));
    const { tax_codes } = await ok<{ tax_codes: { id: number; code: string }[] }>(call(`${books}/tax-codes`));
    codes = Object.fromEntries(tax_codes.map((c) => [c.code, c.id]));
    const add = async (account_code: string, account_name: string, account_type: string) =>
      (await ok<{ account: { id: number } }>(call(`${books}/accounts`, { json: { account_code, account_name, account_type } }), 201)).account.id;
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(call(`${books}/accounts`));
    acc = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
    acc.bank = await add("1015", "KBC current account", "Asset");
    acc.authority = await add("2390", "VAT owed to the FPS Finance", "Liability");
    const created = await ok<{ account: { id: number } }>(
      call(`/api/bank/${orgId}/accounts`, { json: { name: "KBC", kind: "bank", account_id: acc.bank, currency: "EUR" } }),
      201,
    );
    bank = `/api/bank/${orgId}/accounts/${created.account.id}`;
    const upload = await call(`${bank}/statements?name=BE68793230773034-202411.xml`, {
      method: "POST",
      body: new Uint8Array(readFileSync(STATEMENT)),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    lines = [];
    for (let page = 1; page <= 3; page++) lines.push(...(await ok<{ lines: BankLine[] }>(call(`${bank}/lines?show=all&page=${page}`))).lines);
    expect(lines).toHaveLength(268);
  });
  afterAll(() => t.close());

  const sale = { date: "2024-11-29", amount: "50000.00" };
  const services21 = { date: "2024-11-29", amount: "-1150.70" };
  const goods6 = { date: "2024-11-29", amount: "-941.80" };
  const intraEu = { date: "2024-11-28", amount: "-1500.00" };
  const split = { date: "2024-11-28", amount: "-368.90", at21: "200.00", at6: "168.90" };
  const mower = "4400.00";

  it("books the month from the bank screen's calls and by hand", async () => {
    const categorize = (at: { date: string; amount: string }, account_id: number, code: string) =>
      ok(call(`${bank}/categorize`, { json: { bank_line_ids: [line(at.date, at.amount)], account_id, tax_code_id: codes[code] } }), 201);
    await categorize(sale, acc["4000"]!, "BE-S21");
    await categorize(services21, acc["6200"]!, "BE-P21S");
    await categorize(goods6, acc["5000"]!, "BE-P06S");
    await categorize(intraEu, acc["5000"]!, "BE-ICA21");
    await ok(
      call(`${bank}/split`, {
        json: {
          bank_line_id: line(split.date, split.amount),
          splits: [
            { account_id: acc["6200"], amount: split.at21, tax_code_id: codes["BE-P21S"] },
            { account_id: acc["5000"], amount: split.at6, tax_code_id: codes["BE-P06S"] },
          ],
        },
      }),
      201,
    );
    // The mower, bought on credit, typed in the journal with the VAT inside.
    await ok(
      call(`${books}/entries?post=true`, {
        json: {
          description: "Ride-on mower, invoice 2024-1187",
          entry_date: "2024-11-15",
          tax_amounts: "inclusive",
          lines: [
            { account_id: acc["1500"], debit_amount: mower, credit_amount: "0", tax_code_id: codes["BE-P21I"] },
            { account_id: acc["2000"], debit_amount: "0", credit_amount: mower },
          ],
        },
      }),
      201,
    );
  });

  it("adds up to the boxes computed from the amounts, and the tax accounts agree with the return", async () => {
    const { tax_return: r } = await ok<{ tax_return: TaxReturnReport }>(call(`${books}/tax-return?from=2024-11-01&to=2024-11-30`));
    const gross = (a: string) => (cents(a) < 0n ? -cents(a) : cents(a));
    const saleTax = taxInside(gross(sale.amount), 21n);
    const at21 = [gross(services21.amount), cents(split.at21)];
    const at6 = [gross(goods6.amount), cents(split.at6)];
    const mowerTax = taxInside(cents(mower), 21n);
    expect(mowerTax).toBe(76364n); // 4,400.00 = 3,636.36 + 763.64
    const tax21 = at21.map((g) => taxInside(g, 21n));
    const tax6 = at6.map((g) => taxInside(g, 6n));
    const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
    const reverse = (gross(intraEu.amount) * 21n) / 100n;
    const base82 = sum(at21) - sum(tax21) + sum(at6) - sum(tax6) + gross(intraEu.amount);
    const deductible = sum(tax21) + sum(tax6) + reverse + mowerTax;
    expect(Object.fromEntries(r.boxes.map((b) => [b.box, [b.base, b.tax]]))).toEqual({
      "03": [text(gross(sale.amount) - saleTax), "0.00"],
      "54": ["0.00", text(saleTax)],
      "55": ["0.00", text(reverse)],
      "59": ["0.00", text(deductible)],
      "82": [text(base82), "0.00"],
      "83": [text(cents(mower) - mowerTax), "0.00"],
      "86": [text(gross(intraEu.amount)), "0.00"],
    });
    expect(r.net).toBe(text(saleTax + reverse - deductible));
    expect(r.reconciliation.length).toBeGreaterThanOrEqual(3);
    expect(r.reconciliation.map((a) => a.difference)).toEqual(r.reconciliation.map(() => "0.00"));
  });

  it("files the return: the tax accounts settle to zero, and a tax-coded line in November is refused naming it", async () => {
    const { tax_return: before } = await ok<{ tax_return: TaxReturnReport }>(call(`${books}/tax-return?from=2024-11-01&to=2024-11-30`));
    await ok(
      call(`${books}/tax-returns`, { json: { period_start: "2024-11-01", period_end: "2024-11-30", authority_account_id: acc.authority } }),
      201,
    );
    const balances = await queryRows<{ b: string }>(
      t.ctx.db,
      sql`select sum(l.debit_amount - l.credit_amount)::text as b
            from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
           where l.organization_id = ${orgId} and e.status = 'posted' and e.entry_date <= '2024-11-30'
             and l.account_id in (select account_id from tax_code_parts where organization_id = ${orgId})
           group by l.account_id`,
    );
    expect(balances.map((x) => x.b)).toEqual(balances.map(() => "0.00"));
    const authority = await queryRows<{ b: string }>(
      t.ctx.db,
      sql`select sum(credit_amount - debit_amount)::text as b from journal_entry_lines where account_id = ${acc.authority}`,
    );
    expect(authority[0]!.b).toBe(before.net);
    const late = await call(`${bank}/categorize`, {
      json: { bank_line_ids: [line("2024-11-29", "-131.70")], account_id: acc["6200"], tax_code_id: codes["BE-P21S"] },
    });
    const body = (await late.json()) as { error: string };
    expect(late.status, JSON.stringify(body)).toBe(400);
    expect(body.error).toContain("(2024-11-01 to 2024-11-30) is filed");
  });
});
