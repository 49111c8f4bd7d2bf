import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { firstBooks } from "../support/books.ts";

interface Row {
  account_code: string;
  account_name: string;
  closing_debit: string;
  closing_credit: string;
}
type Refusal = { error: string; fields: Record<string, string> };

describe("opening balances imported from a CSV: previewed, then saved as the opening balances form saves them, all or nothing", () => {
  let t: TestApp;
  let u: TestUser;
  let books: string;
  let orgId: number;

  const upload = (step: "preview" | "commit", body: string, query: Record<string, string> = {}) =>
    t.request(`/api/books-csv/${orgId}/${step}?${new URLSearchParams({ kind: "opening", ...query })}`, {
      method: "POST",
      body,
      headers: { "content-type": "text/csv" },
      cookie: u.cookie,
    });
  const refusal = async (res: Response, what = "") => {
    expect(res.status, what).toBe(400);
    return (await res.json()) as Refusal;
  };
  /** The trial balance on the opening date: account → [closing debit, closing credit], accounts at zero left out. */
  const balancesOn = async (day: string) => {
    const res = await t.request(`${books}/reports/trial_balance?start=${day}&end=${day}`, { cookie: u.cookie });
    const { report } = (await res.json()) as { report: { rows: Row[] } };
    return Object.fromEntries(
      report.rows
        .filter((r) => r.closing_debit !== "0.00" || r.closing_credit !== "0.00")
        .map((r) => [`${r.account_code} ${r.account_name}`, [r.closing_debit, r.closing_credit]]),
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    u = await createSignedInUser(t, { companyName: "Opening Import Co" });
    books = await firstBooks(t)(u.cookie);
    orgId = Number(books.split("/").at(-1));
  });
  afterAll(() => t.close());

  it("previews the balances and the accounts the chart lacks, then posts them with the difference to Opening Balance Equity", async () => {
    const file =
      'account,name,debit,credit\n1000,Cash,"10,000.00",\n1100,Accounts Receivable,2500.50,\n2000,,,4000\n9100,Petty Cash,300,\n1500,Equipment,0,\n';
    const preview = await upload("preview", file, { as_of: "2026-01-01" });
    expect(preview.status, await preview.clone().text()).toBe(200);
    expect(await preview.json()).toMatchObject({
      kind: "opening",
      settings: { header_row: 0, mapping: { account: 0, account_name: 1, debit: 2, credit: 3 } },
      errors: [],
      summary: { new_items: 4, lines: 4, debits: "12800.50", credits: "4000.00" },
      missing_accounts: [{ value: "9100", name: "Petty Cash", suggested_type: "Expense", lines: 1 }],
      opening: { as_of: "2026-01-01", accounts: 4, difference: "8800.50", replaces: null },
    });

    const noDate = await refusal(await upload("commit", file));
    expect(noDate.fields).toEqual({ as_of: "Entry date is required" });

    const accounts = JSON.stringify({ 9100: { create: "Asset" } });
    const commit = await upload("commit", file, { as_of: "2026-01-01", accounts });
    expect(commit.status).toBe(200);
    const first = (await commit.json()) as { message: string; accounts_created: number };
    expect(first).toMatchObject({ accounts_created: 1, message: expect.stringMatching(/^Opening balances of 4 accounts posted as \S+$/) });
    expect(await balancesOn("2026-01-01")).toEqual({
      "1000 Cash": ["10000.00", "0.00"],
      "1100 Accounts Receivable": ["2500.50", "0.00"],
      "2000 Accounts Payable": ["0.00", "4000.00"],
      "9100 Petty Cash": ["300.00", "0.00"],
      "3900 Opening Balance Equity": ["0.00", "8800.50"],
    });

    // A second file replaces them: the first opening entry is reversed, as when the form saves again.
    const second = await upload("preview", "account,amount\n1000,500\nOwner's Equity,-500\n", { as_of: "2026-01-01" });
    expect(await second.json()).toMatchObject({ opening: { difference: "0.00", replaces: first.message.split(" ").at(-1) } });
    const replaced = await upload("commit", "account,amount\n1000,500\nOwner's Equity,-500\n", { as_of: "2026-01-01" });
    expect(((await replaced.json()) as { message: string }).message).toMatch(/replacing \S+ \(reversed\)$/);
    expect(await balancesOn("2026-01-01")).toEqual({ "1000 Cash": ["500.00", "0.00"], "3000 Owner's Equity": ["0.00", "500.00"] });
  });

  it("refuses a file with any fault, naming its line and column with the form's rules, and changes nothing", async () => {
    const before = await balancesOn("2026-01-01");
    const cases: [string, Record<string, string>, string, string][] = [
      ["account,debit,credit\n1000,5,5\n", {}, "rows.2.debit", "A balance is a debit or a credit, not both"],
      [
        "account,debit,credit\n1000,5,\n1100,1,\n1000,6,\n",
        {},
        "rows.4.account",
        "Each account has one opening balance: 1000 is on line 2 too",
      ],
      [
        "account,debit,credit\n1000,5,\nOpening Balance Equity,,5\n",
        {},
        "rows.3.account",
        "Opening Balance Equity takes what the balances leave: leave it out of the file",
      ],
      ["account,debit,credit\n1000,0,\n", {}, "file", "Enter at least one opening balance"],
      ["account,debit,credit\n1000,5,\n", { as_of: "2026-02-30" }, "as_of", "Entry date is required"],
      ["account,debit,credit\n1000,1.005,\n", { number_format: "1,234.56" }, "rows.2.debit", "has more than 2 decimals"],
    ];
    for (const [file, query, field, message] of cases) {
      const body = await refusal(await upload("commit", file, { as_of: "2026-01-01", ...query }), file);
      expect(body.fields[field], file).toBe(message);
    }
    // Locked up to the opening date: refused on the date, as the form is.
    const lock = await t.request(`${books}/lock`, {
      method: "PUT",
      json: { lock_date: "2026-01-31", reason: "January closed" },
      cookie: u.cookie,
    });
    expect(lock.status).toBe(200);
    const locked = await refusal(await upload("commit", "account,debit,credit\n1000,7,\n", { as_of: "2026-01-01" }));
    expect(Object.keys(locked.fields)).toEqual(["as_of"]);
    expect(await balancesOn("2026-01-01")).toEqual(before);
  });
});
