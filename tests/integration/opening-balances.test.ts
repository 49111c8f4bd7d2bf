import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { firstBooks } from "../support/books.ts";

interface Row {
  account_code: string;
  account_name: string;
  closing_debit: string;
  closing_credit: string;
}
interface Opening {
  as_of: string | null;
  entry_number: string | null;
  lines: { account_id: number; debit_amount: string; credit_amount: string }[];
}

describe("opening balances: one posted opening entry, the difference to Opening Balance Equity, replaced by reversal", () => {
  let t: TestApp;
  let owner: TestUser;
  let books: ReturnType<typeof firstBooks>;
  let codes: Record<string, number>;
  const call = async (path: string, init: RequestInit & { json?: unknown } = {}, user = owner) =>
    t.request(`${await books(owner.cookie)}${path}`, { ...init, cookie: user.cookie });
  const put = (lines: { code: string; debit?: string; credit?: string }[], as_of = "2026-01-01", user = owner) =>
    call(
      "/opening-balances",
      {
        method: "PUT",
        json: {
          as_of,
          lines: lines.map((l) => ({ account_id: codes[l.code], debit_amount: l.debit ?? "", credit_amount: l.credit ?? "" })),
        },
      },
      user,
    );
  /** The trial balance on the opening date: account → [closing debit, closing credit], accounts closing at zero left out. */
  const balancesOn = async (day: string) => {
    const { report } = (await (await call(`/reports/trial_balance?start=${day}&end=${day}`)).json()) as { report: { rows: Row[] } };
    return Object.fromEntries(
      report.rows
        .filter((r) => r.closing_debit !== "0.00" || r.closing_credit !== "0.00")
        .map((r) => [`${r.account_code} ${r.account_name}`, [r.closing_debit, r.closing_credit]]),
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    books = firstBooks(t);
    owner = await createSignedInUser(t, { companyName: "Opening Co" });
    const { accounts } = (await (await call("/accounts")).json()) as { accounts: { id: number; account_code: string }[] };
    codes = Object.fromEntries(accounts.map((a) => [a.account_code, a.id]));
  });
  afterAll(() => t.close());

  it("posts one entry; the trial balance on that date shows exactly what was entered, the rest in Opening Balance Equity", async () => {
    const empty = (await (await call("/opening-balances")).json()) as { opening_balances: Opening };
    expect(empty.opening_balances).toMatchObject({ as_of: null, entry_number: null, lines: [] });

    const res = await put([
      { code: "1000", debit: "10,000.00".replace(",", "") },
      { code: "1100", debit: "2500.5" },
      { code: "2000", credit: "4000" },
    ]);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { entry: { entry_number: string; status: string }; replaced: string | null };
    expect(saved.entry.status).toBe("posted");
    expect(saved.replaced).toBeNull();

    expect(await balancesOn("2026-01-01")).toEqual({
      "1000 Cash": ["10000.00", "0.00"],
      "1100 Accounts Receivable": ["2500.50", "0.00"],
      "2000 Accounts Payable": ["0.00", "4000.00"],
      "3900 Opening Balance Equity": ["0.00", "8500.50"],
    });
    const read = (await (await call("/opening-balances")).json()) as { opening_balances: Opening };
    expect(read.opening_balances.as_of).toBe("2026-01-01");
    expect(read.opening_balances.entry_number).toBe(saved.entry.entry_number);
    expect(read.opening_balances.lines.map((l) => [l.account_id, l.debit_amount, l.credit_amount])).toEqual([
      [codes["1000"], "10000.00", "0.00"],
      [codes["1100"], "2500.50", "0.00"],
      [codes["2000"], "0.00", "4000.00"],
    ]);
  });

  it("saving again reverses the earlier entry and posts the new one: the books hold the new balances only", async () => {
    const before = (await (await call("/opening-balances")).json()) as { opening_balances: Opening };
    const res = await put([
      { code: "1000", debit: "12000" },
      { code: "2000", credit: "4000" },
    ]);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { entry: { entry_number: string }; replaced: string | null };
    expect(saved.replaced).toBe(before.opening_balances.entry_number);
    expect(await balancesOn("2026-01-01")).toEqual({
      "1000 Cash": ["12000.00", "0.00"],
      "2000 Accounts Payable": ["0.00", "4000.00"],
      "3900 Opening Balance Equity": ["0.00", "8000.00"],
    });
    // The journal keeps the first opening entry, marked reversed, its reversal, and the new one.
    const { entries } = (await (await call("/entries?q=opening")).json()) as {
      entries: { entry_number: string; reversed_by_number: string | null; reversal_of_number: string | null }[];
    };
    expect(entries).toHaveLength(3);
    expect(entries.find((e) => e.entry_number === before.opening_balances.entry_number)?.reversed_by_number).not.toBeNull();

    // Balanced balances need no equity line.
    expect(
      (
        await put([
          { code: "1000", debit: "500" },
          { code: "3000", credit: "500" },
        ])
      ).status,
    ).toBe(200);
    expect(await balancesOn("2026-01-01")).toEqual({ "1000 Cash": ["500.00", "0.00"], "3000 Owner's Equity": ["0.00", "500.00"] });
  });

  it("answers 400 naming the field, and 403 to a viewer; nothing changes", async () => {
    const before = await balancesOn("2026-01-01");
    const cases: [unknown, string, string][] = [
      [
        { as_of: "2026-01-01", lines: [{ account_id: codes["1000"], debit_amount: "", credit_amount: "" }] },
        "lines",
        "Enter at least one opening balance",
      ],
      [
        { as_of: "2026-01-01", lines: [{ account_id: codes["1000"], debit_amount: "5", credit_amount: "5" }] },
        "lines.0.debit_amount",
        "A balance is a debit or a credit, not both",
      ],
      [
        { as_of: "2026-01-01", lines: [{ account_id: codes["1000"], debit_amount: "1.005", credit_amount: "" }] },
        "lines.0.debit_amount",
        "must have at most 2 decimals",
      ],
      [
        { as_of: "2026-02-30", lines: [{ account_id: codes["1000"], debit_amount: "5", credit_amount: "" }] },
        "as_of",
        "Entry date is required",
      ],
      [
        { as_of: "2026-01-01", lines: [{ account_id: 2_000_000_000, debit_amount: "5", credit_amount: "" }] },
        "lines.0.account_id",
        "Account not found or inactive",
      ],
      [
        {
          as_of: "2026-01-01",
          lines: [
            { account_id: codes["1000"], debit_amount: "5", credit_amount: "" },
            { account_id: codes["1000"], debit_amount: "6", credit_amount: "" },
          ],
        },
        "lines.1.account_id",
        "Each account has one opening balance",
      ],
    ];
    for (const [json, field, message] of cases) {
      const res = await call("/opening-balances", { method: "PUT", json });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string> };
      expect(body.fields[field], JSON.stringify(json)).toBe(message);
    }
    const viewer = await createSignedInUser(t);
    const me = (await (await call("/me")).json()) as { organization: { id: number } };
    await addMember(t.ctx.db, me.organization.id, viewer.id, "viewer");
    expect((await put([{ code: "1000", debit: "1" }], "2026-01-01", viewer)).status).toBe(403);
    expect((await call("/opening-balances", {}, viewer)).status).toBe(200);
    expect(await balancesOn("2026-01-01")).toEqual(before);
  });
});
