import { describe, expect, it } from "vitest";
import { entryTotals, filterAccounts, isBalanced, isDirty, parseAmount, type EntryFormLine } from "./entry-form.ts";
import { entryFormSchema, validateEntryForm } from "./entry-form-tax.ts";
import { entryInputSchema, latestEntryDate } from "./ledger.schema.ts";

const line = (accountId: string, debit: string, credit: string): EntryFormLine => ({ accountId, description: "", debit, credit });
const ok = { description: "Rent", entryDate: "2026-03-01", reference: "", lines: [line("1", "10.00", ""), line("2", "", "10")] };

describe("entry form rules, in the order they are checked", () => {
  it("checks description, then date, then two lines, then balance", () => {
    expect(validateEntryForm({ ...ok, description: "   ", entryDate: "", lines: [] })).toBe("Description is required");
    expect(validateEntryForm({ ...ok, entryDate: "", lines: [] })).toBe("Entry date is required");
    expect(validateEntryForm({ ...ok, lines: [line("1", "10", ""), line("", "", "10")] })).toBe("At least two account lines are required");
    expect(validateEntryForm({ ...ok, lines: [line("1", "10", ""), line("2", "0", "")] })).toBe("At least two account lines are required");
    expect(validateEntryForm({ ...ok, lines: [line("1", "10", ""), line("2", "", "9.99")] })).toBe("Debits must equal credits");
    expect(validateEntryForm(ok)).toBeNull();
  });

  it("balanced means a difference under 0.01 and debits above 0", () => {
    expect(isBalanced([line("1", "0.1", ""), line("2", "", "0.10")])).toBe(true);
    expect(isBalanced([line("1", "", ""), line("2", "", "")])).toBe(false);
    expect(isBalanced([line("1", "100.01", ""), line("2", "", "100")])).toBe(false);
  });

  it("the API schema refuses what the form refuses, and more", () => {
    const base = { description: "Rent", entry_date: "2026-03-01" };
    const l = (d: unknown, c: unknown) => ({ account_id: 1, debit_amount: d, credit_amount: c });
    expect(entryInputSchema.safeParse({ ...base, lines: [l(10, 0), l(0, 10)] }).success).toBe(true);
    expect(entryInputSchema.safeParse({ ...base, lines: [l(10, 0), l(0, 9)] }).error?.issues[0]?.message).toBe("Debits must equal credits");
    expect(entryInputSchema.safeParse({ ...base, lines: [l(10, 0)] }).error?.issues[0]?.message).toBe(
      "At least two account lines are required",
    );
    // Decimal strings are what the form sends; the API reads them exactly (and numbers from other callers).
    expect(entryInputSchema.parse({ ...base, lines: [l("10.5", "0"), l("0", "10.50")] }).lines[0]).toMatchObject({
      debit_amount: "10.50",
      credit_amount: "0.00",
    });
    expect(entryInputSchema.parse({ ...base, lines: [l("1,234.5", "0"), l("0", "1234.50")] }).lines[0]?.debit_amount).toBe("1234.50");
    for (const bad of ["10.005", "1e1", "-10", "", "ten", null, "1,23.00", "12,34"])
      expect(entryInputSchema.safeParse({ ...base, lines: [l(bad, "0"), l("0", bad)] }).success, String(bad)).toBe(false);
    expect(entryInputSchema.safeParse({ ...base, lines: [l(0.005, 0), l(0, 0.005)] }).success).toBe(false);
    expect(entryInputSchema.safeParse({ ...base, lines: [l(5, 5), l(0, 0)] }).success).toBe(false);
  });

  it("reads amounts exactly and says why one is refused", () => {
    expect(parseAmount("")).toEqual({ cents: 0n });
    expect(parseAmount("500")).toEqual({ cents: 50000n });
    expect(parseAmount(" 1,250.5 ")).toEqual({ cents: 125050n });
    expect(parseAmount("0.1")).toEqual({ cents: 10n });
    expect(parseAmount(".75")).toEqual({ cents: 75n });
    expect(parseAmount("12.")).toEqual({ cents: 1200n });
    expect(parseAmount("999999999999.99")).toEqual({ cents: 99999999999999n });
    expect(parseAmount("100.999")).toEqual({ error: "Amount must have at most 2 decimals" });
    expect(parseAmount("-50")).toEqual({ error: "Amount must not be negative" });
    expect(parseAmount("1e3")).toEqual({ error: "Enter an amount such as 1250.00" });
    expect(parseAmount("1,25")).toEqual({ error: "Enter an amount such as 1250.00" });
    expect(parseAmount(".")).toEqual({ error: "Enter an amount such as 1250.00" });
    expect(parseAmount("1000000000000")).toEqual({ error: "Amount is too large" });
  });

  it("a refused amount is named before the line count, and never dropped silently from a valid-looking entry", () => {
    const lines = [line("1", "100", ""), line("2", "", "100"), line("3", "-50", "")];
    expect(entryTotals(lines)).toEqual({ debit: 10000n, credit: 10000n, difference: 0n });
    expect(validateEntryForm({ ...ok, lines })).toBe("Line 3 debit: Amount must not be negative");
    expect(validateEntryForm({ ...ok, lines: [line("1", "100.999", ""), line("2", "", "100.99")] })).toBe(
      "Line 1 debit: Amount must have at most 2 decimals",
    );
  });

  it("entry dates run from 1900 to 2200 and at most one year ahead, on the form and the API alike", () => {
    const ahead = latestEntryDate();
    const dayAfter = new Date(Date.parse(ahead) + 86_400_000).toISOString().slice(0, 10);
    expect(latestEntryDate(new Date("2026-11-23T10:00:00Z"))).toBe("2027-11-23");
    expect(latestEntryDate(new Date("2199-06-01T00:00:00Z"))).toBe("2200-06-01");
    expect(latestEntryDate(new Date("2200-06-01T00:00:00Z"))).toBe("2200-12-31");
    expect(validateEntryForm({ ...ok, entryDate: "1899-12-31" })).toBe("Entry date must not be before 1900-01-01");
    expect(validateEntryForm({ ...ok, entryDate: "2201-01-01" })).toBe("Entry date must not be after 2200-12-31");
    expect(validateEntryForm({ ...ok, entryDate: dayAfter })).toBe("Entry date must not be more than one year ahead");
    expect(validateEntryForm({ ...ok, entryDate: ahead })).toBeNull();
    expect(validateEntryForm({ ...ok, entryDate: "1900-01-01" })).toBeNull();
    const body = (entry_date: string) => ({
      description: "Rent",
      entry_date,
      lines: [
        { account_id: 1, debit_amount: 1, credit_amount: 0 },
        { account_id: 2, debit_amount: 0, credit_amount: 1 },
      ],
    });
    expect(entryInputSchema.safeParse(body(dayAfter)).error?.issues[0]).toMatchObject({
      path: ["entry_date"],
      message: "Entry date must not be more than one year ahead",
    });
    expect(entryInputSchema.safeParse(body("0999-01-01")).error?.issues[0]?.path).toEqual(["entry_date"]);
    expect(entryInputSchema.safeParse(body(ahead)).success).toBe(true);
  });

  it("a form is dirty only when something it would save has changed", () => {
    const blank = { description: "", entryDate: "2026-03-01", reference: "", lines: [line("", "", ""), line("", "", "")] };
    expect(isDirty(blank, blank)).toBe(false);
    expect(isDirty({ ...blank, lines: [line("", "", "")] }, blank)).toBe(false);
    expect(isDirty({ ...blank, description: "  " }, blank)).toBe(false);
    expect(isDirty({ ...blank, description: "Rent" }, blank)).toBe(true);
    expect(isDirty({ ...blank, entryDate: "2026-03-02" }, blank)).toBe(true);
    expect(isDirty({ ...blank, lines: [line("", "", "5"), line("", "", "")] }, blank)).toBe(true);
    expect(isDirty({ ...ok, lines: [ok.lines[1]!, ok.lines[0]!] }, ok)).toBe(true);
  });

  it("the account picker finds accounts by code and by name as typed", () => {
    const a = (account_code: string, account_name: string) => ({ account_code, account_name });
    const chart = [
      a("1000", "Cash"),
      a("1010", "Petty Cash"),
      a("4000", "Sales Revenue"),
      a("6000", "Rent Expense"),
      a("6100", "Office 1000 supplies"),
    ];
    const codes = (q: string) => filterAccounts(chart, q).map((x) => x.account_code);
    expect(codes("")).toEqual(["1000", "1010", "4000", "6000", "6100"]);
    expect(codes("10")).toEqual(["1000", "1010", "6100"]);
    expect(codes("1000")).toEqual(["1000", "6100"]);
    expect(codes("cash")).toEqual(["1000", "1010"]);
    expect(codes("RENT")).toEqual(["6000"]);
    expect(codes("petty ca")).toEqual(["1010"]);
    expect(codes("6000 rent")).toEqual(["6000"]);
    expect(codes("payroll")).toEqual([]);
  });
});

describe("entryFormSchema (the form's resolver)", () => {
  it("reports the form's first failing rule under root, and sends the lines that count as the API's input", () => {
    const refused = entryFormSchema.safeParse({ ...ok, lines: [line("1", "10", ""), line("2", "", "9.99")] });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["root", "Debits must equal credits"]]);

    const sent = entryFormSchema.parse({ ...ok, description: " Rent ", lines: [...ok.lines, line("", "", "")] });
    expect(sent).toEqual({
      description: "Rent",
      entry_date: "2026-03-01",
      reference: null,
      lines: [
        { account_id: 1, description: null, debit_amount: "10.00", credit_amount: "0.00" },
        { account_id: 2, description: null, debit_amount: "0.00", credit_amount: "10.00" },
      ],
    });
  });

  it("applies the API's own rules to what passes the form's (a description over 500 characters)", () => {
    const refused = entryFormSchema.safeParse({ ...ok, description: "x".repeat(501) });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.path).toEqual(["description"]);
  });
});
