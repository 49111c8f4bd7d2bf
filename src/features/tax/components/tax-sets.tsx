import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Notice } from "~/ui/notice.tsx";
import { useAction } from "~/ui/use-action.ts";
import { applyTaxPreset, importTaxCodes, taxCodesCsvUrl } from "../tax.api.ts";
import { TAX_PRESETS } from "../tax-presets.ts";
import { TAX_PRESET_IDS, type TaxPresetId } from "../tax-presets-data.ts";
import type { TaxPresetApplied } from "../tax.types.ts";

const appliedText = (r: TaxPresetApplied) =>
  [
    `${r.created.length} code${r.created.length === 1 ? "" : "s"} added`,
    r.skipped.length ? `${r.skipped.length} already there` : "",
    r.accounts_created.length ? `${r.accounts_created.length} account${r.accounts_created.length === 1 ? "" : "s"} added to the chart` : "",
  ]
    .filter(Boolean)
    .join(", ");

/** Ready-made sets to start from, and the codes as CSV: exported by every member, imported by those who hold "books.tax". */
export function TaxSets({ orgId, canWrite }: { orgId: number; canWrite: boolean }) {
  const { act, pending } = useAction();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = (preset: TaxPresetId) =>
    act(() => applyTaxPreset(orgId, preset), {
      failure: "The set was not applied",
      success: (r) => `${TAX_PRESETS[preset].name}: ${appliedText(r)}`,
    });
  const upload = async () => {
    if (!file) return;
    const res = await act(() => importTaxCodes(orgId, file), {
      failure: "Nothing was imported",
      success: (r) => `${r.created.length} tax code${r.created.length === 1 ? "" : "s"} imported`,
    });
    setError(res.ok ? null : res.message);
  };
  return (
    <section aria-labelledby="tax-sets-heading" className="space-y-4 rounded-lg border border-slate-200 p-4">
      <h2 id="tax-sets-heading" className="text-lg font-semibold text-ink">
        Start from a set, import and export
      </h2>
      {canWrite ? (
        <ul className="grid gap-3 sm:grid-cols-3">
          {TAX_PRESET_IDS.map((p) => (
            <li key={p} className="flex flex-col justify-between gap-2 rounded-md border border-slate-200 p-3">
              <span className="text-sm text-ink">
                <strong className="block">{TAX_PRESETS[p].name}</strong>
                <span className="text-muted">{TAX_PRESETS[p].description}</span>
              </span>
              <Button size="sm" variant="secondary" disabled={pending} onClick={() => void apply(p)}>
                Apply {TAX_PRESETS[p].name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-sm">
        <a className="text-brand-700 underline" href={taxCodesCsvUrl(orgId)} download>
          Export the tax codes (CSV)
        </a>
      </p>
      {canWrite ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <InputField
            id="tax-import-file"
            type="file"
            accept=".csv,text/csv"
            label="Import tax codes (CSV, all or nothing)"
            hint="One row per part, with the columns the export writes; nothing is imported if a row is wrong"
            fieldClassName="sm:col-span-2"
            className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2"
            onChange={(e) => (setFile(e.target.files?.[0] ?? null), setError(null))}
          />
          <div className="flex items-end">
            <Button size="sm" disabled={!file || pending} onClick={() => void upload()}>
              Import
            </Button>
          </div>
        </div>
      ) : null}
      {error ? <Notice notice={{ kind: "error", text: error }} /> : null}
    </section>
  );
}
