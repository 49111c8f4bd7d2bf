import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { firstBooks } from "../support/books.ts";

interface Listed {
  id: number;
  entry_number: string;
  entry_date: string;
  description: string;
  status: string;
}
interface Page {
  entries: Listed[];
  page: number;
  has_more: boolean;
  draft_count: number;
}

describe("journal search: GET /entries with q (words or an amount), status, from, to, account and page", () => {
  let t: TestApp;
  let alice: TestUser;
  let codes: Record<string, number>;
  let books: ReturnType<typeof firstBooks>;
  const call = async (path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(`${await books(alice.cookie)}${path}`, { ...init, cookie: alice.cookie });
  const list = async (query: string) => {
    const res = await call(`/entries?${query}`);
    expect(res.status, query).toBe(200);
    return (await res.json()) as Page;
  };
  const save = async (
    description: string,
    date: string,
    other: string,
    opts: { reference?: string; post?: boolean; amount?: number } = {},
  ) => {
    const amount = opts.amount ?? 10;
    const res = await call("/entries", {
      json: {
        description,
        reference: opts.reference ?? "",
        entry_date: date,
        lines: [
          { account_id: codes["1000"], debit_amount: amount, credit_amount: 0 },
          { account_id: codes[other], debit_amount: 0, credit_amount: amount },
        ],
      },
    });
    expect(res.status).toBe(201);
    const { entry } = (await res.json()) as { entry: { id: number; entry_number: string } };
    if (opts.post !== false) expect((await call(`/entries/${entry.id}/post`, { method: "POST" })).status).toBe(200);
    return entry;
  };

  beforeAll(async () => {
    t = await createTestApp();
    books = firstBooks(t);
    alice = await createSignedInUser(t, { companyName: "Search Co" });
    const { accounts } = (await (await call("/accounts")).json()) as { accounts: { id: number; account_code: string }[] };
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
    await save("Office rent for March", "2026-03-01", "2000", { reference: "INV-100%" });
    await save("Consulting sale, 50_off", "2026-04-15", "4000", { amount: 1234.56 });
    await save("Office supplies", "2026-05-20", "2000", { post: false });
    // 101 more, so that the journal has a second page.
    for (let i = 0; i < 101; i += 1) await save(`Daily takings ${i}`, "2026-06-01", "4000");
  });
  afterAll(() => t.close());

  it("finds every word of q in the number, description or reference, case-insensitively, wildcards taken literally", async () => {
    expect((await list("q=office")).entries.map((e) => e.description)).toEqual(["Office supplies", "Office rent for March"]);
    expect((await list("q=OFFICE+march")).entries.map((e) => e.description)).toEqual(["Office rent for March"]);
    expect((await list("q=inv-100%25")).entries.map((e) => e.description)).toEqual(["Office rent for March"]);
    // `%` and `_` match themselves only.
    expect((await list("q=%25")).entries.map((e) => e.description)).toEqual(["Office rent for March"]);
    expect((await list("q=50_off")).entries.map((e) => e.description)).toEqual(["Consulting sale, 50_off"]);
    expect((await list("q=0_o")).entries).toHaveLength(1);
    const first = (await list("q=office+march")).entries[0]!;
    expect((await list(`q=${first.entry_number}`)).entries.map((e) => e.id)).toEqual([first.id]);
    expect((await list("q=nothing-like-this")).entries).toEqual([]);
    // A word that reads as an amount also finds the entries of that total.
    for (const amount of ["1234.56", "1%2C234.56", "%241%2C234.56"])
      expect(
        (await list(`q=${amount}`)).entries.map((e) => e.description),
        amount,
      ).toEqual(["Consulting sale, 50_off"]);
    expect((await list("q=consulting+1234.56")).entries).toHaveLength(1);
    expect((await list("q=office+1234.56")).entries).toEqual([]);
  });

  it("finds an entry older than the newest 100 by its amount as typed, its day or a range of days, or its words", async () => {
    const newest = (await list("")).entries.map((e) => e.id);
    const [consulting] = (await list("q=consulting")).entries;
    expect(newest).not.toContain(consulting!.id);
    for (const q of [
      "1234.56",
      "1%2C234.56",
      "-1%2C234.56",
      "%E2%82%AC1234.56",
      "2026-04-15",
      "2026-04-01..2026-04-30",
      "2026-04-30..2026-04-01",
    ])
      expect(
        (await list(`q=${q}`)).entries.map((e) => e.id),
        q,
      ).toEqual([consulting!.id]);
    // One decimal as typed (10.0 for 10.00) with words; a day and words together; a range spanning two entries; a day
    // that is not one (2026-02-30) is only text.
    expect((await list("q=10.0+march")).entries.map((e) => e.description)).toEqual(["Office rent for March"]);
    expect((await list("q=2026-04-15+consulting")).entries).toHaveLength(1);
    expect((await list("q=2026-04-15+office")).entries).toEqual([]);
    expect((await list("q=2026-03-01..2026-04-15")).entries.map((e) => e.entry_date)).toEqual(["2026-04-15", "2026-03-01"]);
    expect((await list("q=2026-02-30")).entries).toEqual([]);
    expect((await list("q=2026-04-15..2026-02-30")).entries).toEqual([]);
  });

  it("answers a short list when asked (limit), paged the same way", async () => {
    const one = await list("limit=20");
    const two = await list("limit=20&page=2");
    expect(one).toMatchObject({ page: 1, has_more: true });
    expect(one.entries).toHaveLength(20);
    expect(two.entries).toHaveLength(20);
    expect(two.entries[0]!.id).toBe((await list("")).entries[20]!.id);
    const last = await list("limit=20&page=6");
    expect(last).toMatchObject({ has_more: false });
    expect(last.entries).toHaveLength(4);
    expect((await list("q=office&limit=1")).entries.map((e) => e.description)).toEqual(["Office supplies"]);
  });

  it("keeps a status, a period and an account; a blank filter is no filter", async () => {
    expect((await list("status=draft")).entries.map((e) => e.description)).toEqual(["Office supplies"]);
    expect((await list("status=posted&q=office")).entries.map((e) => e.description)).toEqual(["Office rent for March"]);
    expect((await list("from=2026-03-01&to=2026-04-30")).entries.map((e) => e.entry_date)).toEqual(["2026-04-15", "2026-03-01"]);
    expect((await list(`account=${codes["2000"]}`)).entries.map((e) => e.description)).toEqual([
      "Office supplies",
      "Office rent for March",
    ]);
    expect((await list(`account=${codes["5000"]}`)).entries).toEqual([]);
    const all = await list("q=&from=&status=&account=");
    expect(all.entries).toHaveLength(100);
    expect(all.draft_count).toBe(1);
  });

  it("pages 100 at a time, newest first, with has_more until the last page", async () => {
    const one = await list("");
    const two = await list("page=2");
    expect(one).toMatchObject({ page: 1, has_more: true });
    expect(two).toMatchObject({ page: 2, has_more: false });
    expect(one.entries).toHaveLength(100);
    expect(two.entries).toHaveLength(4);
    expect(new Set([...one.entries, ...two.entries].map((e) => e.id)).size).toBe(104);
    expect(two.entries.map((e) => e.description).slice(1)).toEqual(["Office supplies", "Consulting sale, 50_off", "Office rent for March"]);
    expect(two.entries.at(-1)!.description).toBe("Office rent for March");
  });

  it("answers 400 naming the wrong filter", async () => {
    const cases: [string, string, string][] = [
      ["status=open", "status", "Status must be draft or posted"],
      ["from=2026-13-01", "from", "From must be a date as YYYY-MM-DD"],
      ["from=2026-05-01&to=2026-04-01", "to", "To must be on or after From"],
      ["account=abc", "account", "Account not found"],
      ["page=0", "page", "Page must be at least 1"],
      [`q=${"x".repeat(201)}`, "q", "Search must be at most 200 characters"],
      ["limit=0", "limit", "Limit must be a whole number from 1 to 100"],
      ["limit=101", "limit", "Limit must be a whole number from 1 to 100"],
      ["limit=a", "limit", "Limit must be a whole number from 1 to 100"],
    ];
    for (const [query, field, message] of cases) {
      const res = await call(`/entries?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string> };
      expect(body.fields[field], query).toBe(message);
    }
  });
});
