import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { booksPath } from "../support/books.ts";
import { pdfText } from "../support/pdf.ts";
import type { DocumentDetails, PaymentResult } from "~/features/sales/sales.types.ts";
import type { FiledTaxReturn, TaxReturnLinesAnswer, TaxReturnReport } from "~/features/tax/tax-return.types.ts";

/*
 * Sales tax on the cash basis (decision 112 with the open items of decision 116), through the API: a US organization
 * with a Los Angeles County code (6 % state, 2.25 % county) invoices in October and is paid partly in October and partly
 * in November; a credit note, an invoice voided in November, a cash sale from the bank. The October and November
 * returns are compared with figures computed here from the documents and payments by the rule written in
 * tax-return-cash.server.ts (each payment's share of an invoice's base and tax, rounded cumulatively: the shares of
 * what is settled so far rounded, each payment taking the difference). October is filed: undoing an October
 * payment's allocation, or paying into October, is refused naming the return; the tax accounts reconcile with the
 * tax of the invoices still unpaid shown.
 */

interface Refusal {
  error: string;
  fields?: Record<string, string>;
}

const c = (d: string) => Math.round(Number(d) * 100);
const d = (cents: number) => (cents / 100).toFixed(2);
/** n ÷ den rounded half away from zero (integers). */
const roundDiv = (n: number, den: number) => Math.sign(n) * Math.floor((2 * Math.abs(n) + den) / (2 * den));
/** The tax on a base at a rate, rounded half away from zero to the cent. */
const taxOf = (base: number, rate: number) => roundDiv(base * rate * 100, 10000);

/** A document's taxed figures in cents: base, state and county tax, total owed; credit notes count negative. */
interface Doc {
  name: string;
  base: number;
  state: number;
  county: number;
  total: number;
  sign: 1 | -1;
  /** The day it is posted. */
  issued: string;
  /** Settlements in order: [date, amount in cents]. */
  paid: [string, number][];
}
const docOf = (name: string, issued: string, taxedBase: number, untaxed: number, sign: 1 | -1 = 1): Doc => {
  const state = taxOf(taxedBase, 6);
  const county = taxOf(taxedBase, 2.25);
  return { name, issued, base: taxedBase, state, county, total: taxedBase + untaxed + state + county, sign, paid: [] };
};

/** The document's share of base, state and county counted in from..to: cumulative rounding over its settlements. */
function counted(doc: Doc, from: string, to: string): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  let upto = 0;
  for (const [date, amount] of doc.paid) {
    const before = upto;
    upto += amount;
    if (date < from || date > to) continue;
    [doc.base, doc.state, doc.county].forEach((x, i) => {
      out[i]! += doc.sign * (roundDiv(x * upto, doc.total) - roundDiv(x * before, doc.total));
    });
  }
  return out;
}
/** The state and county tax of the document still unpaid on a day. */
function unpaidOn(doc: Doc, day: string): [number, number] {
  if (doc.issued > day) return [0, 0];
  const upto = doc.paid.filter(([date]) => date <= day).reduce((s, [, a]) => s + a, 0);
  return [doc.state, doc.county].map((x) => doc.sign * (x - roundDiv(x * upto, doc.total))) as [number, number];
}

describe("tax return on the cash basis", () => {
  let t: TestApp;
  let user: TestUser;
  let org: number;
  const acc: Record<string, number> = {};
  let code: number;
  const docs: Record<string, Doc> = {};
  const ids: Record<string, DocumentDetails> = {};
  const cashSale = { base: 20000, state: taxOf(20000, 6), county: taxOf(20000, 2.25) };
  let aOctoberAllocation = 0;
  let bNovemberAllocation = 0;

  const call = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`${booksPath(org)}${path}`, { ...init, cookie: user.cookie });
  const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBeLessThan(300);
    return (text ? JSON.parse(text) : {}) as T;
  };
  const refused = async (res: Response | Promise<Response>, field: string) => {
    const r = await res;
    const body = (await r.json()) as Refusal;
    expect(r.status, JSON.stringify(body)).toBe(400);
    expect(Object.keys(body.fields ?? {}), JSON.stringify(body)).toContain(field);
    return body.fields![field]!;
  };
  const report = async (from: string, to: string) =>
    (await ok<{ tax_return: TaxReturnReport }>(call(`/tax-return?from=${from}&to=${to}`))).tax_return;
  const boxesOf = (r: TaxReturnReport) => Object.fromEntries(r.boxes.map((b) => [b.box, [b.base, b.tax]]));
  const contact = async (name: string) =>
    (await ok<{ contact: { id: number } }>(call("/contacts", { json: { name, payment_terms_days: 30 } }))).contact.id;
  const line = (description: string, quantity: string, unit_price: string, taxed = true) => ({
    description,
    quantity,
    unit_price,
    account_id: acc.revenue,
    tax_code_id: taxed ? code : null,
  });
  const invoice = async (kind: string, contact_id: number, issue_date: string, lines: unknown[], o: Record<string, unknown> = {}) => {
    const { document } = await ok<{ document: DocumentDetails }>(
      call("/documents", { json: { kind, contact_id, issue_date, lines, ...o } }),
    );
    return (await ok<{ document: DocumentDetails }>(call(`/documents/${document.id}/approve`, { method: "POST" }))).document;
  };
  const pay = async (name: string, contact_id: number, date: string, amount: number) => {
    const { payment } = await ok<{ payment: PaymentResult }>(
      call("/payments", {
        json: {
          contact_id,
          side: "receivable",
          direction: "in",
          date,
          account_id: acc.bank,
          amount: d(amount),
          allocations: [{ item_id: ids[name]!.item_id, amount: d(amount) }],
        },
      }),
    );
    docs[name]!.paid.push([date, amount]);
    const [a] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select a.id from allocations a join journal_entry_lines l on l.id = a.credit_line_id
           where l.journal_entry_id = ${payment.entry_id}`,
    );
    return Number(a!.id);
  };

  /** What the test computes for a period: boxes, and the due tax. */
  function expected(from: string, to: string) {
    const sum: [number, number, number] = [0, 0, 0];
    for (const doc of Object.values(docs)) counted(doc, from, to).forEach((x, i) => (sum[i]! += x));
    if (from <= "2026-10-15" && "2026-10-15" <= to) {
      sum[0] += cashSale.base;
      sum[1] += cashSale.state;
      sum[2] += cashSale.county;
    }
    return {
      boxes: { COUNTY: ["0.00", d(sum[2])], GROSS: [d(sum[0]), "0.00"], STATE: ["0.00", d(sum[1])], TAXABLE: [d(sum[0]), "0.00"] },
      state: sum[1],
      county: sum[2],
    };
  }
  const unpaid = (day: string) => {
    const sum = [0, 0];
    for (const doc of Object.values(docs)) unpaidOn(doc, day).forEach((x, i) => (sum[i]! += x));
    return { state: sum[0]!, county: sum[1]! };
  };

  beforeAll(async () => {
    t = await createTestApp();
    user = await createSignedInUser(t, { companyName: "Sunset Patio Supply Inc" });
    org = ((await (await t.request("/api/accounting/orgs", { cookie: user.cookie })).json()) as { organizations: { id: number }[] })
      .organizations[0]!.id;
    await ok(call("/sales/settings"));
    const { accounts } = await ok<{ accounts: { id: number; account_name: string; account_type: string }[] }>(call("/accounts"));
    const liability = async (account_code: string, account_name: string) =>
      (await ok<{ account: { id: number } }>(call("/accounts", { json: { account_code, account_name, account_type: "Liability" } })))
        .account.id;
    acc.bank = accounts.find((a) => a.account_type === "Asset")!.id;
    acc.revenue = accounts.find((a) => a.account_type === "Revenue")!.id;
    acc.state = await liability("2210", "California sales tax payable");
    acc.county = await liability("2211", "Los Angeles County sales tax payable");
    acc.authority = await liability("2219", "Due to the tax authority");
    const settings = await ok<{ settings: Record<string, string> }>(call("/tax-settings"));
    expect(settings.settings.tax_basis).toBe("invoice");
    await ok(call("/tax-settings", { method: "PUT", json: { ...settings.settings, tax_basis: "cash" } }));
    const made = await ok<{ tax_code: { id: number } }>(
      call("/tax-codes", {
        json: {
          code: "CA-LA",
          name: "Los Angeles County",
          kind: "output",
          base_boxes: ["GROSS", "TAXABLE"],
          parts: [
            { name: "California", rate: "6", role: "due", account_id: acc.state, boxes: ["STATE"] },
            { name: "Los Angeles County", rate: "2.25", role: "due", account_id: acc.county, boxes: ["COUNTY"] },
          ],
        },
      }),
    );
    code = made.tax_code.id;
    const alice = await contact("Alice Gardens");
    const bob = await contact("Bob's Patios");
    const carol = await contact("Carol Builds");
    const dave = await contact("Dave Decks");

    // October: four invoices (one with an untaxed delivery line), a cash sale at the counter, payments in part.
    ids.A = await invoice("invoice", alice, "2026-10-03", [line("Patio set", "1", "1000.00"), line("Delivery", "1", "45.00", false)]);
    docs.A = docOf("A", "2026-10-03", 100000, 4500);
    ids.B = await invoice("invoice", bob, "2026-10-08", [line("Loungers", "3", "333.33")]);
    docs.B = docOf("B", "2026-10-08", 99999, 0);
    ids.C = await invoice("invoice", carol, "2026-10-12", [line("Parasol", "1", "250.00")]);
    docs.C = docOf("C", "2026-10-12", 25000, 0);
    ids.D = await invoice("invoice", dave, "2026-10-20", [line("Deck oil", "1", "100.01")]);
    docs.D = docOf("D", "2026-10-20", 10001, 0);
    for (const k of ["A", "B", "C", "D"]) expect(ids[k]!.total, k).toBe(d(docs[k]!.total));
    await ok(
      call("/entries?post=true", {
        json: {
          description: "Counter sale",
          entry_date: "2026-10-15",
          lines: [
            { account_id: acc.bank, debit_amount: d(cashSale.base + cashSale.state + cashSale.county), credit_amount: "0" },
            { account_id: acc.revenue, debit_amount: "0", credit_amount: d(cashSale.base), tax_code_id: code },
          ],
        },
      }),
    );
    aOctoberAllocation = await pay("A", alice, "2026-10-20", 40000);
    await pay("D", dave, "2026-10-21", 3609);
    await pay("B", bob, "2026-10-25", 50000);
    await pay("D", dave, "2026-10-30", 3609);

    // November: Dave's last third, Carol's invoice voided, a credit note for Bob settling part of his invoice, Alice
    // pays the rest, Bob a part (the rest of his stays unpaid).
    await pay("D", dave, "2026-11-02", 3608);
    await ok(call(`/documents/${ids.C!.id}/void`, { json: { date: "2026-11-03" } }));
    docs.C!.paid.push(["2026-11-03", docs.C!.total]);
    docs.Cvoid = { ...docOf("C void", "2026-11-03", 25000, 0, -1), paid: [["2026-11-03", docs.C!.total]] };
    ids.CN = await invoice("credit_note", bob, "2026-11-05", [line("Lounger returned", "1", "100.00")], { credits_document_id: ids.B!.id });
    docs.CN = docOf("CN", "2026-11-05", 10000, 0, -1);
    expect(ids.CN.total).toBe(d(docs.CN.total));
    docs.CN.paid.push(["2026-11-05", docs.CN.total]);
    docs.B!.paid.push(["2026-11-05", docs.CN.total]);
    await pay("A", alice, "2026-11-10", docs.A.total - 40000);
    bNovemberAllocation = await pay("B", bob, "2026-11-15", 30000);
  });
  afterAll(() => t?.close());

  it("counts October's invoices as far as they were paid in October, and the cash sale on its day", async () => {
    const r = await report("2026-10-01", "2026-10-31");
    expect(r.basis).toBe("cash");
    const want = expected("2026-10-01", "2026-10-31");
    expect(boxesOf(r)).toEqual(want.boxes);
    expect([r.due, r.deductible, r.net]).toEqual([d(want.state + want.county), "0.00", d(want.state + want.county)]);
    // Far less than the invoice basis would say: Carol's invoice is not paid, the others in part.
    expect(c(r.net)).toBeLessThan(docs.A!.state + docs.B!.state + docs.C!.state + docs.D!.state);
    const la = r.codes.find((x) => x.code === "CA-LA")!;
    expect(la.parts.map((p) => [p.name, p.tax])).toEqual([
      ["California", d(want.state)],
      ["Los Angeles County", d(want.county)],
    ]);
  });

  it("counts November's payments, the credit note and the void (which nets to nothing)", async () => {
    const r = await report("2026-11-01", "2026-11-30");
    expect(boxesOf(r)).toEqual(expected("2026-11-01", "2026-11-30").boxes);
    // The void counts the invoice and its reversal on one day: nothing left of Carol's invoice in the month.
    const carol = await ok<TaxReturnLinesAnswer>(call("/tax-return/lines?from=2026-11-01&to=2026-11-30&box=STATE&limit=500"));
    const onVoid = carol.lines.filter((l) => l.settled_on === "2026-11-03");
    expect(onVoid).toHaveLength(2);
    expect(onVoid.reduce((s, l) => s + c(l.tax!), 0)).toBe(0);
  });

  it("gives a fully paid invoice's shares that add up to its tax exactly, the last payment taking the remainder", async () => {
    // Dave's 108.26 paid in three: 36.09, 36.09, 36.08. Cumulative rounding: 2.00 + 2.00 + 2.00 of the 6.00 state tax,
    // 33.34 + 33.34 + 33.33 of the 100.01 base.
    const lines = [
      ...(await ok<TaxReturnLinesAnswer>(call("/tax-return/lines?from=2026-10-01&to=2026-11-30&box=STATE&limit=500"))).lines,
      ...(await ok<TaxReturnLinesAnswer>(call("/tax-return/lines?from=2026-10-01&to=2026-11-30&box=GROSS&limit=500"))).lines,
    ].filter((l) => l.entry_id === ids.D!.journal_entry_id);
    const tax = lines.filter((l) => l.tax != null).map((l) => l.tax);
    const base = lines.filter((l) => l.tax == null).map((l) => l.base);
    expect(tax).toEqual(["2.00", "2.00", "2.00"]);
    expect(base).toEqual(["33.34", "33.34", "33.33"]);
    expect(lines.map((l) => l.settled_on)).toEqual(["2026-10-21", "2026-10-30", "2026-11-02", "2026-10-21", "2026-10-30", "2026-11-02"]);
    // Each invoice's pieces never add to more than its tax; paid in full, exactly it.
    for (const doc of Object.values(docs)) {
      const [base, state, county] = counted(doc, "2026-01-01", "2026-12-31");
      const full = doc.paid.reduce((s, [, a]) => s + a, 0) === doc.total;
      for (const [x, whole] of [
        [base, doc.base],
        [state, doc.state],
        [county, doc.county],
      ] as const) {
        expect(Math.abs(x)).toBeLessThanOrEqual(whole);
        if (full) expect(Math.abs(x), doc.name).toBe(whole);
      }
    }
  });

  it("lists the lines behind a box, a page at a time, adding up to the box", async () => {
    const r = await report("2026-10-01", "2026-10-31");
    let after: string | null = null;
    const seen: TaxReturnLinesAnswer["lines"] = [];
    do {
      const page: TaxReturnLinesAnswer = await ok<TaxReturnLinesAnswer>(
        call(`/tax-return/lines?from=2026-10-01&to=2026-10-31&box=COUNTY&limit=2${after ? `&after=${after}` : ""}`),
      );
      seen.push(...page.lines);
      after = page.next;
    } while (after);
    expect(seen.length).toBe(5);
    expect(d(seen.reduce((s, l) => s + c(l.tax!), 0))).toBe(r.boxes.find((b) => b.box === "COUNTY")!.tax);
    expect(seen[0]).toMatchObject({ entry_date: "2026-10-15", settled_on: null, allocation_id: null, tax: d(cashSale.county) });
    expect(seen.filter((l) => l.settled_on).map((l) => l.settled_on)).toEqual(["2026-10-20", "2026-10-21", "2026-10-25", "2026-10-30"]);
    // The same pieces behind each code's base and each part's base and tax ("By tax code").
    for (const x of r.codes) {
      const q = `/tax-return/lines?from=2026-10-01&to=2026-10-31&limit=500&code=${x.tax_code_id}`;
      const own = await ok<TaxReturnLinesAnswer>(call(q));
      expect(d(own.lines.reduce((s, l) => s + c(l.base!), 0))).toBe(x.base);
      for (const p of x.parts) {
        const part = await ok<TaxReturnLinesAnswer>(call(`${q}&part=${p.part_no}`));
        expect([d(part.lines.reduce((s, l) => s + c(l.base!), 0)), d(part.lines.reduce((s, l) => s + c(l.tax!), 0))]).toEqual([
          p.base,
          p.tax,
        ]);
      }
    }
  });

  it("reconciles each tax account: balance = return + tax on unpaid invoices, shown in the CSV and PDF", async () => {
    const r = await report("2026-10-01", "2026-10-31");
    const want = unpaid("2026-10-31");
    const state = r.reconciliation.find((a) => a.account_id === acc.state)!;
    const county = r.reconciliation.find((a) => a.account_id === acc.county)!;
    // Credits are negative: the unpaid tax is owed when paid.
    expect(state.cash).toEqual({ balance: state.movement, unpaid: d(-want.state), unpaid_start: "0.00", earlier: "0.00" });
    expect(county.cash).toEqual({ balance: county.movement, unpaid: d(-want.county), unpaid_start: "0.00", earlier: "0.00" });
    for (const a of [state, county]) {
      expect(a.difference).toBe("0.00");
      expect(c(a.cash!.balance)).toBe(c(a.return_tax) + c(a.cash!.unpaid));
    }
    // The accounts hold all of October's tax posted: the invoices' and the cash sale's.
    const posted = docs.A!.state + docs.B!.state + docs.C!.state + docs.D!.state + cashSale.state;
    expect(state.movement).toBe(d(-posted));
    const csv = await (await call("/tax-return.csv?from=2026-10-01&to=2026-10-31")).text();
    expect(csv).toContain('Basis,,"Cash basis: the tax of an invoice or bill counts when it is paid');
    expect(csv).toContain(`Unpaid,${state.account_code},"Tax on unpaid invoices and bills, due when paid",${d(-want.state)}`);
    const pdf = pdfText(Buffer.from(await (await call("/tax-return.pdf?from=2026-10-01&to=2026-10-31")).arrayBuffer()));
    expect(pdf).toContain("Tax on unpaid invoices and bills, due when paid");
    expect(pdf).toContain("Cash basis");
  });

  it("files October: settles the return's tax, not the unpaid; a payment's allocation in October stays", async () => {
    const before = await report("2026-10-01", "2026-10-31");
    const { tax_return: filed } = await ok<{ tax_return: FiledTaxReturn }>(
      call("/tax-returns", {
        json: { period_start: "2026-10-01", period_end: "2026-10-31", authority_account_id: acc.authority, name: "Sales tax 2026-10" },
      }),
    );
    expect(filed.net_amount).toBe(before.net);
    const after = await report("2026-10-01", "2026-10-31");
    expect(after.boxes).toEqual(before.boxes);
    const state = after.reconciliation.find((a) => a.account_id === acc.state)!;
    // The settlement dated on the 31st is left out of the balance shown for the period it settles.
    expect(state.cash!.balance).toBe(before.reconciliation.find((a) => a.account_id === acc.state)!.cash!.balance);

    const message = await refused(call(`/allocations/${aOctoberAllocation}/undo`, { method: "POST" }), "allocated_on");
    expect(message).toContain("Sales tax 2026-10 (2026-10-01 to 2026-10-31) is filed");
    const { document: b } = await ok<{ document: DocumentDetails }>(call(`/documents/${ids.B!.id}`));
    const late = call("/payments", {
      json: {
        contact_id: b.contact_id,
        side: "receivable",
        direction: "in",
        date: "2026-10-31",
        account_id: acc.bank,
        amount: "10.00",
        allocations: [{ item_id: b.item_id, amount: "10.00" }],
      },
    });
    expect(await refused(late, "date")).toContain("Sales tax 2026-10 (2026-10-01 to 2026-10-31) is filed");
    expect((await report("2026-10-01", "2026-10-31")).boxes).toEqual(before.boxes);

    // The basis the return was counted on stays: a switch back to invoices is refused, the other settings still change.
    const { settings } = await ok<{ settings: Record<string, string> }>(call("/tax-settings"));
    const basis = await refused(call("/tax-settings", { method: "PUT", json: { ...settings, tax_basis: "invoice" } }), "tax_basis");
    expect(basis).toBe(
      "Returns are filed on the cash basis (the last: Sales tax 2026-10, 2026-10-01 to 2026-10-31): the tax basis cannot change once a return is filed",
    );
    const rounding = settings.tax_rounding === "line" ? "document" : "line";
    await ok(call("/tax-settings", { method: "PUT", json: { ...settings, tax_rounding: rounding } }));
    await ok(call("/tax-settings", { method: "PUT", json: settings }));
    expect((await ok<{ settings: Record<string, string> }>(call("/tax-settings"))).settings).toEqual(settings);
  });

  it("after October is filed, November's accounts reconcile too; undoing a November allocation moves November only", async () => {
    const r = await report("2026-11-01", "2026-11-30");
    const start = unpaid("2026-10-31");
    const end = unpaid("2026-11-30");
    const state = r.reconciliation.find((a) => a.account_id === acc.state)!;
    expect(state.cash).toMatchObject({ unpaid_start: d(-start.state), unpaid: d(-end.state), earlier: "0.00" });
    expect(state.difference).toBe("0.00");
    expect(c(state.cash!.balance)).toBe(c(state.return_tax) + c(state.cash!.unpaid));
    // Balance on the 30th: the tax of the unpaid invoices, and November's return; October's was settled.
    const [row] = await queryRows<{ balance: string }>(
      t.ctx.db,
      sql`select coalesce(sum(l.debit_amount - l.credit_amount), 0)::text as balance
            from journal_entry_lines l join journal_entries e on e.id = l.journal_entry_id
           where l.account_id = ${acc.state} and e.status = 'posted' and e.entry_date <= '2026-11-30'`,
    );
    expect(row!.balance).toBe(state.cash!.balance);

    await ok(call(`/allocations/${bNovemberAllocation}/undo`, { method: "POST" }));
    const piece = counted(docs.B!, "2026-11-15", "2026-11-15");
    docs.B!.paid = docs.B!.paid.filter(([date]) => date !== "2026-11-15");
    const again = await report("2026-11-01", "2026-11-30");
    expect(boxesOf(again)).toEqual(expected("2026-11-01", "2026-11-30").boxes);
    expect(c(again.boxes.find((b) => b.box === "STATE")!.tax)).toBe(c(r.boxes.find((b) => b.box === "STATE")!.tax) - piece[1]);
    const moved = again.reconciliation.find((a) => a.account_id === acc.state)!;
    expect(moved.cash!.unpaid).toBe(d(-unpaid("2026-11-30").state));
    expect(moved.difference).toBe("0.00");
  });
});
