export {
  DATE_FORMATS,
  type DateFormat,
  detectNumberFormat,
  NUMBER_FORMATS,
  type NumberFormat,
  parseAmount,
  type Parsed,
  parseDate,
} from "./import-values.ts";
export { findHeaderRow } from "./import-layout.ts";
