import type { AccountType } from "~/features/ledger/index.ts";
import type { ColumnMapping, Encoding, ImportKind } from "./import.schema.ts";
import type { DateFormat, NumberFormat } from "./import-values.ts";

/** What the import API answers: the preview of a file as read, and the result of a commit. */

export interface ImportSettings {
  encoding: Encoding;
  delimiter: "comma" | "semicolon" | "tab";
  /** The row that names the columns (0-based among the rows that are not blank), -1 when none does. */
  header_row: number;
  date_format: DateFormat;
  number_format: NumberFormat;
  mapping: ColumnMapping;
}

export interface ImportRowError {
  line: number;
  column: string;
  message: string;
}

export interface MissingAccount {
  /** The account cell as the file writes it. */
  value: string;
  /** The name the new account would get. */
  name: string;
  suggested_type: AccountType;
  lines: number;
}

/** A chart file's account whose code the chart already has under another name or type. */
export interface ChartConflict {
  code: string;
  /** The file's line. */
  line: number;
  ours: { name: string; type: AccountType; active: boolean };
  theirs: { name: string; type: AccountType };
  /** Why ours cannot take the file's name and type (then only keep or another code), or null. */
  theirs_refused: string | null;
  /** A free code the file's account could be imported under instead. */
  free_code: string;
}

/** What importing opening balances would post. */
export interface OpeningPreview {
  /** The date they are imported as of (null until one is given). */
  as_of: string | null;
  /** The accounts given a balance. */
  accounts: number;
  /** What goes to Opening Balance Equity: the debits above the credits (negative: the credits above). */
  difference: string;
  /** The opening entry saved before, reversed when these are imported. */
  replaces: string | null;
}

export interface ImportPreview {
  kind: ImportKind;
  settings: ImportSettings;
  /** True when the mapping and formats came from the last import of this layout. */
  remembered: boolean;
  columns: string[];
  /** Fields the mapping still lacks (nothing can be imported until it has them). */
  missing_fields: string[];
  /** The first rows as read, with their line numbers. */
  rows: { line: number; cells: string[] }[];
  /** The file's first rows (up to HEADER_ROWS), header and notes above it included: where a header row is chosen. */
  head: { line: number; cells: string[] }[];
  errors: ImportRowError[];
  error_count: number;
  /** Rows that would be new (accounts, or entries and their lines) and the ones already there. */
  summary: { new_items: number; existing_items: number; lines: number; debits: string; credits: string };
  missing_accounts: MissingAccount[];
  /** Chart files: accounts whose code the chart has under another name or type, each needing a choice. */
  conflicts: ChartConflict[];
  opening: OpeningPreview | null;
}

export interface ImportResult {
  kind: ImportKind;
  imported: number;
  already_imported: number;
  accounts_created: number;
  /** Chart files: our accounts that took the file's name or type. */
  accounts_updated: number;
  message: string;
}
