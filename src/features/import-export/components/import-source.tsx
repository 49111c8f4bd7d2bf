import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import type { ImportKind } from "../import.schema.ts";

/** The file, what it holds, and (opening balances) their date; then Preview. */
export function ImportSource({
  kind,
  asOf,
  canPreview,
  onFile,
  onKind,
  onAsOf,
  onPreview,
}: {
  kind: ImportKind;
  asOf: string;
  canPreview: boolean;
  onFile: (file: File | null) => void;
  onKind: (kind: ImportKind) => void;
  onAsOf: (asOf: string) => void;
  onPreview: () => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <InputField
        id="import-file"
        label="CSV file (up to 20 MB)"
        type="file"
        accept=".csv,.txt,text/csv"
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      <InputField
        as="select"
        id="import-kind"
        label="What the file holds"
        value={kind}
        onChange={(e) => onKind(e.target.value as ImportKind)}
        hint={kind === "opening" ? "One row per account: its code or name, and its debit or credit (or a signed amount)" : undefined}
      >
        <option value="journal">Journal entries</option>
        <option value="chart">Chart of accounts</option>
        <option value="opening">Opening balances</option>
      </InputField>
      {kind === "opening" ? (
        <InputField id="import-as-of" label="As of" type="date" value={asOf} onChange={(e) => onAsOf(e.target.value)} />
      ) : null}
      <div className="flex items-end">
        <Button type="button" disabled={!canPreview} onClick={onPreview}>
          Preview
        </Button>
      </div>
    </div>
  );
}
