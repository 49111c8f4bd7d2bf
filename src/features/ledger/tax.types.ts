/** Tax codes as the journal uses them (the ledger posts a line's tax; the tax feature keeps the codes and the returns). */
/**
 * Sales tax and VAT (decision 112, migration 0040). A tax code is what a journal line is taxed with; its parts are the
 * taxes it makes, each posted to its own account. Rates are percentages written with up to 4 decimals ("21.0000").
 */
export const TAX_KINDS = ["output", "input", "reverse_charge", "exempt", "zero_rated", "out_of_scope"] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

export const TAX_KIND_LABELS: Record<TaxKind, string> = {
  output: "Output tax (sales)",
  input: "Input tax (purchases)",
  reverse_charge: "Reverse charge",
  exempt: "Exempt",
  zero_rated: "Zero-rated",
  out_of_scope: "Out of scope",
};

export const TAX_APPLIES_TO = ["sales", "purchases"] as const;
export type TaxAppliesTo = (typeof TAX_APPLIES_TO)[number];

/** `due`: owed to the tax authority; `deductible`: reclaimed from it. */
export const TAX_PART_ROLES = ["due", "deductible"] as const;
export type TaxPartRole = (typeof TAX_PART_ROLES)[number];

/** How amounts are typed on an entry: without the tax (it is added) or with it (it is taken out). */
export const TAX_AMOUNTS = ["exclusive", "inclusive"] as const;
export type TaxAmounts = (typeof TAX_AMOUNTS)[number];

/** Tax rounded on each line, or once per document and code (then shared out over the lines). */
export const TAX_ROUNDINGS = ["line", "document"] as const;
export type TaxRounding = (typeof TAX_ROUNDINGS)[number];

/** When tax is due: on the invoice's date, or when it is paid (US sales tax may be kept on a cash basis). */
export const TAX_BASES = ["invoice", "cash"] as const;
export type TaxBasis = (typeof TAX_BASES)[number];

export interface TaxCodePart {
  part_no: number;
  name: string;
  /** Percent, 4 decimals: "21.0000". */
  rate: string;
  role: TaxPartRole;
  /** Percent of a deductible part that is reclaimed; the rest stays on the taxed line. "100.0000" for a due part. */
  recoverable_percent: string;
  account_id: number;
  boxes: string[];
}

export interface TaxCode {
  id: number;
  code: string;
  name: string;
  kind: TaxKind;
  applies_to: TaxAppliesTo;
  valid_from: string | null;
  valid_to: string | null;
  base_boxes: string[];
  archived: boolean;
  parts: TaxCodePart[];
}

export interface TaxSettings {
  tax_amounts: TaxAmounts;
  tax_rounding: TaxRounding;
  tax_basis: TaxBasis;
}

