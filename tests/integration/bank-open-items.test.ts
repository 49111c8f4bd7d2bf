import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import type { BankLineOpenItems, BankLineSettled } from "~/features/bank/bank-open-items.types.ts";
import type { AgingReport, DocumentDetails } from "~/features/sales/sales.types.ts";
import { bankCalls } from "../support/bank.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * Statement lines settled against open items (issue 42), through the API: a statement made here, its lines ranked
 * against the invoices and the bill, one line settling two invoices, one invoice paid by two lines (the second with a
 * bank fee written off), a bill paid; each bad input a 400 naming its field with nothing written; then the trial
 * balance and the aging against figures worked out here.
 */

const cents = (d: string) => Math.round(Number(d) * 100);

describe("bank lines settled against open items", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: string;
  let bankOrg: string;
  const { call, ok, openBank } = bankCalls(() => ({ t, user: owner, books, bankOrg }));
  let bank: { path: string; id: number; accountId: number };
  const acc = {} as Record<"revenue" | "supplies" | "fees" | "ar" | "ap" | "bank", { id: number; code: string }>;
  const line = {} as Record<"alice" | "bob1" | "paper" | "other" | "bob2", number>;
  const inv = {} as Record<"a1" | "a2" | "b3" | "c4", DocumentDetails>;
  let bill: DocumentDetails;
  const contacts = {} as Record<"alice" | "bob" | "carol" | "paper", number>;

  const org = () => Number(books.split("/").pop());
  const counts = async () =>
    (
      await queryRows<{ entries: number; allocations: number; matches: number }>(
        t.ctx.db,
        sql`select (select count(*)::integer from journal_entries where organization_id = ${org()}) as entries,
                   (select count(*)::integer from allocations where organization_id = ${org()}) as allocations,
                   (select count(*)::integer from bank_matches where organization_id = ${org()}) as matches`,
      )
    )[0]!;
  const openItems = (lineId: number, query = "") => ok<BankLineOpenItems>(call(`${bank.path}/lines/${lineId}/open-items${query}`));
  const settle = (lineId: number, json: unknown) => call(`${bank.path}/lines/${lineId}/settle`, { json });
  const refused = async (res: Promise<Response>, field: string) => {
    const r = await res;
    const body = (await r.json()) as { error: string; fields?: Record<string, string> };
    expect(r.status, JSON.stringify(body)).toBe(400);
    expect(Object.keys(body.fields ?? {}), JSON.stringify(body)).toContain(field);
    return body;
  };
  const document = async (
    kind: string,
    contact: number,
    date: string,
    amount: string,
    account: number,
    o: Record<string, unknown> = {},
  ) => {
    const { document: d } = await ok<{ document: DocumentDetails }>(
      call(`${books}/documents`, {
        json: {
          kind,
          contact_id: contact,
          issue_date: date,
          lines: [{ description: "Work", quantity: "1", unit_price: amount, account_id: account }],
          ...o,
        },
      }),
      201,
    );
    return (await ok<{ document: DocumentDetails }>(call(`${books}/documents/${d.id}/approve`, { method: "POST" }))).document;
  };
  const doc = async (id: number) => (await ok<{ document: DocumentDetails }>(call(`${books}/documents/${id}`))).document;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Settle Co" });
    books = await firstBooks(t)(owner.cookie);
    bankOrg = `/api/bank/${books.split("/").pop()}`;
    bank = await openBank("1090", "Settle bank");
    const { accounts } = await ok<{ accounts: { id: number; account_code: string; account_name: string; account_type: string }[] }>(
      call(`${books}/accounts`),
    );
    const pick = (name: keyof typeof acc, a: (typeof accounts)[number]) => (acc[name] = { id: a.id, code: a.account_code });
    pick(
      "revenue",
      accounts.find((a) => a.account_type === "Revenue")!,
    );
    const expenses = accounts.filter((a) => a.account_type === "Expense");
    pick("supplies", expenses[0]!);
    pick("fees", expenses[1]!);
    const { settings } = await ok<{ settings: { receivable_account_id: number; payable_account_id: number } }>(
      call(`${books}/sales/settings`),
    );
    pick(
      "ar",
      accounts.find((a) => a.id === settings.receivable_account_id)!,
    );
    pick(
      "ap",
      accounts.find((a) => a.id === settings.payable_account_id)!,
    );
    acc.bank = { id: bank.accountId, code: "1090" };
    const contact = async (name: string, o: Record<string, unknown> = {}) =>
      (await ok<{ contact: { id: number } }>(call(`${books}/contacts`, { json: { name, ...o } }), 201)).contact.id;
    contacts.alice = await contact("Alice Ltd");
    contacts.bob = await contact("Bob & Co");
    contacts.carol = await contact("Carol Bakery");
    contacts.paper = await contact("Paper Supplies", { is_customer: false, is_supplier: true });
    inv.a1 = await document("invoice", contacts.alice, "2026-03-02", "100.00", acc.revenue.id);
    inv.a2 = await document("invoice", contacts.alice, "2026-03-05", "250.00", acc.revenue.id);
    inv.b3 = await document("invoice", contacts.bob, "2026-03-06", "400.00", acc.revenue.id);
    // Carol owes 350.00 too, in one invoice: the same amount as Alice's two together.
    inv.c4 = await document("invoice", contacts.carol, "2026-03-07", "350.00", acc.revenue.id);
    bill = await document("bill", contacts.paper, "2026-03-03", "120.00", acc.supplies.id, { reference: "PS-7781" });
    expect([inv.a1.number, inv.a2.number, inv.b3.number, inv.c4.number, bill.number]).toEqual([
      "INV-0001",
      "INV-0002",
      "INV-0003",
      "INV-0004",
      "BILL-0001",
    ]);

    // The statement, made for the run.
    const rows: [keyof typeof line, string, string, string][] = [
      ["alice", "2026-03-20", "ALICE LTD PAYMENT INV-0001 INV-0002", "350.00"],
      ["bob1", "2026-03-21", "BOB AND CO PART PAYMENT", "150.00"],
      ["paper", "2026-03-25", "PAPER SUPPLIES PS7781", "-120.00"],
      ["other", "2026-03-26", "TRANSFER 88812", "75.00"],
      ["bob2", "2026-04-02", "Bob & Co inv 3 balance", "248.00"],
    ];
    const csv = `Date,Description,Amount\r\n${rows.map(([, d, text, a]) => `${d},${text},${a}`).join("\r\n")}\r\n`;
    await ok(call(`${bank.path}/statements?name=march.csv`, { method: "POST", body: csv }));
    const { lines } = await ok<{ lines: { id: number; description: string }[] }>(call(`${bank.path}/lines?show=all`));
    for (const [key, , text] of rows) line[key] = lines.find((l) => l.description === text)!.id;
  });
  afterAll(() => t?.close());

  it("ranks the open items: the invoices the text names adding up to the line, before an item of the same amount", async () => {
    const answer = await openItems(line.alice!);
    expect(answer.side).toBe("receivable");
    const [best, next] = answer.suggestions;
    expect(best).toMatchObject({
      contact_id: contacts.alice,
      allocations: [
        { item_id: inv.a1.item_id, amount: "100.00" },
        { item_id: inv.a2.item_id, amount: "250.00" },
      ],
      total: "350.00",
      reasons: ["amount", "reference", "contact"],
    });
    // Carol's one invoice of 350.00 comes after: the amount alone.
    expect(next).toMatchObject({
      contact_id: contacts.carol,
      allocations: [{ item_id: inv.c4.item_id, amount: "350.00" }],
      reasons: ["amount"],
    });
    expect(answer.items.map((i) => [i.document_number, i.open])).toEqual(
      expect.arrayContaining([
        ["INV-0001", "100.00"],
        ["INV-0002", "250.00"],
        ["INV-0004", "350.00"],
      ]),
    );
    // Money out settles payables: the bill its number names (written without its dash), by amount, reference and contact.
    const paper = await openItems(line.paper!);
    expect(paper.side).toBe("payable");
    expect(paper.suggestions[0]).toMatchObject({
      contact_id: contacts.paper,
      allocations: [{ item_id: bill.item_id, amount: "120.00" }],
      reasons: ["amount", "reference", "contact"],
    });
    // A contact's items, and a search.
    expect((await openItems(line.other!, `?contact_id=${contacts.bob}`)).items.map((i) => i.document_number)).toEqual(["INV-0003"]);
    expect((await openItems(line.other!, "?q=carol")).items.map((i) => i.document_number)).toEqual(["INV-0004"]);
    expect((await openItems(line.other!, "?q=inv-4")).items.map((i) => i.document_number)).toEqual(["INV-0004"]);
    // Bob's part payment: his invoice, as far as the line goes.
    expect((await openItems(line.bob1!)).suggestions[0]).toMatchObject({
      contact_id: contacts.bob,
      allocations: [{ item_id: inv.b3.item_id, amount: "150.00" }],
      reasons: ["contact"],
    });
  });

  it("one line settles two invoices: one payment, allocated to each, the line matched to its bank side", async () => {
    const settled = (await ok<BankLineSettled>(
      settle(line.alice!, {
        contact_id: contacts.alice,
        allocations: [
          { item_id: inv.a1.item_id, amount: "100.00" },
          { item_id: inv.a2.item_id, amount: "250.00" },
        ],
      }),
      201,
    )) as BankLineSettled;
    expect(settled.unallocated).toBe("0.00");
    expect([(await doc(inv.a1.id)).state, (await doc(inv.a2.id)).state]).toEqual(["paid", "paid"]);
    const { lines } = await ok<{ lines: { id: number; match_kind: string; matched: { entry_id: number; amount: string }[] }[] }>(
      call(`${bank.path}/lines?show=matched`),
    );
    expect(lines.find((l) => l.id === line.alice)).toMatchObject({
      match_kind: "categorized",
      matched: [{ entry_id: settled.entry_id, amount: "350.00" }],
    });
    // Matched: it is no longer to settle.
    const again = await settle(line.alice!, { contact_id: contacts.alice, allocations: [], keep_credit: true });
    expect(again.status).toBe(409);
  });

  it("refuses bad input with a 400 naming the field, and writes nothing", async () => {
    const before = await counts();
    // The sum not matching the line (unless the rest is kept as credit).
    expect(
      (
        await refused(
          settle(line.bob1!, { contact_id: contacts.bob, allocations: [{ item_id: inv.b3.item_id, amount: "100.00" }] }),
          "allocations",
        )
      ).fields!.allocations,
    ).toMatch(/50\.00 more/);
    await refused(
      settle(line.bob1!, { contact_id: contacts.bob, allocations: [{ item_id: inv.b3.item_id, amount: "150.01" }] }),
      "allocations",
    );
    // Beyond what is owed: 400.00 on INV-0003, 402.00 settled with a write-off.
    await refused(
      settle(line.bob1!, {
        contact_id: contacts.bob,
        allocations: [{ item_id: inv.b3.item_id, amount: "402.00" }],
        write_offs: [{ account_id: acc.fees!.id, amount: "252.00" }],
      }),
      "allocations.0.amount",
    );
    // Another contact's item, a paid one, another organization's.
    await refused(
      settle(line.bob1!, { contact_id: contacts.bob, allocations: [{ item_id: inv.c4.item_id, amount: "150.00" }] }),
      "allocations.0.item_id",
    );
    await refused(
      settle(line.bob1!, { contact_id: contacts.alice, allocations: [{ item_id: inv.a1.item_id, amount: "150.00" }] }),
      "allocations.0.amount",
    );
    const other = await createSignedInUser(t, { companyName: "Other Books" });
    const otherBooks = await firstBooks(t)(other.cookie);
    const oc = (
      (await (await t.request(`${otherBooks}/contacts`, { cookie: other.cookie, json: { name: "Zed" } })).json()) as {
        contact: { id: number };
      }
    ).contact.id;
    const { accounts } = (await (await t.request(`${otherBooks}/accounts`, { cookie: other.cookie })).json()) as {
      accounts: { id: number; account_type: string }[];
    };
    const od = (
      (await (
        await t.request(`${otherBooks}/documents`, {
          cookie: other.cookie,
          json: {
            kind: "invoice",
            contact_id: oc,
            issue_date: "2026-03-01",
            lines: [
              { description: "x", quantity: "1", unit_price: "150", account_id: accounts.find((a) => a.account_type === "Revenue")!.id },
            ],
          },
        })
      ).json()) as { document: { id: number } }
    ).document.id;
    const otherItem = (
      (await (await t.request(`${otherBooks}/documents/${od}/approve`, { cookie: other.cookie, method: "POST" })).json()) as {
        document: { item_id: number };
      }
    ).document.item_id;
    await refused(
      settle(line.bob1!, { contact_id: contacts.bob, allocations: [{ item_id: otherItem, amount: "150.00" }] }),
      "allocations.0.item_id",
    );
    // The other organization's contact; a write-off on the bank's own account; a bad amount.
    await refused(settle(line.bob1!, { contact_id: oc, allocations: [], keep_credit: true }), "contact_id");
    await refused(
      settle(line.bob1!, {
        contact_id: contacts.bob,
        allocations: [{ item_id: inv.b3.item_id, amount: "151.00" }],
        write_offs: [{ account_id: bank.accountId, amount: "1.00" }],
      }),
      "write_offs.0.account_id",
    );
    await refused(
      settle(line.bob1!, { contact_id: contacts.bob, allocations: [{ item_id: inv.b3.item_id, amount: "-150" }] }),
      "allocations.0.amount",
    );
    // Another organization cannot reach this line at all.
    const theirs = await t.request(`/api/bank/${otherBooks.split("/").pop()}/accounts/${bank.id}/lines/${line.bob1}/open-items`, {
      cookie: other.cookie,
    });
    expect(theirs.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it("one invoice paid by two lines, the second with a bank fee written off; a bill paid", async () => {
    await ok(settle(line.bob1!, { contact_id: contacts.bob, allocations: [{ item_id: inv.b3.item_id, amount: "150.00" }] }), 201);
    expect(await doc(inv.b3.id)).toMatchObject({ state: "partly_paid", owed: "250.00" });
    // The rest: the text names the invoice as "inv 3"; the bank kept 2.00.
    const ranked = await openItems(line.bob2!);
    expect(ranked.suggestions[0]).toMatchObject({
      contact_id: contacts.bob,
      allocations: [{ item_id: inv.b3.item_id, amount: "248.00" }],
      reasons: ["reference", "contact"],
    });
    await ok(
      settle(line.bob2!, {
        contact_id: contacts.bob,
        allocations: [{ item_id: inv.b3.item_id, amount: "250.00" }],
        write_offs: [{ account_id: acc.fees!.id, amount: "2.00", description: "Bank fee" }],
      }),
      201,
    );
    expect(await doc(inv.b3.id)).toMatchObject({ state: "paid", owed: "0.00" });
    expect((await doc(inv.b3.id)).payments.map((p) => [p.date, p.amount])).toEqual([
      ["2026-03-21", "150.00"],
      ["2026-04-02", "250.00"],
    ]);
    await ok(settle(line.paper!, { contact_id: contacts.paper, allocations: [{ item_id: bill.item_id, amount: "120.00" }] }), 201);
    expect((await doc(bill.id)).state).toBe("paid");
  });

  it("the trial balance and the aging agree with the statement and the documents", async () => {
    const { report } = await ok<{ report: { rows: { account_code: string; closing_debit: string; closing_credit: string }[] } }>(
      call(`${books}/reports/trial_balance?start=2000-01-01&end=2030-12-31`),
    );
    const tb = Object.fromEntries(
      report.rows
        .map((r) => [r.account_code, cents(r.closing_debit || "0") - cents(r.closing_credit || "0")] as const)
        .filter(([, v]) => v !== 0),
    );
    // Bank: 350 + 150 − 120 + 248; sales 100 + 250 + 400 + 350; Carol's 350 still owed; the bill; the fee.
    expect(tb).toEqual({
      [acc.bank!.code]: 62_800,
      [acc.revenue!.code]: -110_000,
      [acc.ar!.code]: 35_000,
      [acc.supplies!.code]: 12_000,
      [acc.fees!.code]: 200,
    });
    const { aging } = await ok<{ aging: AgingReport }>(call(`${books}/aging?side=receivable&as_of=2026-04-30`));
    expect(aging.rows.map((r) => [r.contact_name, r.total])).toEqual([["Carol Bakery", "350.00"]]);
    expect(aging.control_account.balance).toBe("350.00");
    // As of 2026-03-31 Bob still owed what the second line paid.
    const march = await ok<{ aging: AgingReport }>(call(`${books}/aging?side=receivable&as_of=2026-03-31`));
    expect(march.aging.rows.map((r) => [r.contact_name, r.total])).toEqual([
      ["Bob & Co", "250.00"],
      ["Carol Bakery", "350.00"],
    ]);
    // The unmatched line is left; every settled one is matched to a bank ledger line of the payment.
    const { lines } = await ok<{ lines: { id: number }[] }>(call(`${bank.path}/lines?show=unmatched`));
    expect(lines.map((l) => l.id)).toEqual([line.other]);
  });

  it("undoing the match reverses the payment: what it paid is owed again", async () => {
    const { lines } = await ok<{ lines: { id: number; match_id: number }[] }>(call(`${bank.path}/lines?show=matched`));
    const paper = lines.find((l) => l.id === line.paper)!;
    await ok(call(`${bank.path}/matches/${paper.match_id}`, { method: "DELETE" }));
    const { aging } = await ok<{ aging: AgingReport }>(call(`${books}/aging?side=payable&as_of=2026-04-30`));
    expect([aging.totals.total, aging.control_account.balance]).toEqual(["120.00", "120.00"]);
    // The bill is owed again (its allocation undone, the payment settled by its reversal), and the line is to settle again.
    const { documents } = await ok<{ documents: { kind: string; owed: string; state: string }[] }>(call(`${books}/documents?side=payable`));
    expect(documents.filter((d) => d.kind === "bill").map((d) => [d.owed, d.state === "paid"])).toEqual([["120.00", false]]);
    expect((await openItems(line.paper!)).suggestions[0]).toMatchObject({ contact_id: contacts.paper, total: "120.00" });
  });
});
