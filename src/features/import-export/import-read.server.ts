import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { bodyChunks, CsvReadError, readCsv } from "./import-csv.server.ts";
import { columnNames, findHeaderRow, guessMapping, missingFields } from "./import-layout.ts";
import { buildOpening, type OpeningRow } from "./import-opening.ts";
import { buildChart, buildJournal, type ChartRow, type ImportEntry, type RowError, type Sheet } from "./import-rows.ts";
import { delimiterName, HEADER_ROWS, MAX_IMPORT_ROWS, type Delimiter, type ImportKind, type ImportQuery } from "./import.schema.ts";
import type { ImportSettings } from "./import.types.ts";
import { detectDateFormat, detectNumberFormat, looksLikeDate } from "./import-values.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

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
  opening: OpeningRow[];
  errors: RowError[];
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
export const entryDigest = (text: string) => sha256(text).slice(0, 40);

type Remembered = Pick<ImportSettings, "mapping" | "date_format" | "number_format"> & { header_row?: number };

/**
 * A layout: the kind, the delimiter and the header row's names (wherever the row is: the title or notes above it
 * change from file to file), or the column count of a file without a header.
 */
function layoutHash(kind: ImportKind, delimiter: Delimiter, rows: string[][], headerRow: number): string {
  const layout = headerRow >= 0 ? rows[headerRow]!.map((c) => c.trim()).join("\u001f") : `no header:${columnNames(rows, -1).length}`;
  return sha256(`${kind}\u001e${delimiter}\u001e${layout}`);
}

/** The settings remembered for any of these layouts. */
async function remembered(db: Db, m: Membership, kind: ImportKind, hashes: string[]): Promise<Map<string, Remembered>> {
  const rows = await queryRows<{ layout_hash: string; settings: Remembered | string }>(
    db,
    sql`select layout_hash, settings from import_mappings
         where organization_id = ${m.organizationId} and kind = ${kind}
           and layout_hash in (${sql.join(
             hashes.map((h) => sql`${h}`),
             sql`, `,
           )})`,
  );
  return new Map(rows.map((r) => [r.layout_hash, typeof r.settings === "string" ? (JSON.parse(r.settings) as Remembered) : r.settings]));
}

/** Keeps the settings a file was imported with for its layout, the header row with them (inside the import's transaction). */
export async function rememberSettings(db: Db, m: Membership, read: ReadImport): Promise<void> {
  const { mapping, date_format, number_format, header_row } = read.settings;
  const settings = JSON.stringify({ mapping, date_format, number_format, header_row });
  await db.execute(
    sql`insert into import_mappings (organization_id, kind, layout_hash, settings)
        values (${m.organizationId}, ${read.kind}, ${read.layoutHash}, ${settings}::jsonb)
        on conflict (organization_id, kind, layout_hash) do update set settings = excluded.settings, updated_at = now()`,
  );
}

/**
 * The header row and the settings remembered for it: the row asked for; else a row among the first HEADER_ROWS whose
 * names a layout was imported with before; else the row found by `findHeaderRow` (for a file without a header, the
 * settings remembered for its column count).
 */
async function headerAndRemembered(db: Db, m: Membership, q: ImportQuery, rows: string[][], delimiter: Delimiter) {
  const hashOf = (row: number) => layoutHash(q.kind, delimiter, rows, row);
  if (q.header_row !== undefined) {
    if (q.header_row >= rows.length) {
      const message = `The file has no row ${q.header_row + 1} to be its header`;
      throw invalidInput({ header_row: message }, message);
    }
    const hash = hashOf(q.header_row);
    return { headerRow: q.header_row, hash, kept: q.mapping ? null : ((await remembered(db, m, q.kind, [hash])).get(hash) ?? null) };
  }
  const detected = findHeaderRow(q.kind, rows);
  if (q.mapping) return { headerRow: detected, hash: hashOf(detected), kept: null };
  const candidates = rows.slice(0, HEADER_ROWS).map((_, i) => hashOf(i));
  const none = hashOf(-1);
  const found = await remembered(db, m, q.kind, [...candidates, ...(detected < 0 ? [none] : [])]);
  const at = candidates.findIndex((h) => found.has(h));
  const headerRow = at >= 0 ? at : detected;
  const hash = hashOf(headerRow);
  return { headerRow, hash, kept: found.get(hash) ?? null };
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
  const { rows, lines } = csv;
  if (rows.length === 0) throw invalidInput({ file: "The file is empty" }, "The file is empty");
  const { headerRow, hash, kept } = await headerAndRemembered(db, m, q, rows, csv.delimiter);
  const columns = columnNames(rows, headerRow);

  const body0 = rows.slice(headerRow + 1, headerRow + 501);
  const numberFormat =
    q.number_format ?? kept?.number_format ?? detectNumberFormat(body0.flatMap((r) => r.filter((c) => /\d/.test(c) && !looksLikeDate(c))));
  const mapping = q.mapping ?? kept?.mapping ?? guessMapping(q.kind, rows, headerRow, numberFormat);
  for (const [field, at] of Object.entries(mapping)) {
    if (at >= columns.length)
      throw invalidInput({ [`mapping.${field}`]: `The file has no column ${at + 1}` }, `mapping.${field}: no such column`);
  }
  const dateFormat =
    q.date_format ?? kept?.date_format ?? detectDateFormat(mapping.date === undefined ? [] : body0.map((r) => r[mapping.date!] ?? ""));
  const sheet: Sheet = { rows, lines, headerRow, columns, mapping, dateFormat, numberFormat };
  const missing = missingFields(q.kind, mapping);
  const none = { chart: [], entries: [], opening: [], errors: [] };
  const built =
    missing.length > 0
      ? none
      : q.kind === "chart"
        ? await buildChart(sheet).then(({ accounts, errors }) => ({ ...none, chart: accounts, errors }))
        : q.kind === "journal"
          ? await buildJournal(sheet, entryDigest).then(({ entries, errors }) => ({ ...none, entries, errors }))
          : await buildOpening(sheet).then(({ rows: opening, errors }) => ({ ...none, opening, errors }));
  return {
    kind: q.kind,
    sheet,
    settings: {
      encoding: csv.encoding,
      delimiter: delimiterName(csv.delimiter) as ImportSettings["delimiter"],
      header_row: headerRow,
      date_format: dateFormat,
      number_format: numberFormat,
      mapping,
    },
    layoutHash: hash,
    remembered: kept !== null,
    missingFields: missing,
    ...built,
  };
}
