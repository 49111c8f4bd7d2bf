import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.ts";
import type { BankLine } from "./bank.types.ts";
import { bankCalls, decimal } from "../../../tests/support/bank.ts";
import { firstBooks } from "../../../tests/support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../../../tests/support/test-app.ts";

/*
 * Suggestions over every page of an account's statement lines, through the API: a ledger line is suggested for one
 * statement line at most, the one with the closest date first; a statement line and a ledger line that could go
 * together are never both left without a suggestion; the lines read oldest first, as the statement does.
 */

const day = (d: number) => `2024-11-${String(d).padStart(2, "0")}`;
const daysBetween = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
/** Amounts that repeat, as a month's rent, a salary or a large transfer do. */
const AMOUNTS = [-5_000_000, -12_000, 7_500];

describe("bank suggestions: one statement line per ledger line, the closest date first, on every page", () => {
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

  /** A posted entry of one line on the bank's account (bank side: debit − credit), balanced on 6200; its ledger line id. */
  async function postLedgerLine(accountId: number, date: string, cents: number): Promise<number> {
    const amount = decimal(Math.abs(cents));
    const { entry } = await ok<{ entry: { id: number } }>(
      call(`${books}/entries`, {
        json: {
          description: "Ledger side",
          entry_date: date,
          reference: "",
          lines: [
            { account_id: accountId, debit_amount: cents > 0 ? amount : "0", credit_amount: cents < 0 ? amount : "0" },
            { account_id: codes["6200"], debit_amount: cents < 0 ? amount : "0", credit_amount: cents > 0 ? amount : "0" },
          ],
        },
      }),
      201,
    );
    await ok(call(`${books}/entries/${entry.id}/post`, { method: "POST" }), 200);
    const [line] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from journal_entry_lines where journal_entry_id = ${entry.id} and account_id = ${accountId}`,
    );
    return Number(line!.id);
  }

  async function importLines(bank: string, lines: { date: string; text: string; cents: number }[]) {
    const csv = `Date,Description,Amount\r\n${lines.map((l) => `${l.date},${l.text},${decimal(l.cents)}`).join("\r\n")}\r\n`;
    const res = await ok<{ imported: number }>(
      call(`${bank}/statements?name=s-${Math.random().toString(36).slice(2, 10)}.csv&likely=import`, { method: "POST", body: csv }),
      200,
    );
    expect(res.imported).toBe(lines.length);
  }

  /** Every unmatched line of the account, page after page, in the order listed. */
  async function allPages(bank: string, order = ""): Promise<BankLine[]> {
    const out: BankLine[] = [];
    for (let page = 1; ; page++) {
      const p = await ok<{ lines: BankLine[]; pages: number }>(call(`${bank}/lines?page=${page}${order}`), 200);
      out.push(...p.lines);
      if (page >= p.pages) return out;
    }
  }

  /** Lines that fill pages between the ones that matter: amounts no ledger line has. */
  const fillers = (days: number[]) => days.map((d, i) => ({ date: day(d), text: `Filler ${i}`, cents: i + 1 }));

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Suggestion Co" });
    books = await firstBooks(t)(owner.cookie);
    bankOrg = `/api/bank/${books.split("/").pop()}`;
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(call(`${books}/accounts`), 200);
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("a 50,000.00 payment of 12 November is suggested for the 12 November line only, though the 21st is on another page", async () => {
    const bank = await openBank(...named("SB", "Suggestion bank"));
    await importLines(bank.path, [
      { date: day(12), text: "Transfer to savings A", cents: -5_000_000 },
      ...fillers(Array.from({ length: 150 }, (_, i) => 13 + (i % 8))),
      { date: day(21), text: "Transfer to savings B", cents: -5_000_000 },
    ]);
    const ledger = await postLedgerLine(bank.accountId, day(12), -5_000_000);

    const lines = await allPages(bank.path);
    expect(lines).toHaveLength(152);
    const suggested = lines.filter((l) => l.suggestion !== null);
    expect(suggested.map((l) => [l.date, l.suggestion!.ledger_line_id])).toEqual([[day(12), ledger]]);
    // Oldest first, as the statement reads: the 12th opens the first page, the 21st closes the last.
    expect(lines.map((l) => l.date)).toEqual([...lines.map((l) => l.date)].sort());
    expect(lines[0]).toMatchObject({ date: day(12), description: "Transfer to savings A" });

    // A second payment posted on the 20th goes to the 21st, its closest line; newest first on asking.
    const second = await postLedgerLine(bank.accountId, day(20), -5_000_000);
    const newest = await allPages(bank.path, "&order=newest");
    expect(newest[0]).toMatchObject({ date: day(21), suggestion: expect.objectContaining({ ledger_line_id: second }) });
    expect(newest.at(-1)).toMatchObject({ date: day(12), suggestion: expect.objectContaining({ ledger_line_id: ledger }) });
  });

  it("property: a ledger line on one line at most, the closest first, none left that could pair, on every page", async () => {
    const pair = fc.record({ day: fc.integer({ min: 1, max: 30 }), amount: fc.constantFrom(...AMOUNTS) });
    const month = fc.record({
      statement: fc.array(pair, { minLength: 1, maxLength: 10 }),
      ledger: fc.array(pair, { minLength: 1, maxLength: 6 }),
      // Enough lines between them to spread the ones that matter over two pages, or none.
      filler: fc.oneof(fc.constant([] as number[]), fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 100, maxLength: 120 })),
    });
    await fc.assert(
      fc.asyncProperty(month, async ({ statement, ledger, filler }) => {
        const bank = await openBank(...named("SB", "Suggestion bank"));
        const dated = statement.map((s, i) => ({ date: day(s.day), text: `Line ${i}`, cents: s.amount }));
        await importLines(bank.path, [...dated, ...fillers(filler)]);
        const books = new Map<number, { date: string; cents: number }>();
        for (const l of ledger)
          books.set(await postLedgerLine(bank.accountId, day(l.day), l.amount), { date: day(l.day), cents: l.amount });

        const lines = (await allPages(bank.path)).filter((l) => l.description.startsWith("Line "));
        expect(lines).toHaveLength(statement.length);
        const cents = (l: BankLine) => Math.round(Number(l.amount) * 100);
        const fits = (l: BankLine, id: number) => books.get(id)!.cents === cents(l) && daysBetween(books.get(id)!.date, l.date) <= 10;
        const taken = lines.filter((l) => l.suggestion).map((l) => l.suggestion!.ledger_line_id);
        // One statement line at most for each ledger line, and only one that fits.
        expect(new Set(taken).size).toBe(taken.length);
        for (const l of lines) if (l.suggestion) expect(fits(l, l.suggestion.ledger_line_id)).toBe(true);
        // No statement line without a suggestion while a ledger line that fits it is suggested nowhere.
        const free = [...books.keys()].filter((id) => !taken.includes(id));
        for (const l of lines) if (!l.suggestion) expect(free.filter((id) => fits(l, id))).toEqual([]);
        // The closest date first: a line nearer to a suggested ledger line has one at least as near.
        for (const l of lines.filter((x) => x.suggestion)) {
          const id = l.suggestion!.ledger_line_id;
          const d = daysBetween(books.get(id)!.date, l.date);
          for (const other of lines.filter((x) => x !== l && fits(x, id) && daysBetween(books.get(id)!.date, x.date) < d)) {
            expect(other.suggestion).not.toBeNull();
            expect(daysBetween(other.suggestion!.date, other.date)).toBeLessThanOrEqual(daysBetween(books.get(id)!.date, other.date));
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
