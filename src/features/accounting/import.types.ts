import type { AccountType } from "./reports.ts";
import type { ColumnMapping, Encoding, ImportKind } from "./import.schema.ts";
import type { DateFormat, NumberFormat } from "./import-values.ts";

/** What the import API answers: the preview of a file as read, and the result of a commit. */

export interface ImportSettings {
  encoding: Encoding;
  delimiter: "comma" | "semicolon" | "tab";
  header: boolean;
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
  errors: ImportRowError[];
  error_count: number;
  /** Rows that would be new (accounts, or entries and their lines) and the ones already there. */
  summary: { new_items: number; existing_items: number; lines: number; debits: string; credits: string };
  missing_accounts: MissingAccount[];
}

export interface ImportResult {
  kind: ImportKind;
  imported: number;
  already_imported: number;
  accounts_created: number;
  message: string;
}
