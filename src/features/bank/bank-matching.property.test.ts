import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, pgArray } from "~/server/db/client.ts";
import { bankCalls, decimal } from "../../../tests/support/bank.ts";
import { firstBooks } from "../../../tests/support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../../../tests/support/test-app.ts";

/*
 * Properties of matching and reconciliation, through the API of one in-process app: a match is made exactly when the
 * statement lines and the ledger lines add up to the same cents, and a month of statement lines, all categorized,
 * reconciles to 0.00 at opening + lines and at no other balance.
 */

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
/** A non-zero amount in cents, money in or out. */
const amount = fc.integer({ min: 1, max: 500_000 }).chain((c) => fc.constantFrom(c, -c));

describe("bank matching and reconciliation: properties", () => {
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

  /** One posted entry whose lines on the bank's account carry these amounts (bank side: debit − credit), balanced on 6200. */
  async function postLedgerLines(accountId: number, date: string, amounts: number[]): Promise<number[]> {
    const lines = amounts.map((a) => ({
      account_id: accountId,
      debit_amount: a > 0 ? decimal(a) : "0",
      credit_amount: a < 0 ? decimal(-a) : "0",
    }));
    const total = sum(amounts);
    if (total !== 0)
      lines.push({
        account_id: codes["6200"]!,
        debit_amount: total < 0 ? decimal(-total) : "0",
        credit_amount: total > 0 ? decimal(total) : "0",
      });
    const { entry } = await ok<{ entry: { id: number } }>(
      call(`${books}/entries`, { json: { description: "Ledger side", entry_date: date, reference: "", lines } }),
      201,
    );
    await ok(call(`${books}/entries/${entry.id}/post`, { method: "POST" }), 200);
    const rows = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from journal_entry_lines where journal_entry_id = ${entry.id} and account_id = ${accountId} order by line_no`,
    );
    return rows.map((r) => Number(r.id));
  }

  /** Imports the lines (date, amount in cents) as a CSV; their ids in file order. */
  async function importLines(bank: string, lines: { date: string; cents: number }[], balance?: number): Promise<number[]> {
    const tag = `T-${Math.random().toString(36).slice(2, 10)}`;
    let running = balance ?? 0;
    const rows = lines.map((l, i) => {
      running += l.cents;
      return `${l.date},${tag} line ${i},${decimal(l.cents)}${balance === undefined ? "" : `,${decimal(running)}`}`;
    });
    const csv = `Date,Description,Amount${balance === undefined ? "" : ",Balance"}\r\n${rows.join("\r\n")}\r\n`;
    // Each run's lines are new movements, even where an earlier run left a line of the same amount on the same day
    // (a likely duplicate the import would otherwise skip).
    const res = await ok<{ imported: number }>(
      call(`${bank}/statements?name=${tag}.csv&likely=import`, { method: "POST", body: csv }),
      200,
    );
    expect(res.imported).toBe(lines.length);
    const { lines: listed } = await ok<{ lines: { id: number; description: string }[] }>(call(`${bank}/lines?show=all`), 200);
    const idOf = new Map(listed.map((l) => [l.description, l.id]));
    return lines.map((_, i) => idOf.get(`${tag} line ${i}`)!);
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Property Co" });
    books = await firstBooks(t)(owner.cookie);
    bankOrg = `/api/bank/${books.split("/").pop()}`;
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(call(`${books}/accounts`), 200);
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("POST /matches succeeds exactly when the sums agree to the cent; no match is ever left whose sums differ", async () => {
    const bank = await openBank(...named("PB", "Property bank"));
    const amounts = fc.array(amount, { minLength: 1, maxLength: 4 });
    // Ledger amounts: any, or the statement lines' sum split into parts (so that about half the cases agree).
    const cases = amounts.chain((statement) =>
      fc.tuple(
        fc.constant(statement),
        fc.oneof(
          fc.array(amount, { minLength: 1, maxLength: 4 }),
          fc
            .array(amount, { minLength: 0, maxLength: 3 })
            .map((parts) => [...parts, sum(statement) - sum(parts)])
            .filter((parts) => parts.every((p) => p !== 0 && Math.abs(p) <= 99_999_999)),
        ),
      ),
    );
    let agreed = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ([statement, ledger]) => {
        const bankLines = await importLines(
          bank.path,
          statement.map((cents) => ({ date: "2026-02-10", cents })),
        );
        const ledgerLines = await postLedgerLines(bank.accountId, "2026-02-10", ledger);
        const res = await call(`${bank.path}/matches`, { json: { bank_line_ids: bankLines, ledger_line_ids: ledgerLines } });
        const equal = sum(statement) === sum(ledger);
        expect(res.status).toBe(equal ? 201 : 400);
        if (equal) agreed += 1;
        else refused += 1;
        const matched = await queryRows<{ id: number; match_id: number | null }>(
          t.ctx.db,
          sql`select id, match_id from bank_lines where id = any(${pgArray(bankLines)}::bigint[])`,
        );
        const ids = new Set(matched.map((m) => m.match_id));
        if (equal) {
          expect(ids.size).toBe(1);
          expect([...ids][0]).not.toBeNull();
        } else expect([...ids]).toEqual([null]);
      }),
      { numRuns: 15 },
    );
    // Both sides of the property were tried.
    expect(agreed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    const wrong = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select m.id from bank_matches m
           where m.kind = 'matched' and m.bank_account_id = ${bank.id}
             and (select coalesce(sum(b.amount), 0) from bank_lines b where b.match_id = m.id)
                 <> (select coalesce(sum(l.debit_amount - l.credit_amount), 0) from bank_match_ledger_lines j
                       join journal_entry_lines l on l.id = j.journal_entry_line_id where j.match_id = m.id)`,
    );
    expect(wrong).toEqual([]);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::integer as n from bank_matches where bank_account_id = ${bank.id}`,
    )) as [{ n: number }];
    expect(Number(n)).toBe(agreed);
  }, 120_000);

  it("a month of lines, all categorized, the opening cleared: reconciles to 0.00 at opening + lines, and at no other balance", async () => {
    const month = fc.record({
      opening: fc.integer({ min: -1_000_000, max: 10_000_000 }).filter((c) => c !== 0),
      lines: fc.array(fc.record({ day: fc.integer({ min: 1, max: 30 }), cents: amount }), { minLength: 1, maxLength: 12 }),
      off: amount,
    });
    await fc.assert(
      fc.asyncProperty(month, async ({ opening, lines, off }) => {
        const bank = await openBank(...named("PB", "Property bank"));
        const dated = lines
          .map((l) => ({ date: `2026-04-${String(l.day).padStart(2, "0")}`, cents: l.cents }))
          .sort((a, b) => a.date.localeCompare(b.date));
        const ids = await importLines(bank.path, dated, opening);
        const [openingLine] = await postLedgerLines(bank.accountId, "2026-03-31", [opening]);
        await ok(call(`${bank.path}/categorize`, { json: { bank_line_ids: ids, account_id: codes["6200"] } }), 201);
        await ok(call(`${bank.path}/cleared`, { json: { ledger_line_ids: [openingLine] } }), 201);
        const closing = decimal(opening + sum(dated.map((l) => l.cents)));

        const view = await ok<{
          statement_balance: string | null;
          cleared_balance: string;
          difference: string | null;
          unmatched_lines: number;
        }>(call(`${bank.path}/reconciliation?date=2026-04-30`), 200);
        expect(view).toMatchObject({ statement_balance: closing, cleared_balance: closing, difference: "0.00", unmatched_lines: 0 });

        const wrong = decimal(opening + sum(dated.map((l) => l.cents)) + off);
        const refused = await call(`${bank.path}/reconciliations`, { json: { statement_date: "2026-04-30", statement_balance: wrong } });
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as { error: string }).error).toBe(`The difference is ${decimal(off)}: it must be 0.00 to finish`);
        const done = await call(`${bank.path}/reconciliations`, { json: { statement_date: "2026-04-30", statement_balance: closing } });
        expect(done.status).toBe(201);
        const after = await ok<{ history: { statement_balance: string; undone_at: string | null }[] }>(
          call(`${bank.path}/reconciliation?date=2026-04-30`),
          200,
        );
        expect(after.history).toMatchObject([{ statement_balance: closing, undone_at: null }]);
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
