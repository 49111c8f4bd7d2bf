import type { TaxCodeForm } from "./tax-codes.schema.ts";
import { BE, DE, TAX_PRESET_IDS, US, type TaxPreset, type TaxPresetId } from "./tax-presets-data.ts";

/*
 * The ready-made sets of tax codes by id (decision 112; the sets themselves, with their rates and dates, are in
 * tax-presets-data.ts), the labels of their returns' boxes, and a set's codes as the tax-code form's input.
 */

export const TAX_PRESETS: Record<TaxPresetId, TaxPreset> = { "us-sales-tax": US, "be-vat": BE, "de-vat": DE };

/** The labels of each set's return boxes, for the return's screen and paper. */
export const TAX_BOX_LABELS: Record<TaxPresetId, Record<string, string>> = {
  "us-sales-tax": {
    GROSS: "Total sales",
    TAXABLE: "Taxable sales",
    EXEMPT: "Exempt sales (resale, exempt buyers)",
    STATE: "State sales tax",
    COUNTY: "County sales tax",
    DISTRICT: "District sales taxes",
  },
  "be-vat": {
    "00": "Operations subject to a special regime or at 0%",
    "01": "Operations at 6%",
    "02": "Operations at 12%",
    "03": "Operations at 21%",
    "46": "Exempt intra-Community supplies of goods",
    "47": "Other exempt operations and operations carried out abroad",
    "54": "VAT due on operations in boxes 01, 02 and 03",
    "55": "VAT due on intra-Community acquisitions (boxes 86 and 88)",
    "59": "Deductible VAT",
    "71": "Tax due to the State",
    "72": "Amount owed by the State",
    "81": "Purchases of trading goods, raw materials and consumables",
    "82": "Purchases of services and miscellaneous goods",
    "83": "Purchases of investment goods",
    "86": "Intra-Community acquisitions of goods",
    "88": "Intra-Community services received (reverse charge)",
  },
  "de-vat": {
    "41": "Intra-EU supplies to customers with a VAT ID (Kz 41)",
    "43": "Other exempt sales with input tax deduction, such as exports (Kz 43)",
    "46": "Services received from another EU country, §13b (Kz 46)",
    "47": "VAT on services received, §13b (Kz 47)",
    "48": "Exempt sales without input tax deduction (Kz 48)",
    "61": "Input VAT on intra-EU acquisitions (Kz 61)",
    "66": "Input VAT on invoices from other businesses (Kz 66)",
    "67": "Input VAT under §13b (Kz 67)",
    "81": "Sales at 19% (Kz 81)",
    "81-tax": "VAT on sales at 19%",
    "86": "Sales at 7% (Kz 86)",
    "86-tax": "VAT on sales at 7%",
    "89": "Intra-EU acquisitions at 19% (Kz 89)",
    "89-tax": "VAT on intra-EU acquisitions at 19%",
    "83": "VAT advance payment due (Kz 83)",
  },
};

/** The set's codes as the tax-code form's input, their accounts given by code (`accountIds`: account code -> id). */
export function presetCodeInputs(preset: TaxPreset, accountIds: ReadonlyMap<string, number>): TaxCodeForm[] {
  return preset.codes.map((c) => ({
    code: c.code,
    name: c.name,
    kind: c.kind,
    applies_to: c.applies_to ?? null,
    valid_from: c.valid_from ?? null,
    valid_to: c.valid_to ?? null,
    base_boxes: c.base_boxes,
    parts: c.parts.map((p) => ({
      name: p.name,
      rate: p.rate,
      role: p.role,
      recoverable_percent: p.recoverable_percent,
      account_id: accountIds.get(p.account) ?? 0,
      boxes: p.boxes,
    })),
  }));
}

export function isTaxPresetId(value: string): value is TaxPresetId {
  return (TAX_PRESET_IDS as readonly string[]).includes(value);
}
