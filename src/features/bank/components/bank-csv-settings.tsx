import { InputField } from "~/ui/field.tsx";
import { ENCODINGS } from "~/features/import-export/import.schema.ts";
import type { BankCsvMapping, BankCsvSettings } from "../bank-statement-csv-layout.ts";
import { BANK_DATE_FORMATS, NUMBER_FORMATS } from "../bank-statement-values.ts";

type Column = Exclude<keyof BankCsvMapping, "description" | "date" | "opening" | "closing">;

const COLUMNS: [Column, string][] = [
  ["amount", "Amount (signed)"],
  ["debit", "Money out (debit)"],
  ["credit", "Money in (credit)"],
  ["direction", "Debit/credit mark"],
  ["balance", "Balance after each row"],
  ["payee", "Payee"],
  ["reference", "Reference"],
  ["valueDate", "Value date"],
];

const DELIMITER_NAMES = { ",": "Comma", ";": "Semicolon", "\t": "Tab" } as const;

/**
 * How a bank's CSV is read, as guessed or remembered for this account: the header row, the delimiter, the encoding,
 * the date and number formats and which column holds what. Each change reads the file again (the preview).
 */
export function BankCsvSettingsForm({
  settings,
  rows,
  onChange,
}: {
  settings: BankCsvSettings;
  rows: string[][];
  onChange: (settings: BankCsvSettings) => void;
}) {
  const header = settings.headerRow >= 0 ? rows[settings.headerRow] : undefined;
  const width = Math.max(0, ...rows.map((r) => r.length));
  const columns: [string, string][] = Array.from({ length: width }, (_, i) => [
    String(i),
    `${i + 1}: ${header?.[i]?.trim() || `column ${i + 1}`}`,
  ]);
  const set = (patch: Partial<BankCsvSettings>) => onChange({ ...settings, ...patch });
  const map = (patch: Partial<BankCsvMapping>) => set({ mapping: { ...settings.mapping, ...patch } });
  const num = (v: string) => (v === "" ? undefined : Number(v));
  const [firstText, moreText] = settings.mapping.description;
  const select = (id: string, label: string, value: number | undefined, onPick: (v: number | undefined) => void, required = false) => (
    <InputField
      as="select"
      id={id}
      label={label}
      optional={!required}
      value={value === undefined ? "" : String(value)}
      onChange={(e) => onPick(num(e.target.value))}
    >
      {required ? null : <option value="">(none)</option>}
      {columns.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </InputField>
  );
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-ink">How the CSV is read</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <InputField
          as="select"
          id="csv-header"
          label="Header row"
          value={String(settings.headerRow)}
          onChange={(e) => set({ headerRow: Number(e.target.value) })}
        >
          <option value="-1">No header row</option>
          {rows.map((r, i) => (
            <option key={i} value={i}>
              Row {i + 1}: {r.join(" | ").slice(0, 40)}
            </option>
          ))}
        </InputField>
        <InputField
          as="select"
          id="csv-delimiter"
          label="Delimiter"
          value={settings.delimiter}
          onChange={(e) => set({ delimiter: e.target.value as BankCsvSettings["delimiter"] })}
        >
          {Object.entries(DELIMITER_NAMES).map(([d, name]) => (
            <option key={name} value={d}>
              {name}
            </option>
          ))}
        </InputField>
        <InputField
          as="select"
          id="csv-encoding"
          label="Encoding"
          value={settings.encoding}
          onChange={(e) => set({ encoding: e.target.value as BankCsvSettings["encoding"] })}
        >
          {ENCODINGS.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </InputField>
        <InputField
          as="select"
          id="csv-date-format"
          label="Date format"
          value={settings.dateFormat}
          onChange={(e) => set({ dateFormat: e.target.value as BankCsvSettings["dateFormat"] })}
        >
          {BANK_DATE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </InputField>
        <InputField
          as="select"
          id="csv-number-format"
          label="Number format"
          value={settings.numberFormat}
          onChange={(e) => set({ numberFormat: e.target.value as BankCsvSettings["numberFormat"] })}
        >
          {NUMBER_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </InputField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {select("csv-date", "Date", settings.mapping.date, (v) => map({ date: v ?? 0 }), true)}
        {select("csv-description", "Bank's text", firstText, (v) => map({ description: [v, moreText].filter((c) => c !== undefined) }))}
        {select("csv-description-more", "More text", moreText, (v) => map({ description: [firstText, v].filter((c) => c !== undefined) }))}
        {COLUMNS.map(([key, label]) => (
          <div key={key}>{select(`csv-${key}`, label, settings.mapping[key], (v) => map({ [key]: v }))}</div>
        ))}
      </div>
    </fieldset>
  );
}
