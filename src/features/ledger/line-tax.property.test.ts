import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RATE_SCALE, overrideOutside, rateMillionths, roundDiv, shareOut, taxEntry, type MathCode, type MathLine } from "./line-tax.ts";

/*
 * The rule of decision 112, checked on worked examples and on random documents: what is posted balances as typed, and
 * a document's tax differs from the sum of its lines' taxes by no more than the rounding rule allows.
 */

const EXPENSE = 1;
const BANK = 2;
const VAT_IN = 3;
const VAT_OUT = 4;
const SALES = 5;
const STATE = 6;
const COUNTY = 7;
const CITY = 8;

const input = (rate: string, recoverable = "100"): MathCode => ({
  id: 10,
  code: `IN${rate}`,
  name: `Input VAT ${rate}%`,
  kind: "input",
  applies_to: "purchases",
  parts: [{ part_no: 1, name: "deductible", rate, role: "deductible", recoverable_percent: recoverable, account_id: VAT_IN }],
});
const output = (rate: string): MathCode => ({
  id: 11,
  code: `OUT${rate}`,
  name: `Output VAT ${rate}%`,
  kind: "output",
  applies_to: "sales",
  parts: [{ part_no: 1, name: "due", rate, role: "due", recoverable_percent: "100", account_id: VAT_OUT }],
});
const reverse: MathCode = {
  id: 12,
  code: "ICA21",
  name: "Intra-EU acquisition 21%",
  kind: "reverse_charge",
  applies_to: "purchases",
  parts: [
    { part_no: 1, name: "due", rate: "21", role: "due", recoverable_percent: "100", account_id: VAT_OUT },
    { part_no: 2, name: "deductible", rate: "21", role: "deductible", recoverable_percent: "100", account_id: VAT_IN },
  ],
};
const losAngeles: MathCode = {
  id: 13,
  code: "CA-LA",
  name: "Los Angeles",
  kind: "output",
  applies_to: "sales",
  parts: [
    { part_no: 1, name: "State", rate: "6.0000", role: "due", recoverable_percent: "100", account_id: STATE },
    { part_no: 2, name: "County", rate: "0.2500", role: "due", recoverable_percent: "100", account_id: COUNTY },
    { part_no: 3, name: "City", rate: "3.2500", role: "due", recoverable_percent: "100", account_id: CITY },
  ],
};
const codes = (...cs: MathCode[]) => new Map(cs.map((c) => [c.id, c]));
const line = (account_id: number, amount: bigint, tax_code_id: number | null = null): MathLine => ({
  account_id,
  description: null,
  amount,
  tax_code_id,
});
const total = (lines: { amount: bigint }[]) => lines.reduce((s, l) => s + l.amount, 0n);

describe("tax of an entry: worked examples", () => {
  it("a 4,400.00 mower with 21 % VAT, tax-inclusive: 3,636.36 of equipment and 763.64 of VAT, still 4,400.00", () => {
    const code = input("21");
    const { lines } = taxEntry([line(EXPENSE, 440000n, code.id), line(BANK, -440000n)], codes(code), "inclusive", "line");
    expect(lines.map((l) => [l.account_id, l.amount, l.tax_base])).toEqual([
      [EXPENSE, 363636n, 363636n],
      [BANK, -440000n, null],
      [VAT_IN, 76364n, 363636n],
    ]);
    expect(total(lines)).toBe(0n);
  });

  it("tax-exclusive: 100.00 of sales at 21 % makes a 21.00 credit of output VAT", () => {
    const code = output("21");
    const { lines } = taxEntry([line(SALES, -10000n, code.id), line(BANK, 12100n)], codes(code), "exclusive", "line");
    expect(lines.map((l) => [l.account_id, l.amount])).toEqual([
      [SALES, -10000n],
      [BANK, 12100n],
      [VAT_OUT, -2100n],
    ]);
    expect(total(lines)).toBe(0n);
  });

  it("an intra-EU acquisition: 21 % due and 21 % deductible, nothing charged, the entry as typed", () => {
    const { lines } = taxEntry([line(EXPENSE, 100000n, reverse.id), line(BANK, -100000n)], codes(reverse), "inclusive", "line");
    expect(lines.map((l) => [l.account_id, l.amount, l.tax_part_no])).toEqual([
      [EXPENSE, 100000n, null],
      [BANK, -100000n, null],
      [VAT_OUT, -21000n, 1],
      [VAT_IN, 21000n, 2],
    ]);
  });

  it("half of the input VAT recoverable: the other half stays on the cost", () => {
    const code = input("21", "50");
    const { lines } = taxEntry([line(EXPENSE, 12100n, code.id), line(BANK, -12100n)], codes(code), "inclusive", "line");
    expect(lines.map((l) => [l.account_id, l.amount, l.tax_base])).toEqual([
      [EXPENSE, 11050n, 10000n],
      [BANK, -12100n, null],
      [VAT_IN, 1050n, 10000n],
    ]);
  });

  it("Los Angeles sales tax: state, county and city, each to its own account", () => {
    const { lines } = taxEntry([line(SALES, -109500n, losAngeles.id), line(BANK, 109500n)], codes(losAngeles), "inclusive", "line");
    expect(lines.map((l) => [l.account_id, l.amount])).toEqual([
      [SALES, -100000n],
      [BANK, 109500n],
      [STATE, -6000n],
      [COUNTY, -250n],
      [CITY, -3250n],
    ]);
  });

  it("rounded per line, three lines of 0.05 at 21 % make 0.03; per document 0.03 too, but 0.15 → 0.03 not 0.01+0.01+0.01", () => {
    const code = output("21");
    const lines = [line(SALES, -5n, code.id), line(SALES, -5n, code.id), line(SALES, -5n, code.id)];
    const perLine = taxEntry(lines, codes(code), "exclusive", "line").lines.at(-1)!;
    const perDocument = taxEntry(lines, codes(code), "exclusive", "document").lines.at(-1)!;
    expect(perLine.amount).toBe(-3n); // 1.05 cents each, rounded to 1
    expect(perDocument.amount).toBe(-3n); // 3.15 cents, rounded once
    const four = [...lines, line(SALES, -5n, code.id)];
    expect(taxEntry(four, codes(code), "exclusive", "line").lines.at(-1)!.amount).toBe(-4n);
    expect(taxEntry(four, codes(code), "exclusive", "document").lines.at(-1)!.amount).toBe(-4n); // 4.2 → 4
    const six = [...four, line(SALES, -7n, code.id), line(SALES, -7n, code.id)];
    // 4 × 1.05 + 2 × 1.47 = 7.14 cents: per line 4 × 1 + 2 × 1 = 6, per document 7.
    expect(taxEntry(six, codes(code), "exclusive", "line").lines.at(-1)!.amount).toBe(-6n);
    expect(taxEntry(six, codes(code), "exclusive", "document").lines.at(-1)!.amount).toBe(-7n);
  });

  it("a typed tax within a cent is posted, tax-inclusive the base absorbs it; further off is refused", () => {
    const code = input("21");
    const typed = [{ tax_code_id: code.id, part_no: 1, amount: 76365n }];
    const { lines, computed } = taxEntry([line(EXPENSE, 440000n, code.id), line(BANK, -440000n)], codes(code), "inclusive", "line", typed);
    expect(lines.map((l) => l.amount)).toEqual([363635n, -440000n, 76365n]);
    expect(overrideOutside(computed, typed)).toBeNull();
    expect(overrideOutside(computed, [{ ...typed[0]!, amount: 76366n }])?.computed).toBe(76364n);
  });

  it("rates: up to 4 decimals", () => {
    expect(rateMillionths("21")).toBe(210000n);
    expect(rateMillionths("0.2500")).toBe(2500n);
    expect(rateMillionths("9.12345")).toBeNull();
    expect(roundDiv(-5n, 2n)).toBe(-3n);
    expect(shareOut(3n, [1n, 1n, 1n], 1n)).toEqual([1n, 1n, 1n]);
  });
});

describe("tax of an entry: properties", () => {
  const cents = fc.bigInt({ min: 1n, max: 10_000_000n }).chain((c) => fc.constantFrom(c, -c));
  const rate = fc.integer({ min: 0, max: 250_000 }).map((n) => `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, "0")}`);
  const doc = fc.record({
    amounts: fc.array(cents, { minLength: 1, maxLength: 30 }),
    rate,
    sales: fc.boolean(),
    inclusive: fc.boolean(),
    recoverable: fc.constantFrom("100", "50", "0", "33.3333"),
  });

  it("posted lines add up to what was typed; the document's tax and its lines' taxes differ within the rule", () => {
    fc.assert(
      fc.property(doc, ({ amounts, rate, sales, inclusive, recoverable }) => {
        const code = sales ? output(rate) : input(rate, recoverable);
        const typed = amounts.map((a) => line(sales ? SALES : EXPENSE, a, code.id));
        const mode = inclusive ? "inclusive" : "exclusive";
        const perLine = taxEntry(typed, codes(code), mode, "line").lines;
        const perDocument = taxEntry(typed, codes(code), mode, "document").lines;
        const exactTax = (posted: typeof perLine) => {
          const bases = posted.filter((l) => l.tax_part_no === null).reduce((s, l) => s + l.tax_base!, 0n);
          return roundDiv(bases * rateMillionths(rate)!, RATE_SCALE);
        };
        const tax = (posted: typeof perLine) => {
          const taxed = posted.filter((l) => l.tax_part_no === null);
          // The tax of each line: what is posted to the tax account plus what stayed on the line as a cost.
          return taxed.reduce((s, l) => s + (l.amount - l.tax_base!), 0n) + posted.filter((l) => l.tax_part_no !== null).reduce((s, l) => s + l.amount, 0n);
        };
        const n = BigInt(amounts.length);
        for (const posted of [perLine, perDocument]) {
          // Inclusive: the gross typed is what is posted. Exclusive: the typed lines plus their tax.
          if (inclusive) expect(total(posted)).toBe(total(typed));
          else expect(total(posted)).toBe(total(typed) + tax(posted));
          expect(posted.every((l) => l.amount !== 0n || l.tax_part_no !== null)).toBe(true);
        }
        if (!inclusive) {
          const diffLine = tax(perLine) - exactTax(perLine);
          expect(diffLine < 0n ? -diffLine : diffLine).toBeLessThanOrEqual((n + 1n) / 2n);
          expect(tax(perDocument)).toBe(exactTax(perDocument));
        }
      }),
      { numRuns: 400 },
    );
  });
});
