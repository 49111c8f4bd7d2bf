export { type GeneralLedger } from "./general-ledger.ts";
export {
  longDate,
  MAX_PRINTED_LINES,
  monthName,
  type PrintableReport,
  printBooks,
  type PrintBooks,
  type PrintColumn,
  printedLinesMessage,
  type PrintRow,
} from "./report-print.ts";
export { PeriodPresetOptions, presetPeriodToday, presetToday } from "./components/report-period-choices.tsx";
