import { z } from "zod";
import { ACCOUNT_TYPES } from "~/features/ledger/index.ts";
import { DATE_FORMATS, NUMBER_FORMATS } from "./import-values.ts";
import { entryDateSchema } from "~/features/ledger/ledger.schema.ts";

/** CSV import of the chart of accounts, journal entries and opening balances: the options a file is read with (the query string). */

export const IMPORT_KINDS = ["chart", "journal", "opening"] as const;
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
  "tax_code",
  "tax_part",
  "tax_base",
] as const;
export const OPENING_FIELDS = ["account", "account_name", "debit", "credit", "amount"] as const;
export type ImportField = (typeof CHART_FIELDS)[number] | (typeof JOURNAL_FIELDS)[number];
/** The fields of each kind, in the order the mapping form shows them. */
export const KIND_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  chart: CHART_FIELDS,
  journal: JOURNAL_FIELDS,
  opening: OPENING_FIELDS,
};

/** Rows at the top of a file where its header is looked for (and offered to be chosen). */
export const HEADER_ROWS = 20;

/** Field -> column index (0-based); a field left out is not in the file. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** What to do with an account the journal names and the chart lacks: create it with a type, or use an existing code. */
export type AccountResolution = { create: (typeof ACCOUNT_TYPES)[number] } | { map: string };

/**
 * A chart file's account whose code the chart has with another name or type: keep ours, take theirs (rename and retype
 * ours), or import it under another code ("code:6201").
 */
export type ConflictChoice = "keep" | "theirs" | `code:${string}`;

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

const CHOICE = /^(keep|theirs|code:[A-Za-z0-9][A-Za-z0-9.-]{0,19})$/;
const conflictsSchema = z
  .record(z.string().max(20), z.string().max(30))
  .superRefine((choices, ctx) => {
    for (const [code, choice] of Object.entries(choices))
      if (!CHOICE.test(choice))
        ctx.addIssue({
          code: "custom",
          path: [code],
          message: `${code}: choose keep, theirs, or code: and a code of at most 20 letters, digits, dots or dashes`,
        });
  })
  .transform((choices) => choices as Record<string, ConflictChoice>);

export const importQuerySchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: "kind must be chart, journal or opening" }),
  encoding: z.enum(ENCODINGS, { error: "encoding must be utf-8, windows-1252 or iso-8859-1" }).optional(),
  delimiter: z
    .enum(["comma", "semicolon", "tab"], { error: "delimiter must be comma, semicolon or tab" })
    .transform((d) => ({ comma: ",", semicolon: ";", tab: "\t" })[d] as Delimiter)
    .optional(),
  /** The header row (0-based among the rows that are not blank); -1: the file has none. Rows above it are notes. */
  header_row: z
    .string()
    .regex(/^(-1|\d{1,3})$/, { error: "header_row must be a row number from 0 to 999, or -1 for none" })
    .transform(Number)
    .optional(),
  date_format: z.enum(DATE_FORMATS, { error: `date_format must be one of ${DATE_FORMATS.join(", ")}` }).optional(),
  number_format: z.enum(NUMBER_FORMATS, { error: `number_format must be one of ${NUMBER_FORMATS.join(" | ")}` }).optional(),
  mapping: jsonParam(mappingSchema, "mapping").optional(),
  accounts: jsonParam(resolutionSchema, "accounts").optional(),
  conflicts: jsonParam(conflictsSchema, "conflicts").optional(),
  /** The opening balances' date (kind opening). */
  as_of: entryDateSchema.optional(),
  drafts: z.enum(["true", "false"], { error: "drafts must be true or false" }).optional(),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

export const delimiterName = (d: Delimiter) => ({ ",": "comma", ";": "semicolon", "\t": "tab" })[d];
