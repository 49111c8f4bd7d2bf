import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReconciledItems } from "~/features/bank/bank-reconcile.server.ts";
import type { BankLine, ReconciliationView } from "~/features/bank/bank.types.ts";
import { queryRows } from "~/server/db/client.ts";
import { bankCalls } from "../support/bank.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * Starting a bank account: the first reconciliation starts from the opening balance the imported statement states,
 * what the books bring forward to that day is no item to tick, and the date offered is the statement's end.
 */

const ACCOUNT = "12345678/0001";

/** An MT940 statement in the books' currency: opening and closing ("C241101 1000,00") and lines (YYMMDD, C or D, amount). */
const mt940 = (opening: string, lines: [string, string, string][], closing: string) =>
  Buffer.from(
    [
      ":20:STARTUMS",
      `:25:${ACCOUNT}`,
      ":28C:1",
      `:60F:${opening.replace(" ", "USD")}`,
      ...lines.flatMap(([date, sign, amount], i) => [`:61:${date}${date.slice(2)}${sign}${amount}NTRFNONREF`, `:86:Line ${i + 1}`]),
      `:62F:${closing.replace(" ", "USD")}`,
      "-",
      "",
    ].join("\r\n"),
  );

describe("the first reconciliation starts from the statement's stated opening balance", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: string;
  let bankOrg: string;
  let codes: Record<string, number>;
  const { call, ok, openBank, unique } = bankCalls(() => ({ t, user: owner, books, bankOrg }));
  const named = (prefix: string, name: string): [string, string] => {
    const code = unique(prefix);
    return [code, `${name} ${code.slice(prefix.length + 1)}`];
  };

  const upload = (bank: string, name: string, bytes: Buffer) =>
    ok<{ imported: number }>(
      call(`${bank}/statements?name=${name}`, {
        method: "POST",
        body: new Uint8Array(bytes),
        headers: { "content-type": "application/octet-stream" },
      }),
    );

  /** A posted entry between the bank's account and another (positive: money in); its ledger line on the bank's account. */
  async function post(accountId: number, date: string, description: string, amount: number, other = "3000") {
    const value = Math.abs(amount).toFixed(2);
    const bankSide = { account_id: accountId, debit_amount: amount > 0 ? value : "0", credit_amount: amount < 0 ? value : "0" };
    const otherSide = { account_id: codes[other], debit_amount: amount < 0 ? value : "0", credit_amount: amount > 0 ? value : "0" };
    const { entry } = await ok<{ entry: { id: number } }>(
      call(`${books}/entries`, { json: { description, entry_date: date, reference: "", lines: [bankSide, otherSide] } }),
      201,
    );
    await ok(call(`${books}/entries/${entry.id}/post`, { method: "POST" }));
    const [line] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from journal_entry_lines where journal_entry_id = ${entry.id} and account_id = ${accountId}`,
    );
    return Number(line!.id);
  }

  const lines = async (bank: string) => (await ok<{ lines: BankLine[] }>(call(`${bank}/lines?show=unmatched`))).lines;
  const categorizeAll = async (bank: string) =>
    ok(call(`${bank}/categorize`, { json: { bank_line_ids: (await lines(bank)).map((l) => l.id), account_id: codes["6200"] } }), 201);
  const view = (bank: string, date = "") => ok<ReconciliationView>(call(`${bank}/reconciliation${date ? `?date=${date}` : ""}`));
  const stored = async (id: number) => {
    const [row] = await queryRows<{ items: ReconciledItems | string }>(
      t.ctx.db,
      sql`select items from bank_reconciliations where id = ${id}`,
    );
    return typeof row!.items === "string" ? (JSON.parse(row!.items) as ReconciledItems) : row!.items;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Start Co" });
    books = await firstBooks(t)(owner.cookie);
    bankOrg = `/api/bank/${books.split("/").pop()}`;
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(call(`${books}/accounts`));
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("no opening to tick: reconciled at the statement's end from its opening; the next month starts where it ended", async () => {
    const bank = await openBank(...named("ST", "Start bank"), ACCOUNT);
    await post(bank.accountId, "2024-10-31", "Opening balances as of 2024-10-31", 1000);
    const cheque = await post(bank.accountId, "2024-11-05", "Cheque 101", -200, "6200");
    await upload(
      bank.path,
      "november.sta",
      mt940(
        "C241101 1000,00",
        [
          ["241104", "C", "500,00"],
          ["241120", "D", "120,00"],
        ],
        "C241130 1380,00",
      ),
    );
    await categorizeAll(bank.path);

    const november = await view(bank.path);
    expect(november).toMatchObject({
      statement_date: "2024-11-30",
      start: { date: "2024-11-01", balance: "1000.00", file_name: "november.sta", books: "1000.00", difference: "0.00" },
      statement_balance: "1380.00",
      book_balance: "1180.00",
      cleared_balance: "1380.00",
      difference: "0.00",
      uncleared_total: "-200.00",
      unmatched_lines: 0,
    });
    // The opening entry is brought forward in the statement's opening: the cheque not yet cashed is the only item.
    expect(november.uncleared.map((u) => [u.description, u.amount])).toEqual([["Cheque 101", "-200.00"]]);
    const { reconciliation } = await ok<{ reconciliation: { id: number } }>(
      call(`${bank.path}/reconciliations`, { json: { statement_date: november.statement_date, statement_balance: "1380.00" } }),
      201,
    );
    const items = await stored(reconciliation.id);
    expect(items.opening).toEqual({ date: "2024-11-01", balance: "1000.00" });
    expect(items.cleared.map((i) => i.amount)).toEqual(["500.00", "-120.00"]);
    expect(items.uncleared.map((i) => i.description)).toEqual(["Cheque 101"]);

    // December: the cheque clears; the offered date moves to December's end; the report starts from November's end.
    await upload(bank.path, "december.sta", mt940("C241130 1380,00", [["241203", "D", "200,00"]], "C241231 1180,00"));
    const [line] = await lines(bank.path);
    await ok(call(`${bank.path}/matches`, { json: { bank_line_ids: [line!.id], ledger_line_ids: [cheque] } }), 201);
    const december = await view(bank.path);
    expect(december).toMatchObject({ statement_date: "2024-12-31", cleared_balance: "1180.00", difference: "0.00", uncleared: [] });
    const next = await ok<{ reconciliation: { id: number } }>(
      call(`${bank.path}/reconciliations`, { json: { statement_date: "2024-12-31", statement_balance: "1180.00" } }),
      201,
    );
    expect((await stored(next.reconciliation.id)).opening).toEqual({ date: "2024-11-30", balance: "1380.00" });
  });

  it("an opening ticked by hand counts once; books without the opening show the difference at the start", async () => {
    const statement = mt940("C241101 1000,00", [["241104", "C", "500,00"]], "C241130 1500,00");
    const ticked = await openBank(...named("ST", "Start bank"), ACCOUNT);
    const opening = await post(ticked.accountId, "2024-11-01", "Opening balances as of 2024-11-01", 1000);
    await ok(call(`${ticked.path}/cleared`, { json: { ledger_line_ids: [opening] } }), 201);
    await upload(ticked.path, "ticked.sta", statement);
    await categorizeAll(ticked.path);
    expect(await view(ticked.path)).toMatchObject({
      start: { books: "1000.00", difference: "0.00" },
      cleared_balance: "1500.00",
      difference: "0.00",
      uncleared: [],
    });

    const bare = await openBank(...named("ST", "Start bank"), ACCOUNT);
    await upload(bare.path, "bare.sta", statement);
    await categorizeAll(bare.path);
    expect(await view(bare.path, "2024-11-30")).toMatchObject({
      start: { balance: "1000.00", books: "0.00", difference: "-1000.00" },
      book_balance: "500.00",
      cleared_balance: "1500.00",
      uncleared: [],
      uncleared_total: "-1000.00",
    });
  });

  it("a CSV's running balance is an opening too, for its first day; a statement that states none starts from 0.00", async () => {
    const running = await openBank(...named("ST", "Start bank"), ACCOUNT);
    await post(running.accountId, "2024-11-01", "Opening balances as of 2024-11-01", 250);
    await upload(running.path, "running.csv", Buffer.from("Date,Description,Amount,Balance\r\n2024-11-03,Sale,40.00,290.00\r\n"));
    await categorizeAll(running.path);
    expect(await view(running.path)).toMatchObject({
      statement_date: "2024-11-03",
      start: { date: "2024-11-03", balance: "250.00", books: "250.00", difference: "0.00" },
      cleared_balance: "290.00",
      difference: "0.00",
    });

    const plain = await openBank(...named("ST", "Start bank"), ACCOUNT);
    await post(plain.accountId, "2024-11-01", "Opening balances as of 2024-11-01", 250);
    await upload(plain.path, "plain.csv", Buffer.from("Date,Description,Amount\r\n2024-11-03,Sale,40.00\r\n"));
    await categorizeAll(plain.path);
    const view0 = await view(plain.path);
    expect(view0).toMatchObject({ statement_date: "2024-11-03", start: null, cleared_balance: "40.00" });
    expect(view0.uncleared.map((u) => u.amount)).toEqual(["250.00"]);
  });
});
