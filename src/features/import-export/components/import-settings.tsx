import { InputField } from "~/ui/field.tsx";
import { DATE_FORMATS, NUMBER_FORMATS } from "../import-values.ts";
import { ENCODINGS, KIND_FIELDS, type ImportField, type ImportKind } from "../import.schema.ts";
import type { ImportPreview, ImportSettings } from "../import.types.ts";

const FIELD_LABELS: Record<ImportField, string> = {
  code: "Account code",
  detail_type: "Detail type",
  parent: "Parent account",
  name: "Account name",
  type: "Account type",
  entry: "Entry key",
  date: "Date",
  reference: "Reference",
  description: "Description",
  account: "Account",
  account_name: "Account name",
  debit: "Debit",
  credit: "Credit",
  amount: "Signed amount",
  external_ref: "External reference",
  tax_code: "Tax code",
  tax_part: "Tax part",
  tax_base: "Tax base",
};

function Select({
  id,
  label,
  value,
  options,
  onChange,
  wide,
}: {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
  onChange: (v: string) => void;
  wide?: boolean;
}) {
  return (
    <InputField
      as="select"
      id={id}
      label={label}
      value={value}
      fieldClassName={wide ? "sm:col-span-2" : undefined}
      onChange={(e) => onChange(e.target.value)}
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </InputField>
  );
}

type FormatKey = "encoding" | "delimiter" | "date_format" | "number_format";
const pairs = (values: readonly string[]): [string, string][] => values.map((v) => [v, v]);

/** The file's formats, each a choice among its values (the schema checks the value sent), for the kinds they apply to. */
const FORMAT_SELECTS: { key: FormatKey; label: string; options: [string, string][]; kinds: ImportKind[] }[] = [
  { key: "encoding", label: "Encoding", options: pairs(ENCODINGS), kinds: ["chart", "journal", "opening"] },
  {
    key: "delimiter",
    label: "Delimiter",
    options: [
      ["comma", "Comma ,"],
      ["semicolon", "Semicolon ;"],
      ["tab", "Tab"],
    ],
    kinds: ["chart", "journal", "opening"],
  },
  { key: "date_format", label: "Date format", options: pairs(DATE_FORMATS), kinds: ["journal"] },
  { key: "number_format", label: "Number format", options: pairs(NUMBER_FORMATS), kinds: ["journal", "opening"] },
];

/**
 * The detected options of a file (header row, encoding, delimiter, formats) and its column mapping, each to override.
 * The header row is chosen among the file's first rows, as for a bank's CSV: rows above it are a title or notes.
 */
export function ImportSettingsForm({
  kind,
  preview,
  onChange,
}: {
  kind: ImportKind;
  preview: Pick<ImportPreview, "settings" | "columns" | "head">;
  onChange: (s: ImportSettings) => void;
}) {
  const { settings, columns, head } = preview;
  const set = <K extends keyof ImportSettings>(key: K, value: ImportSettings[K]) => onChange({ ...settings, [key]: value });
  const columnOptions: [string, string][] = [
    ["", "(not in the file)"],
    ...columns.map((c, i): [string, string] => [String(i), `${i + 1}: ${c}`]),
  ];
  const headerOptions: [string, string][] = [
    ["-1", "No header row"],
    ...head.map((r, i): [string, string] => [String(i), `Line ${r.line}: ${r.cells.join(" | ").slice(0, 40)}`]),
  ];
  return (
    <div className="space-y-4">
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <legend className="mb-2 text-sm font-semibold text-ink">Detected options</legend>
        <Select
          id="import-header-row"
          label="Header row"
          value={String(settings.header_row)}
          options={headerOptions}
          onChange={(v) => set("header_row", Number(v))}
          wide
        />
        {FORMAT_SELECTS.filter((f) => f.kinds.includes(kind)).map((f) => (
          <Select
            key={f.key}
            id={`import-${f.key.replace("_", "-")}`}
            label={f.label}
            value={settings[f.key]}
            options={f.options}
            onChange={(v) => onChange({ ...settings, [f.key]: v })}
          />
        ))}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <legend className="mb-2 text-sm font-semibold text-ink">Columns</legend>
        {KIND_FIELDS[kind].map((f) => (
          <Select
            key={f}
            id={`import-map-${f}`}
            label={FIELD_LABELS[f]}
            value={settings.mapping[f] === undefined ? "" : String(settings.mapping[f])}
            options={columnOptions}
            onChange={(v) => {
              const mapping = { ...settings.mapping };
              if (v === "") delete mapping[f];
              else mapping[f] = Number(v);
              set("mapping", mapping);
            }}
          />
        ))}
      </fieldset>
    </div>
  );
}
