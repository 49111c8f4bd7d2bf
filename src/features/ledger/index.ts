/** What other features may use of the ledger, in the browser and on the server alike (no server module here). */
export {
  ACCOUNT_DETAIL_TYPES,
  ACCOUNT_TYPES,
  type AccountDetailType,
  type AccountType,
  accountTypeOfDetail,
  balanceCents,
  defaultDetailType,
  DETAIL_TYPE_LABELS,
  DETAIL_TYPES_BY_ACCOUNT_TYPE,
  detailTypeFits,
  parseDetailType,
} from "./account-types.ts";
export { AccountCombobox } from "./components/account-combobox.tsx";
export { AccountOptions } from "./components/account-options.tsx";
export { AmountInput } from "./components/amount-input.tsx";
export { booksPath, BooksProvider, useBooks, useBooksOrgId, useMoney } from "./components/books-context.tsx";
export { EntryDocuments } from "./components/entry-documents.tsx";
export { RemoveLineButton } from "./components/remove-line-button.tsx";
export {
  RecurringRow,
  RecurringTable,
  type RecurringAction,
  type RecurringColumns,
  type RecurringRowView,
} from "./components/recurring-list.tsx";
export {
  addMonths,
  type Comparison,
  COMPARISON_LABELS,
  COMPARISONS,
  defaultPeriod,
  fiscalYearStart,
  PERIOD_PRESETS,
  type PeriodPreset,
  PRESET_LABELS,
  presetPeriod,
  previousPeriod,
  previousPosition,
  previousYear,
} from "./periods.ts";
export { fiscalYear, type FiscalYear, withoutClosingEntries } from "./year-end-close.ts";
export {
  TAX_AMOUNTS,
  TAX_APPLIES_TO,
  TAX_BASES,
  TAX_KIND_LABELS,
  TAX_KINDS,
  TAX_PART_ROLES,
  TAX_ROUNDINGS,
  type TaxAmounts,
  type TaxAppliesTo,
  type TaxBasis,
  type TaxCode,
  type TaxCodePart,
  type TaxKind,
  type TaxPartRole,
  type TaxRounding,
  type TaxSettings,
} from "./tax.types.ts";
export { chargedRate, rateMillionths, roundDiv, taxEntry, type MathCode, type MathLine, type PostedLine } from "./line-tax.ts";
export { dayLabel, nextRunOnOrAfter, previousDay, runDates, type Frequency, type Schedule } from "./recurrence.ts";
