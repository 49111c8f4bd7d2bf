import { describe, expect, it } from "vitest";
import { isDirty, newLine, type EntryFormValues } from "./entry-form.ts";
import {
  entryFormSchemaFor,
  entryPayload,
  formTaxedEntry,
  postedTotals,
  taxKey,
  taxPreview,
  validateEntryForm,
  type EntryTax,
} from "./entry-form-tax.ts";
import type { MathCode } from "./line-tax.ts";

const V21: MathCode = {
  id: 7,
  code: "V21",
  name: "VAT 21 %",
  kind: "input",
  applies_to: "purchases",
  parts: [{ part_no: 1, name: "Input VAT", rate: "21.0000", role: "deductible", recoverable_percent: "100.0000", account_id: 30 }],
};
const tax = (amounts: EntryTax["amounts"] = "exclusive"): EntryTax => ({ codes: new Map([[7, V21]]), amounts, rounding: "line" });
const purchase = (gross: string, bank: string, extra: Partial<EntryFormValues> = {}): EntryFormValues => ({
  description: "Mower",
  entryDate: "2026-03-10",
  reference: "",
  lines: [newLine({ accountId: "10", debit: gross, taxCodeId: "7" }), newLine({ accountId: "20", credit: bank })],
  ...extra,
});

describe("the entry form's tax (decision 112)", () => {
  it("takes 21 % out of 4,400.00 typed tax-inclusive: 3,636.36 and 763.64, balanced", () => {
    const values = purchase("4,400.00", "4400", { taxAmounts: "inclusive" });
    const preview = taxPreview(values, tax())!;
    expect(preview.lines.map((l) => [l.account_id, l.amount, l.tax_part_no])).toEqual([
      [10, 363636n, null],
      [20, -440000n, null],
      [30, 76364n, 1],
    ]);
    expect(postedTotals(values.lines, preview)).toEqual({ debit: 440000n, credit: 440000n, difference: 0n });
    expect(validateEntryForm(values, tax())).toBeNull();
    expect(entryPayload(values, tax())).toMatchObject({
      lines: [
        { account_id: 10, debit_amount: "4400.00", tax_code_id: 7 },
        { account_id: 20, credit_amount: "4400.00", tax_code_id: null },
      ],
      tax_amounts: "inclusive",
      tax_overrides: [],
    });
  });

  it("uses the organization's setting until the form says otherwise; no code, no tax", () => {
    expect(taxPreview(purchase("4400", "4400"), tax("inclusive"))!.amounts).toBe("inclusive");
    const untaxed = purchase("100", "100");
    untaxed.lines[0]!.taxCodeId = "";
    expect(taxPreview(untaxed, tax())).toBeNull();
    expect(entryPayload(untaxed, tax())).not.toHaveProperty("tax_amounts");
    expect(taxPreview(purchase("100", "121"), null)).toBeNull();
  });

  it("tax-exclusive lines must balance once the tax is added", () => {
    expect(validateEntryForm(purchase("100", "100"), tax())).toBe("Debits must equal credits once the tax is added");
    expect(validateEntryForm(purchase("100", "121"), tax())).toBeNull();
  });

  it("a typed tax amount within a cent is sent signed as posted; further off it is refused on its field", () => {
    const typed = purchase("100", "121.01", { taxOverrides: { [taxKey(7, 1)]: "21.01" } });
    const preview = taxPreview(typed, tax())!;
    expect(preview.overrides).toEqual([{ tax_code_id: 7, part_no: 1, amount: 2101n }]);
    expect(entryPayload(typed, tax()).tax_overrides).toEqual([{ tax_code_id: 7, part_no: 1, amount: "21.01" }]);
    const far = purchase("100", "121.02", { taxOverrides: { [taxKey(7, 1)]: "21.02" } });
    expect(taxPreview(far, tax())!.problems[taxKey(7, 1)]).toBe("Must be within 0.01 of the computed tax 21.00");
    expect(validateEntryForm(far, tax())).toBe("Tax amount: Must be within 0.01 of the computed tax 21.00");
    const same = purchase("100", "121", { taxOverrides: { [taxKey(7, 1)]: "21.00" } });
    expect(taxPreview(same, tax())!.overrides).toEqual([]);
  });

  it("the form's schema sends what the API takes", () => {
    const parsed = entryFormSchemaFor(tax()).safeParse(purchase("4400", "4400", { taxAmounts: "inclusive" }));
    expect(parsed.success).toBe(true);
    expect(entryFormSchemaFor(tax()).safeParse(purchase("100", "100")).success).toBe(false);
  });

  it("a saved draft is edited without its tax lines, a taxed line at its base, tax-exclusive", () => {
    const line = (account_id: number, debit: string, credit: string, code: number | null, part: number | null, base: string | null) => ({
      account_id,
      description: null,
      debit_amount: debit,
      credit_amount: credit,
      tax_code_id: code,
      tax_part_no: part,
      tax_base: base,
    });
    const form = formTaxedEntry([
      line(10, "3636.36", "0.00", 7, null, "3636.36"),
      line(20, "0.00", "4400.00", null, null, null),
      line(30, "763.64", "0.00", 7, 1, "3636.36"),
    ]);
    expect(form.taxAmounts).toBe("exclusive");
    expect(form.lines.map((l) => [l.accountId, l.debit, l.credit, l.taxCodeId])).toEqual([
      ["10", "3636.36", "", "7"],
      ["20", "", "4400.00", ""],
    ]);
    const values = { description: "Mower", entryDate: "2026-03-10", reference: "", ...form };
    const preview = taxPreview(values, tax())!;
    expect(preview.overrides).toEqual([]);
    expect(postedTotals(values.lines, preview).difference).toBe(0n);
    expect(formTaxedEntry([line(10, "5.00", "0.00", null, null, null)]).taxAmounts).toBeUndefined();
  });

  it("a saved draft with a partly recoverable code reopens with the part's whole tax, and posts as it was", () => {
    const half: MathCode = { ...V21, parts: [{ ...V21.parts[0]!, recoverable_percent: "50.0000" }] };
    const halfTax: EntryTax = { codes: new Map([[7, half]]), amounts: "exclusive", rounding: "line" };
    const first = purchase("100.01", "121.01");
    const posted = taxPreview(first, halfTax)!.lines;
    // 21.00 of tax: 10.50 recovered on the tax account, 10.50 left on the taxed line (a cost).
    expect(posted.map((l) => [l.account_id, l.amount])).toEqual([
      [10, 11051n],
      [20, -12101n],
      [30, 1050n],
    ]);
    const saved = posted.map((l) => ({
      account_id: l.account_id,
      description: null,
      debit_amount: l.amount > 0n ? (Number(l.amount) / 100).toFixed(2) : "0.00",
      credit_amount: l.amount < 0n ? (Number(-l.amount) / 100).toFixed(2) : "0.00",
      tax_code_id: l.tax_code_id,
      tax_part_no: l.tax_part_no,
      tax_base: l.tax_base == null ? null : (Number(l.tax_base) / 100).toFixed(2),
    }));
    const form = formTaxedEntry(saved);
    expect(form.taxOverrides).toEqual({ [taxKey(7, 1)]: "21.00" });
    const values = { description: "Mower", entryDate: "2026-03-10", reference: "", ...form };
    const again = taxPreview(values, halfTax)!;
    expect(again.problems).toEqual({});
    expect(again.overrides).toEqual([]);
    expect(again.lines.map((l) => [l.account_id, l.amount])).toEqual(posted.map((l) => [l.account_id, l.amount]));
    expect(validateEntryForm(values, halfTax)).toBeNull();
  });

  it("a tax amount typed and then cleared leaves the form as it was", () => {
    const start = purchase("100", "121");
    expect(isDirty({ ...start, taxOverrides: { [taxKey(7, 1)]: " " } }, start)).toBe(false);
    expect(isDirty({ ...start, taxOverrides: { [taxKey(7, 1)]: "21.01" } }, start)).toBe(true);
    expect(isDirty({ ...start, lines: [{ ...start.lines[0]!, taxCodeId: "" }, start.lines[1]!] }, start)).toBe(true);
  });
});
