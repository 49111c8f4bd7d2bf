import type { TaxAppliesTo, TaxKind, TaxPartRole } from "~/features/ledger/index.ts";

/*
 * Ready-made sets of tax codes a firm starts from (decision 112), and the labels of their returns' boxes. Each set
 * names the accounts its tax goes to (made in the chart when missing, an account of the same code reused) and the
 * codes (a code already in the books is left as it is). A firm adds, ends and changes codes of its own afterwards.
 *
 * The rates are examples as published when they were written (the dates are on each set): tax authorities change
 * them, and the firm checks them against the authority's current tables before using them.
 *
 * Boxes are the return's own numbers where it has them. Where a form has a tax column beside a base box with no
 * number of its own (Germany's UStVA: the tax on Kennzahl 81 is written next to it), the tax's box is the base box
 * followed by "-tax" ("81-tax"). The US has no one return: its boxes are named (GROSS, TAXABLE, STATE, ...).
 */

export const TAX_PRESET_IDS = ["us-sales-tax", "be-vat", "de-vat"] as const;
export type TaxPresetId = (typeof TAX_PRESET_IDS)[number];

export interface TaxPresetAccount {
  code: string;
  name: string;
  type: "Asset" | "Liability";
}

export interface TaxPresetPart {
  name: string;
  rate: string;
  role: TaxPartRole;
  recoverable_percent?: string;
  /** The account's code, one of the set's accounts. */
  account: string;
  boxes: string[];
}

export interface TaxPresetCode {
  code: string;
  name: string;
  kind: TaxKind;
  applies_to?: TaxAppliesTo;
  valid_from?: string;
  valid_to?: string;
  base_boxes: string[];
  parts: TaxPresetPart[];
}

export interface TaxPreset {
  id: TaxPresetId;
  name: string;
  /** What it holds and the date its rates were taken. */
  description: string;
  accounts: TaxPresetAccount[];
  codes: TaxPresetCode[];
}

const due = (name: string, rate: string, account: string, boxes: string[]): TaxPresetPart => ({ name, rate, role: "due", account, boxes });
const deductible = (name: string, rate: string, account: string, boxes: string[]): TaxPresetPart => ({
  name,
  rate,
  role: "deductible",
  account,
  boxes,
});

/**
 * United States, California (rates of the California Department of Tax and Fee Administration as of 2025-04-01):
 * the statewide 6.00 % plus the 1.25 % local rate (shown as the county's), plus each county's district taxes. Los
 * Angeles County went from 9.50 % to 9.75 % on 2025-04-01: two codes, the first ended the day before, so that sales
 * before that day keep their rate. Each jurisdiction's tax goes to a liability account of its own.
 */
export const US: TaxPreset = {
  id: "us-sales-tax",
  name: "US sales tax (California example)",
  description: "State, county and district sales tax for Los Angeles and San Diego counties, rates as of 2025-04-01",
  accounts: [
    { code: "2310", name: "Sales tax payable - California (state)", type: "Liability" },
    { code: "2311", name: "Sales tax payable - Los Angeles County", type: "Liability" },
    { code: "2312", name: "Sales tax payable - Los Angeles County districts", type: "Liability" },
    { code: "2313", name: "Sales tax payable - San Diego County", type: "Liability" },
    { code: "2314", name: "Sales tax payable - San Diego County districts", type: "Liability" },
  ],
  codes: [
    {
      code: "CA-LA",
      name: "Los Angeles County 9.50%",
      kind: "output",
      valid_to: "2025-03-31",
      base_boxes: ["GROSS", "TAXABLE"],
      parts: [
        due("California state", "6.0000", "2310", ["STATE"]),
        due("Los Angeles County", "1.2500", "2311", ["COUNTY"]),
        due("Los Angeles County districts", "2.2500", "2312", ["DISTRICT"]),
      ],
    },
    {
      code: "CA-LA-2025",
      name: "Los Angeles County 9.75%",
      kind: "output",
      valid_from: "2025-04-01",
      base_boxes: ["GROSS", "TAXABLE"],
      parts: [
        due("California state", "6.0000", "2310", ["STATE"]),
        due("Los Angeles County", "1.2500", "2311", ["COUNTY"]),
        due("Los Angeles County districts", "2.5000", "2312", ["DISTRICT"]),
      ],
    },
    {
      code: "CA-SD",
      name: "San Diego County 7.75%",
      kind: "output",
      base_boxes: ["GROSS", "TAXABLE"],
      parts: [
        due("California state", "6.0000", "2310", ["STATE"]),
        due("San Diego County", "1.2500", "2313", ["COUNTY"]),
        due("San Diego County districts", "0.5000", "2314", ["DISTRICT"]),
      ],
    },
    {
      code: "EXEMPT",
      name: "Exempt sale (resale certificate, exempt buyer)",
      kind: "exempt",
      applies_to: "sales",
      base_boxes: ["GROSS", "EXEMPT"],
      parts: [],
    },
    { code: "OOS", name: "Out of scope (not a sale)", kind: "out_of_scope", applies_to: "sales", base_boxes: [], parts: [] },
  ],
};

/** Belgium (SPF Finances' periodic VAT return; rates 21, 12, 6 and 0 % as of 2025-01-01). */
export const BE: TaxPreset = {
  id: "be-vat",
  name: "Belgium VAT",
  description:
    "Belgian VAT at 21, 12, 6 and 0 %, intra-EU reverse charges and exemptions, with the return's boxes (rates as of 2025-01-01)",
  accounts: [
    { code: "2320", name: "VAT payable 21%", type: "Liability" },
    { code: "2321", name: "VAT payable 12%", type: "Liability" },
    { code: "2322", name: "VAT payable 6%", type: "Liability" },
    { code: "2325", name: "VAT due on intra-EU acquisitions", type: "Liability" },
    { code: "1420", name: "VAT deductible", type: "Asset" },
  ],
  codes: [
    ...(
      [
        ["21", "03", "2320"],
        ["12", "02", "2321"],
        ["06", "01", "2322"],
      ] as const
    ).map(([rate, box, account]) => ({
      code: `BE-S${rate}`,
      name: `Sales at ${Number(rate)}%`,
      kind: "output" as const,
      base_boxes: [box],
      parts: [due(`VAT ${Number(rate)}%`, `${Number(rate)}.0000`, account, ["54"])],
    })),
    { code: "BE-S00", name: "Sales at 0%", kind: "zero_rated", applies_to: "sales", base_boxes: ["00"], parts: [] },
    ...(
      [
        ["G", "81", "goods for resale"],
        ["S", "82", "services and other goods"],
        ["I", "83", "investment goods"],
      ] as const
    ).flatMap(([letter, box, what]) =>
      (["21", "12", "06"] as const).map((rate) => ({
        code: `BE-P${rate}${letter}`,
        name: `Purchases of ${what} at ${Number(rate)}%`,
        kind: "input" as const,
        base_boxes: [box],
        parts: [deductible(`Deductible VAT ${Number(rate)}%`, `${Number(rate)}.0000`, "1420", ["59"])],
      })),
    ),
    {
      code: "BE-ICA21",
      name: "Intra-EU acquisition of goods at 21% (reverse charge)",
      kind: "reverse_charge",
      base_boxes: ["86", "82"],
      parts: [due("VAT due 21%", "21.0000", "2325", ["55"]), deductible("VAT deductible 21%", "21.0000", "1420", ["59"])],
    },
    {
      code: "BE-ICS21",
      name: "Intra-EU services received at 21% (reverse charge)",
      kind: "reverse_charge",
      base_boxes: ["88", "82"],
      parts: [due("VAT due 21%", "21.0000", "2325", ["55"]), deductible("VAT deductible 21%", "21.0000", "1420", ["59"])],
    },
    { code: "BE-ICL", name: "Intra-EU supply of goods (exempt)", kind: "exempt", applies_to: "sales", base_boxes: ["46"], parts: [] },
    { code: "BE-EX", name: "Other exempt sales", kind: "exempt", applies_to: "sales", base_boxes: ["47"], parts: [] },
  ],
};

/** Germany (the UStVA's Kennzahlen of the 2025 form; rates 19 and 7 % as of 2025-01-01). */
export const DE: TaxPreset = {
  id: "de-vat",
  name: "Germany VAT (Umsatzsteuer)",
  description:
    "German VAT at 19 and 7 %, input tax, intra-EU acquisitions, §13b reverse charge and exemptions, with the UStVA's Kennzahlen (rates as of 2025-01-01)",
  accounts: [
    { code: "2330", name: "VAT payable 19% (Umsatzsteuer 19%)", type: "Liability" },
    { code: "2331", name: "VAT payable 7% (Umsatzsteuer 7%)", type: "Liability" },
    { code: "2335", name: "VAT due on intra-EU acquisitions 19%", type: "Liability" },
    { code: "2336", name: "VAT due under reverse charge (§13b) 19%", type: "Liability" },
    { code: "1430", name: "Input VAT 19% (Vorsteuer 19%)", type: "Asset" },
    { code: "1431", name: "Input VAT 7% (Vorsteuer 7%)", type: "Asset" },
    { code: "1435", name: "Input VAT on intra-EU acquisitions 19%", type: "Asset" },
    { code: "1436", name: "Input VAT under reverse charge (§13b) 19%", type: "Asset" },
  ],
  codes: [
    {
      code: "DE-U19",
      name: "Sales at 19%",
      kind: "output",
      base_boxes: ["81"],
      parts: [due("Umsatzsteuer 19%", "19.0000", "2330", ["81-tax"])],
    },
    {
      code: "DE-U7",
      name: "Sales at 7%",
      kind: "output",
      base_boxes: ["86"],
      parts: [due("Umsatzsteuer 7%", "7.0000", "2331", ["86-tax"])],
    },
    {
      code: "DE-V19",
      name: "Purchases at 19%",
      kind: "input",
      base_boxes: [],
      parts: [deductible("Vorsteuer 19%", "19.0000", "1430", ["66"])],
    },
    {
      code: "DE-V7",
      name: "Purchases at 7%",
      kind: "input",
      base_boxes: [],
      parts: [deductible("Vorsteuer 7%", "7.0000", "1431", ["66"])],
    },
    {
      code: "DE-IGE19",
      name: "Intra-EU acquisition at 19% (innergemeinschaftlicher Erwerb)",
      kind: "reverse_charge",
      base_boxes: ["89"],
      parts: [due("Umsatzsteuer 19%", "19.0000", "2335", ["89-tax"]), deductible("Vorsteuer 19%", "19.0000", "1435", ["61"])],
    },
    {
      code: "DE-13B19",
      name: "Services from another EU country at 19% (§13b reverse charge)",
      kind: "reverse_charge",
      base_boxes: ["46"],
      parts: [due("Umsatzsteuer 19%", "19.0000", "2336", ["47"]), deductible("Vorsteuer 19%", "19.0000", "1436", ["67"])],
    },
    { code: "DE-IGL", name: "Intra-EU supply of goods (exempt)", kind: "exempt", applies_to: "sales", base_boxes: ["41"], parts: [] },
    {
      code: "DE-EXP",
      name: "Exports (exempt with input tax deduction)",
      kind: "zero_rated",
      applies_to: "sales",
      base_boxes: ["43"],
      parts: [],
    },
    {
      code: "DE-FREI",
      name: "Exempt sales without input tax deduction",
      kind: "exempt",
      applies_to: "sales",
      base_boxes: ["48"],
      parts: [],
    },
  ],
};
