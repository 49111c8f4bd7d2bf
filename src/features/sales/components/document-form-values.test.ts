import { describe, expect, it } from "vitest";
import type { MathCode } from "~/features/ledger/index.ts";
import {
  blankDocument,
  blankLine,
  codesFor,
  documentFormSchema,
  lineCents,
  payloadOf,
  plainDecimal,
  previewOf,
  referenceMessage,
  type DocumentFormState,
} from "./document-form-values.ts";

/** A code of one part at `rate` %: due on sales, deductible on purchases. */
const code = (id: number, appliesTo: "sales" | "purchases", rate: string): MathCode => ({
  id,
  code: appliesTo === "sales" ? `S${rate}` : `P${rate}`,
  name: `${appliesTo} ${rate}%`,
  kind: appliesTo === "sales" ? "output" : "input",
  applies_to: appliesTo,
  parts: [{ part_no: 1, name: "VAT", rate, role: appliesTo === "sales" ? "due" : "deductible", recoverable_percent: "100", account_id: 9 }],
});
const codes = new Map([
  [1, code(1, "sales", "21")],
  [2, code(2, "purchases", "21")],
]);

const doc = (o: Partial<DocumentFormState>): DocumentFormState => ({ ...blankDocument("invoice", "2026-09-01", "exclusive"), ...o });

describe("the document form's preview", () => {
  it("prices an invoice as the server does: quantity × price less the discount, tax per line", () => {
    // The integration test's first invoice: 7.50 untaxed; 39.98 less 10 % = 35.98, its tax 21 % = 7.56.
    const v = doc({
      lines: [
        blankLine({ description: "Bread", quantity: "3", unit_price: "2.50", account_id: "5" }),
        blankLine({ description: "Cake", quantity: "2", unit_price: "19.99", discount_percent: "10", account_id: "5", tax_code_id: "1" }),
      ],
    });
    const p = previewOf(v, codes, "line");
    expect(p.amounts).toEqual([750n, 3598n]);
    expect([p.subtotal, p.tax, p.total]).toEqual([4348n, 756n, 5104n]);
    expect(p.taxes).toEqual([{ tax_code_id: 1, code: "S21", name: "sales 21%", amount: 756n }]);
  });

  it("takes the tax out of amounts typed inclusive of it, and counts a credit note's figures positive", () => {
    const lines = [blankLine({ quantity: "1", unit_price: "121", account_id: "5", tax_code_id: "1" })];
    for (const kind of ["invoice", "credit_note"] as const) {
      const p = previewOf(doc({ kind, amounts_are: "inclusive", lines }), codes, "line");
      expect([p.subtotal, p.tax, p.total]).toEqual([10000n, 2100n, 12100n]);
    }
  });

  it("adds the deductible tax to a bill", () => {
    const p = previewOf(
      doc({ kind: "bill", lines: [blankLine({ quantity: "100", unit_price: "0.35", account_id: "6", tax_code_id: "2" })] }),
      codes,
      "line",
    );
    expect([p.subtotal, p.tax, p.total]).toEqual([3500n, 735n, 4235n]);
  });

  it("counts a line it cannot read yet as nothing", () => {
    expect(lineCents(blankLine({ quantity: "", unit_price: "10" }))).toBeNull();
    expect(lineCents(blankLine({ quantity: "1,000", unit_price: "1.5" }))).toBe(150000n);
    expect(lineCents(blankLine({ quantity: "1", unit_price: "10", discount_percent: "120" }))).toBeNull();
    const p = previewOf(
      doc({ lines: [blankLine({ quantity: "x", unit_price: "10" }), blankLine({ quantity: "1", unit_price: "10" })] }),
      codes,
      "line",
    );
    expect(p.amounts).toEqual([null, 1000n]);
    expect(p.total).toBe(1000n);
  });
});

describe("what the document form sends", () => {
  it("blank texts as null, a blank discount as 0, ids as numbers", () => {
    const payload = payloadOf(
      doc({
        contact_id: "7",
        lines: [blankLine({ description: "Cake", quantity: "2", unit_price: "5", account_id: "3", tax_code_id: "" })],
      }),
    );
    expect(payload).toMatchObject({
      kind: "invoice",
      contact_id: 7,
      due_date: null,
      reference: null,
      notes: null,
      credits_document_id: null,
    });
    expect(payload.lines).toEqual([
      { description: "Cake", quantity: "2", unit_price: "5", discount_percent: "0", account_id: 3, tax_code_id: null },
    ]);
    expect(payloadOf(doc({})).contact_id).toBe(0);
  });

  it("offers a line the codes of its side valid on the date, and keeps its own", () => {
    const all = [
      { ...code(1, "sales", "21"), valid_from: null, valid_to: "2026-06-30", base_boxes: [], archived: false, parts: [] },
      { ...code(3, "sales", "6"), valid_from: null, valid_to: null, base_boxes: [], archived: false, parts: [] },
      { ...code(2, "purchases", "21"), valid_from: null, valid_to: null, base_boxes: [], archived: false, parts: [] },
    ];
    expect(codesFor(all, "invoice", "2026-09-01", []).map((c) => c.id)).toEqual([3]);
    expect(codesFor(all, "invoice", "2026-09-01", ["1"]).map((c) => c.id)).toEqual([1, 3]);
    expect(codesFor(all, "supplier_credit", "2026-09-01", []).map((c) => c.id)).toEqual([2]);
  });

  it("writes stored decimals as typed", () => {
    expect(["2.5000", "400.0000", "19.9900", "3"].map(plainDecimal)).toEqual(["2.5", "400", "19.99", "3"]);
  });
});

describe("the document form's refusals", () => {
  const messages = (v: DocumentFormState) => {
    const r = documentFormSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  const line = blankLine({ description: "Flour", unit_price: "10", account_id: "5" });

  it("name the issue date as the form does, with an entry date's rules", () => {
    const bill = (issue_date: string) => messages(doc({ kind: "bill", contact_id: "3", issue_date, lines: [line] })).issue_date;
    expect(bill("")).toBe("Issue date is required");
    expect(bill("2026-02-30")).toBe("Issue date is required");
    expect(bill("1899-12-31")).toBe("Issue date must not be before 1900-01-01");
    expect(bill("2201-01-01")).toBe("Issue date must not be after 2200-12-31");
    const ahead = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    expect(bill(ahead)).toBe("Issue date must not be more than one year ahead");
    expect(bill("2026-09-01")).toBeUndefined();
  });

  it("name a bill's reference as its field is labelled: the supplier's invoice number", () => {
    const long = "N".repeat(101);
    const said = messages(doc({ kind: "bill", contact_id: "3", reference: long, lines: [line] })).reference;
    expect(said).toBe("Reference must be at most 100 characters");
    expect(referenceMessage("bill", said)).toBe("Supplier's invoice number must be at most 100 characters");
    expect(referenceMessage("invoice", said)).toBe("Reference must be at most 100 characters");
    expect(referenceMessage("bill", undefined)).toBeUndefined();
  });
});
