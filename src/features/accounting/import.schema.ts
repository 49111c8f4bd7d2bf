import { z } from "zod";
import { ACCOUNT_TYPES } from "./reports.ts";
import { DATE_FORMATS, NUMBER_FORMATS } from "./import-values.ts";

/** CSV import of the chart of accounts and of journal entries: the options a file is read with (the query string). */

export const IMPORT_KINDS = ["chart", "journal"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const DELIMITERS = [",", ";", "\t"] as const;
export type Delimiter = (typeof DELIMITERS)[number];
export const ENCODINGS = ["utf-8", "windows-1252", "iso-8859-1"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Largest file accepted. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Most rows read from one file. */
export const MAX_IMPORT_ROWS = 200_000;

export const CHART_FIELDS = ["code", "name", "type", "detail_type", "parent"] as const;
export const JOURNAL_FIELDS = [
  "entry",
  "date",
  "reference",
  "description",
  "account",
  "account_name",
  "debit",
  "credit",
  "amount",
  "external_ref",
] as const;
export type ImportField = (typeof CHART_FIELDS)[number] | (typeof JOURNAL_FIELDS)[number];

/** Field -> column index (0-based); a field left out is not in the file. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** What to do with an account the journal names and the chart lacks: create it with a type, or use an existing code. */
export type AccountResolution = { create: (typeof ACCOUNT_TYPES)[number] } | { map: string };

const jsonParam = <S extends z.ZodType>(schema: S, label: string) =>
  z
    .string()
    .max(60_000, `${label} is too long`)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: `${label} must be JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema);

const mappingSchema = z.partialRecord(
  z.enum([...CHART_FIELDS, ...JOURNAL_FIELDS], { error: "unknown field" }),
  z.number().int().min(0).max(200),
);
const resolutionSchema = z.record(
  z.string().max(200),
  z.union([z.object({ create: z.enum(ACCOUNT_TYPES, { error: "unknown account type" }) }), z.object({ map: z.string().min(1).max(20) })]),
);

export const importQuerySchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: "kind must be chart or journal" }),
  encoding: z.enum(ENCODINGS, { error: "encoding must be utf-8, windows-1252 or iso-8859-1" }).optional(),
  delimiter: z
    .enum(["comma", "semicolon", "tab"], { error: "delimiter must be comma, semicolon or tab" })
    .transform((d) => ({ comma: ",", semicolon: ";", tab: "\t" })[d] as Delimiter)
    .optional(),
  header: z.enum(["true", "false"], { error: "header must be true or false" }).optional(),
  date_format: z.enum(DATE_FORMATS, { error: `date_format must be one of ${DATE_FORMATS.join(", ")}` }).optional(),
  number_format: z.enum(NUMBER_FORMATS, { error: `number_format must be one of ${NUMBER_FORMATS.join(" | ")}` }).optional(),
  mapping: jsonParam(mappingSchema, "mapping").optional(),
  accounts: jsonParam(resolutionSchema, "accounts").optional(),
  drafts: z.enum(["true", "false"], { error: "drafts must be true or false" }).optional(),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

export const delimiterName = (d: Delimiter) => ({ ",": "comma", ";": "semicolon", "\t": "tab" })[d];
