import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { firstBooks } from "../support/books.ts";

interface Account {
  id: number;
  account_code: string;
  account_name: string;
  is_active: boolean;
}
interface ListedEntry {
  id: number;
  entry_number: string;
  entry_date: string;
  status: string;
  reversal_of_number: string | null;
  reversed_by_number: string | null;
}

describe("accounting API: deleting used accounts, reactivation, the journal's order", () => {
  let t: TestApp;
  let alice: TestUser;
  let codes: Record<string, number>;

  let books: ReturnType<typeof firstBooks>;
  const call = async (path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`${await books(alice.cookie)}${path}`, { ...init, cookie: alice.cookie });
  const json = async <T>(res: Response) => (await res.json()) as T;
  const save = async (date: string, amount: number, post = true) => {
    const res = await call("/entries", {
      json: {
        description: `Sale of ${date}`,
        entry_date: date,
        lines: [
          { account_id: codes["1000"], debit_amount: amount, credit_amount: 0 },
          { account_id: codes["4000"], debit_amount: 0, credit_amount: amount },
        ],
      },
    });
    expect(res.status).toBe(201);
    const { entry } = await json<{ entry: { id: number; entry_number: string } }>(res);
    if (post) expect((await call(`/entries/${entry.id}/post`, { method: "POST" })).status).toBe(200);
    return entry;
  };

  beforeAll(async () => {
    t = await createTestApp();
    books = firstBooks(t);
    alice = await createSignedInUser(t, { companyName: "Books Co" });
    const { accounts } = await json<{ accounts: Account[] }>(await call("/accounts"));
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("refuses to delete an account with lines until confirmed, naming its balance; lists and reactivates it", async () => {
    await save("2026-11-02", 68800.5);
    const usage = await json<{ balance: string; posted_lines: number; draft_lines: number }>(
      await call(`/accounts/${codes["1000"]}/usage`),
    );
    expect(usage).toMatchObject({ balance: "68800.50", posted_lines: 1, draft_lines: 0 });

    const refused = await call(`/accounts/${codes["1000"]}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await json<{ error: string }>(refused)).error).toBe(
      "Account 1000 Cash has a balance of $68,800.50 and 1 journal entry line. Confirm to delete it anyway.",
    );
    expect((await call(`/accounts/${codes["1000"]}?confirm=maybe`, { method: "DELETE" })).status).toBe(400);
    expect((await call(`/accounts/${codes["1000"]}?confirm=true`, { method: "DELETE" })).status).toBe(200);

    const active = await json<{ accounts: Account[] }>(await call("/accounts"));
    expect(active.accounts.map((a) => a.account_code)).not.toContain("1000");
    const all = await json<{ accounts: Account[] }>(await call("/accounts?include_inactive=true"));
    expect(all.accounts.find((a) => a.account_code === "1000")).toMatchObject({ is_active: false });

    const reused = await call("/accounts", { json: { account_code: "1000", account_name: "Cash again", account_type: "Asset" } });
    expect(reused.status).toBe(409);
    expect((await json<{ error: string }>(reused)).error).toBe(
      "Account code 1000 is already used by the deleted account Cash: reactivate it under Show inactive",
    );

    const back = await call(`/accounts/${codes["1000"]}/reactivate`, { method: "POST" });
    expect(back.status).toBe(200);
    expect((await json<{ account: Account }>(back)).account).toMatchObject({ account_code: "1000", is_active: true });
    expect((await json<{ accounts: Account[] }>(await call("/accounts"))).accounts.map((a) => a.account_code)).toContain("1000");
  });

  it("lists entries by date then number, newest first; marks reversals both ways; filters drafts", async () => {
    const jan = await save("2026-01-10", 10);
    await save("2026-10-05", 20);
    const draft = await save("2026-03-01", 5, false);
    const reversal = await json<{ entry: { entry_number: string } }>(
      await call(`/entries/${jan.id}/reverse`, { json: { entry_date: "2026-01-31" } }),
    );

    const page = await json<{ entries: ListedEntry[]; draft_count: number }>(await call("/entries"));
    const dates = page.entries.map((e) => e.entry_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.slice(0, 2)).toEqual(["2026-11-02", "2026-10-05"]);
    expect(page.draft_count).toBe(1);
    expect(page.entries.find((e) => e.id === jan.id)).toMatchObject({ reversed_by_number: reversal.entry.entry_number });
    expect(page.entries.find((e) => e.entry_number === reversal.entry.entry_number)).toMatchObject({
      reversal_of_number: jan.entry_number,
    });

    const drafts = await json<{ entries: ListedEntry[]; draft_count: number }>(await call("/entries?status=draft"));
    expect(drafts.entries.map((e) => e.id)).toEqual([draft.id]);
    expect((await call("/entries?status=open")).status).toBe(400);
  });
});
