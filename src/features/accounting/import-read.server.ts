import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { bodyChunks, CsvReadError, readCsv } from "./import-csv.server.ts";
import { columnNames, firstRowIsHeader, guessMapping, missingFields } from "./import-layout.ts";
import { buildChart, buildJournal, type ChartRow, type ImportEntry, type RowError, type Sheet } from "./import-rows.ts";
import { delimiterName, MAX_IMPORT_ROWS, type ImportKind, type ImportQuery } from "./import.schema.ts";
import type { ImportSettings } from "./import.types.ts";
import { detectDateFormat, detectNumberFormat, looksLikeDate } from "./import-values.ts";
import type { Membership } from "./organizations.server.ts";

/** An uploaded file read with its settings: given by the caller, remembered for its layout, or detected. */
export interface ReadImport {
  kind: ImportKind;
  sheet: Sheet;
  settings: ImportSettings;
  layoutHash: string;
  remembered: boolean;
  missingFields: string[];
  chart: ChartRow[];
  entries: ImportEntry[];
  errors: RowError[];
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
export const entryDigest = (text: string) => sha256(text).slice(0, 40);

type Remembered = Pick<ImportSettings, "mapping" | "date_format" | "number_format">;

async function remembered(db: Db, m: Membership, kind: ImportKind, layoutHash: string): Promise<Remembered | null> {
  const [row] = await queryRows<{ settings: Remembered | string }>(
    db,
    sql`select settings from import_mappings
         where organization_id = ${m.organizationId} and kind = ${kind} and layout_hash = ${layoutHash}`,
  );
  if (!row) return null;
  return typeof row.settings === "string" ? (JSON.parse(row.settings) as Remembered) : row.settings;
}

/** Keeps the settings a file was imported with for its layout (inside the import's transaction). */
export async function rememberSettings(db: Db, m: Membership, read: ReadImport): Promise<void> {
  const { mapping, date_format, number_format } = read.settings;
  const settings = JSON.stringify({ mapping, date_format, number_format });
  await db.execute(
    sql`insert into import_mappings (organization_id, kind, layout_hash, settings)
        values (${m.organizationId}, ${read.kind}, ${read.layoutHash}, ${settings}::jsonb)
        on conflict (organization_id, kind, layout_hash) do update set settings = excluded.settings, updated_at = now()`,
  );
}

/** Reads the request body as a CSV of the kind asked for; a file that cannot be read is a 400 naming why. */
export async function readImport(db: Db, m: Membership, body: ReadableStream<Uint8Array> | null, q: ImportQuery): Promise<ReadImport> {
  let csv;
  try {
    csv = await readCsv(bodyChunks(body), { encoding: q.encoding, delimiter: q.delimiter, maxRows: MAX_IMPORT_ROWS });
  } catch (err) {
    if (err instanceof CsvReadError) throw invalidInput({ [err.field]: err.message }, err.message);
    throw err;
  }
  const { rows } = csv;
  if (rows.length === 0) throw invalidInput({ file: "The file is empty" }, "The file is empty");
  const header = q.header ? q.header === "true" : firstRowIsHeader(rows[0]);
  const columns = columnNames(rows, header);
  const layout = header ? rows[0]!.map((c) => c.trim()).join("\u001f") : `no header:${columns.length}`;
  const layoutHash = sha256(`${q.kind}\u001e${csv.delimiter}\u001e${layout}`);
  const kept = q.mapping ? null : await remembered(db, m, q.kind, layoutHash);

  const body0 = rows.slice(header ? 1 : 0, 500);
  const numberFormat =
    q.number_format ?? kept?.number_format ?? detectNumberFormat(body0.flatMap((r) => r.filter((c) => /\d/.test(c) && !looksLikeDate(c))));
  const mapping = q.mapping ?? kept?.mapping ?? guessMapping(q.kind, rows, header, numberFormat);
  for (const [field, at] of Object.entries(mapping)) {
    if (at >= columns.length)
      throw invalidInput({ [`mapping.${field}`]: `The file has no column ${at + 1}` }, `mapping.${field}: no such column`);
  }
  const dateFormat =
    q.date_format ?? kept?.date_format ?? detectDateFormat(mapping.date === undefined ? [] : body0.map((r) => r[mapping.date!] ?? ""));
  const sheet: Sheet = { rows, header, columns, mapping, dateFormat, numberFormat };
  const missing = missingFields(q.kind, mapping);
  const built =
    missing.length > 0
      ? { accounts: [], entries: [], errors: [] }
      : q.kind === "chart"
        ? { ...(await buildChart(sheet)), entries: [] }
        : { ...(await buildJournal(sheet, entryDigest)), accounts: [] };
  return {
    kind: q.kind,
    sheet,
    settings: {
      encoding: csv.encoding,
      delimiter: delimiterName(csv.delimiter) as ImportSettings["delimiter"],
      header,
      date_format: dateFormat,
      number_format: numberFormat,
      mapping,
    },
    layoutHash,
    remembered: kept !== null,
    missingFields: missing,
    chart: built.accounts,
    entries: built.entries,
    errors: built.errors,
  };
}
