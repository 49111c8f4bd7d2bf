import { describe, expect, it } from "vitest";
import { isBalanced, validateEntryForm, type EntryFormLine } from "./entry-form.ts";
import { entryInputSchema } from "./accounting.schema.ts";

const line = (accountId: string, debit: string, credit: string): EntryFormLine => ({ accountId, description: "", debit, credit });
const ok = { description: "Rent", entryDate: "2026-03-01", reference: "", lines: [line("1", "10.00", ""), line("2", "", "10")] };

describe("entry form rules, in the order of SPEC §5", () => {
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
    expect(entryInputSchema.safeParse({ ...base, lines: [l(10, 0)] }).error?.issues[0]?.message).toBe("At least two account lines are required");
    expect(entryInputSchema.safeParse({ ...base, lines: [l("10", 0), l(0, "10")] }).success).toBe(false);
    expect(entryInputSchema.safeParse({ ...base, lines: [l(0.005, 0), l(0, 0.005)] }).success).toBe(false);
    expect(entryInputSchema.safeParse({ ...base, lines: [l(5, 5), l(0, 0)] }).success).toBe(false);
  });
});
