import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/ui/button.tsx";
import { Notice } from "~/ui/notice.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { AccountResolution, ImportKind } from "../import.schema.ts";
import type { ImportPreview, ImportResult, ImportSettings } from "../import.types.ts";
import { booksCsvUrl, commitBooksImport, previewBooksImport } from "../import.api.ts";
import { useBooks } from "./books-context.tsx";
import { ImportPreviewView } from "./import-preview.tsx";
import { ImportSettingsForm } from "./import-settings.tsx";
import { inputClass, labelClass } from "./ui.tsx";
import { CheckboxField } from "~/ui/field.tsx";

function query(kind: ImportKind, settings: ImportSettings | null, accounts: Record<string, AccountResolution>, drafts: boolean) {
  const q = new URLSearchParams({ kind });
  if (settings) {
    q.set("encoding", settings.encoding);
    q.set("delimiter", settings.delimiter);
    q.set("header", String(settings.header));
    q.set("date_format", settings.date_format);
    q.set("number_format", settings.number_format);
    q.set("mapping", JSON.stringify(settings.mapping));
  }
  if (Object.keys(accounts).length > 0) q.set("accounts", JSON.stringify(accounts));
  if (drafts) q.set("drafts", "true");
  return q.toString();
}

/**
 * Import and export (/accounting/:orgId/import): the books as CSV files, and the import of a chart or journal CSV:
 * choose the file, check the options and mapping on a preview, then commit (the books' loaders then run again). The
 * import is for those who hold "books.import" (the firm's, when the firm keeps the books); every member exports.
 */
export function ImportScreen() {
  const { organization, accounts, can, firmKeeps } = useBooks();
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<ImportKind>("journal");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [resolutions, setResolutions] = useState<Record<string, AccountResolution>>({});
  const uid = useId();
  const [drafts, setDrafts] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const run = async (step: "preview" | "commit", settings: ImportSettings | null) => {
    if (!file) return;
    setBusy(true);
    const q = query(kind, settings, resolutions, drafts);
    const res = step === "preview" ? await previewBooksImport(organization.id, q, file) : await commitBooksImport(organization.id, q, file);
    setBusy(false);
    if (!res.ok) return toastFailure(res, { title: step === "commit" ? "Nothing was imported" : "The file could not be read" });
    if (step === "preview") {
      setPreview(res.data as ImportPreview);
      setResult(null);
    } else {
      setResult((res.data as ImportResult).message);
      setPreview(null);
      await revalidator.revalidate();
    }
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="export-heading" className="space-y-2">
        <h2 id="export-heading" className="text-xl font-semibold text-ink">
          Export
        </h2>
        <p className="flex flex-wrap gap-4 text-sm">
          <a className="text-brand-700 underline" href={booksCsvUrl(organization.id, "chart")} download>
            Chart of accounts (CSV)
          </a>
          <a className="text-brand-700 underline" href={booksCsvUrl(organization.id, "journal")} download>
            Journal (CSV)
          </a>
        </p>
      </section>
      {firmKeeps && !can["books.import"] ? <p className="text-sm text-muted">The firm keeps these books: it imports into them.</p> : null}
      {can["books.import"] ? (
        <section aria-labelledby="import-heading" className="space-y-6">
          <h2 id="import-heading" className="text-xl font-semibold text-ink">
            Import from CSV
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor="import-file" className={labelClass}>
                CSV file (up to 20 MB)
              </label>
              <input
                id="import-file"
                type="file"
                accept=".csv,.txt,text/csv"
                className={inputClass}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setPreview(null);
                  setResolutions({});
                }}
              />
            </div>
            <div>
              <label htmlFor="import-kind" className={labelClass}>
                What the file holds
              </label>
              <select
                id="import-kind"
                className={inputClass}
                value={kind}
                onChange={(e) => (setKind(e.target.value as ImportKind), setPreview(null))}
              >
                <option value="journal">Journal entries</option>
                <option value="chart">Chart of accounts</option>
              </select>
            </div>
            <div className="flex items-end">
              <Button type="button" disabled={!file || busy} onClick={() => run("preview", preview?.settings ?? null)}>
                Preview
              </Button>
            </div>
          </div>
          {preview && (
            <>
              <ImportSettingsForm kind={kind} settings={preview.settings} columns={preview.columns} onChange={(s) => run("preview", s)} />
              <ImportPreviewView
                preview={preview}
                accounts={accounts}
                resolutions={resolutions}
                onResolve={(value, r) => setResolutions((all) => ({ ...all, [value]: r }))}
              />
              {kind === "journal" && (
                <CheckboxField
                  id={`${uid}-drafts`}
                  label="Import as drafts (post them later)"
                  checked={drafts}
                  onChange={(e) => setDrafts(e.target.checked)}
                />
              )}
              <Button
                type="button"
                disabled={busy || preview.error_count > 0 || preview.missing_fields.length > 0}
                onClick={() => run("commit", preview.settings)}
              >
                Import
              </Button>
            </>
          )}
          {result && <Notice notice={{ kind: "success", text: result }} />}
        </section>
      ) : (
        <p className="text-sm text-muted">Viewers can export the books; importing needs an owner or an accountant.</p>
      )}
    </div>
  );
}
