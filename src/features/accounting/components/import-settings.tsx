import { DATE_FORMATS, NUMBER_FORMATS } from "../import-values.ts";
import { CHART_FIELDS, ENCODINGS, JOURNAL_FIELDS, type ImportField, type ImportKind } from "../import.schema.ts";
import type { ImportSettings } from "../import.types.ts";
import { inputClass, labelClass } from "./ui.tsx";

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
};

function Select({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
  onChange: (v: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The detected options of a file (encoding, delimiter, header, formats) and its column mapping, each to override. */
export function ImportSettingsForm({
  kind,
  settings,
  columns,
  onChange,
}: {
  kind: ImportKind;
  settings: ImportSettings;
  columns: string[];
  onChange: (s: ImportSettings) => void;
}) {
  const set = <K extends keyof ImportSettings>(key: K, value: ImportSettings[K]) => onChange({ ...settings, [key]: value });
  const fields = kind === "chart" ? CHART_FIELDS : JOURNAL_FIELDS;
  const columnOptions: [string, string][] = [
    ["", "(not in the file)"],
    ...columns.map((c, i): [string, string] => [String(i), `${i + 1}: ${c}`]),
  ];
  return (
    <div className="space-y-4">
      <fieldset className="grid gap-3 sm:grid-cols-5">
        <legend className="mb-2 text-sm font-semibold text-ink">Detected options</legend>
        <Select
          id="import-encoding"
          label="Encoding"
          value={settings.encoding}
          options={ENCODINGS.map((e) => [e, e])}
          onChange={(v) => set("encoding", v as ImportSettings["encoding"])}
        />
        <Select
          id="import-delimiter"
          label="Delimiter"
          value={settings.delimiter}
          options={[
            ["comma", "Comma ,"],
            ["semicolon", "Semicolon ;"],
            ["tab", "Tab"],
          ]}
          onChange={(v) => set("delimiter", v as ImportSettings["delimiter"])}
        />
        <Select
          id="import-header"
          label="First row"
          value={String(settings.header)}
          options={[
            ["true", "Column names"],
            ["false", "Data"],
          ]}
          onChange={(v) => set("header", v === "true")}
        />
        <Select
          id="import-date-format"
          label="Date format"
          value={settings.date_format}
          options={DATE_FORMATS.map((f) => [f, f])}
          onChange={(v) => set("date_format", v as ImportSettings["date_format"])}
        />
        <Select
          id="import-number-format"
          label="Number format"
          value={settings.number_format}
          options={NUMBER_FORMATS.map((f) => [f, f])}
          onChange={(v) => set("number_format", v as ImportSettings["number_format"])}
        />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-5">
        <legend className="mb-2 text-sm font-semibold text-ink">Columns</legend>
        {fields.map((f) => (
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
