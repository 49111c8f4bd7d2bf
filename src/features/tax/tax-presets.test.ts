import { describe, expect, it } from "vitest";
import { taxCodeSchema } from "./tax-codes.schema.ts";
import { presetCodeInputs, TAX_BOX_LABELS, TAX_PRESETS } from "./tax-presets.ts";
import { TAX_PRESET_IDS } from "./tax-presets-data.ts";

describe("the ready-made sets of tax codes", () => {
  for (const id of TAX_PRESET_IDS) {
    const preset = TAX_PRESETS[id];
    it(`${id}: every code is one the form accepts, on accounts of the set, each box labelled`, () => {
      const accounts = new Map(preset.accounts.map((a, i) => [a.code, i + 1]));
      for (const form of presetCodeInputs(preset, accounts)) {
        const parsed = taxCodeSchema.safeParse(form);
        expect(parsed.error?.issues ?? [], form.code).toEqual([]);
        expect(
          (form.parts ?? []).every((p) => p.account_id > 0),
          form.code,
        ).toBe(true);
      }
      expect(new Set(preset.codes.map((c) => c.code)).size).toBe(preset.codes.length);
      const boxes = preset.codes.flatMap((c) => [...c.base_boxes, ...c.parts.flatMap((p) => p.boxes)]);
      expect(boxes.filter((b) => !TAX_BOX_LABELS[id][b])).toEqual([]);
      // Every account of the set is used by one of its codes.
      const used = new Set(preset.codes.flatMap((c) => c.parts.map((p) => p.account)));
      expect(preset.accounts.filter((a) => !used.has(a.code))).toEqual([]);
    });
  }

  it("a rate change is a new code from the next day: Los Angeles County's two codes meet without overlap", () => {
    const [before, after] = ["CA-LA", "CA-LA-2025"].map((code) => TAX_PRESETS["us-sales-tax"].codes.find((c) => c.code === code)!);
    expect([before!.valid_to, after!.valid_from]).toEqual(["2025-03-31", "2025-04-01"]);
  });

  it("a reverse charge's due and deductible parts carry the same rate", () => {
    for (const id of TAX_PRESET_IDS)
      for (const c of TAX_PRESETS[id].codes.filter((x) => x.kind === "reverse_charge"))
        expect(new Set(c.parts.map((p) => p.rate)).size, c.code).toBe(1);
  });
});
