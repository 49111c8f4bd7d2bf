import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstBooks } from "../../../tests/support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../../../tests/support/test-app.ts";
import { generalLedger } from "./general-ledger.server.ts";
import type { GeneralLedger } from "./general-ledger.ts";
import { requireMembership } from "~/features/tenancy/index.server.ts";

/*
 * For random postings through the API, each account's general ledger agrees with the trial balance of the same period
 * (opening, totals, closing), its running balance ends at the closing balance, and its pages (any size) together are
 * the whole ledger with each page's balance brought forward.
 */

const decimal = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;
const CODES = ["1000", "1100", "2000", "3000", "4000", "6000"];

/** An entry: 1–3 debit lines and one credit line taking their sum, on random accounts, a day of 2024 or 2025. */
const entry = fc.record({
  day: fc.integer({ min: 0, max: 729 }),
  debits: fc.array(fc.tuple(fc.constantFrom(...CODES), fc.integer({ min: 1, max: 2_000_000 })), { minLength: 1, maxLength: 3 }),
  credit: fc.constantFrom(...CODES),
});

interface TbRow {
  account_code: string;
  opening_balance: string;
  debit_total: string;
  credit_total: string;
  balance: string;
}

describe("general ledger: properties", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: string;
  let codes: Record<string, number>;
  let orgId: number;

  const call = (p: string, init: RequestInit & { json?: unknown } = {}) => t.request(p, { ...init, cookie: owner.cookie });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Ledger Property Co" });
    books = await firstBooks(t)(owner.cookie);
    orgId = Number(books.split("/").pop());
    const { accounts } = (await (await call(`${books}/accounts`)).json()) as { accounts: { id: number; account_code: string }[] };
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("agrees with the trial balance on every account, and its pages make the whole ledger", async () => {
    const m = await requireMembership(t.ctx.db, owner.id, orgId);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 1, max: 4 }),
        async (entries, from, pageSize) => {
          run++;
          for (const e of entries) {
            const date = new Date(Date.UTC(2024, 0, 1 + e.day)).toISOString().slice(0, 10);
            const total = e.debits.reduce((s, [, c]) => s + c, 0);
            const lines = [
              ...e.debits.map(([code, c]) => ({ account_id: codes[code], debit_amount: decimal(c), credit_amount: "0" })),
              { account_id: codes[e.credit], debit_amount: "0", credit_amount: decimal(total) },
            ];
            const saved = await call(`${books}/entries`, { json: { description: `Run ${run}`, entry_date: date, lines } });
            expect(saved.status).toBe(201);
            const { entry: made } = (await saved.json()) as { entry: { id: number } };
            expect((await call(`${books}/entries/${made.id}/post`, { method: "POST" })).status).toBe(200);
          }
          const start = new Date(Date.UTC(2024, 0, 1 + from)).toISOString().slice(0, 10);
          const end = "2025-12-31";
          const { report } = (await (await call(`${books}/reports/trial_balance?start=${start}&end=${end}`)).json()) as {
            report: { rows: TbRow[] };
          };
          for (const code of CODES) {
            const row = report.rows.find((r) => r.account_code === code);
            const res = await call(`${books}/reports/general_ledger?account=${codes[code]}&start=${start}&end=${end}`);
            const { ledger } = (await res.json()) as { ledger: GeneralLedger };
            expect([ledger.opening_balance, ledger.debit_total, ledger.credit_total, ledger.closing_balance]).toEqual(
              row ? [row.opening_balance, row.debit_total, row.credit_total, row.balance] : ["0.00", "0.00", "0.00", "0.00"],
            );
            expect(ledger.lines.at(-1)?.balance ?? ledger.opening_balance).toBe(ledger.closing_balance);
            // Pages of pageSize lines, each carrying the balance brought forward, make the whole ledger.
            const q = { account: codes[code]!, start, end };
            let page = await generalLedger(t.ctx.db, m, q, pageSize);
            const seen = [...page.lines];
            while (page.next) {
              const brought = page.lines.at(-1)!.balance;
              page = await generalLedger(t.ctx.db, m, { ...q, after: page.next }, pageSize);
              expect(page.page_opening_balance).toBe(brought);
              seen.push(...page.lines);
            }
            expect(seen).toEqual(ledger.lines);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
