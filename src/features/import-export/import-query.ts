import type { AccountResolution, ConflictChoice, ImportKind } from "./import.schema.ts";
import type { ImportSettings } from "./import.types.ts";

/** The import screen's choices as the import API's query string (import.schema.ts). */
export interface ImportChoices {
  kind: ImportKind;
  /** The settings to read the file with (null: detected or remembered). */
  settings: ImportSettings | null;
  /** The settings the last preview read it with. */
  previous: ImportSettings | null;
  accounts: Record<string, AccountResolution>;
  conflicts: Record<string, ConflictChoice>;
  drafts: boolean;
  asOf: string;
}

/**
 * The query of a preview or a commit. Another header row names other columns: the mapping and the formats are then
 * left out, to be guessed (or remembered) from the new one.
 */
export function importQuery(c: ImportChoices): string {
  const q = new URLSearchParams({ kind: c.kind });
  const s = c.settings;
  if (s) {
    q.set("encoding", s.encoding);
    q.set("delimiter", s.delimiter);
    q.set("header_row", String(s.header_row));
    if (!c.previous || c.previous.header_row === s.header_row) {
      q.set("date_format", s.date_format);
      q.set("number_format", s.number_format);
      q.set("mapping", JSON.stringify(s.mapping));
    }
  }
  if (c.kind !== "chart" && Object.keys(c.accounts).length > 0) q.set("accounts", JSON.stringify(c.accounts));
  if (c.kind === "chart" && Object.keys(c.conflicts).length > 0) q.set("conflicts", JSON.stringify(c.conflicts));
  if (c.kind === "journal" && c.drafts) q.set("drafts", "true");
  if (c.kind === "opening" && c.asOf) q.set("as_of", c.asOf);
  return q.toString();
}
