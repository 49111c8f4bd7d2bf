import { useId, useState } from "react";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { CheckboxField } from "~/ui/field.tsx";
import { Notice } from "~/ui/notice.tsx";
import { useAction } from "~/ui/use-action.ts";
import { commitBooksImport, previewBooksImport } from "../import.api.ts";
import { importQuery } from "../import-query.ts";
import type { AccountResolution, ConflictChoice, ImportKind } from "../import.schema.ts";
import type { ImportPreview, ImportResult, ImportSettings } from "../import.types.ts";
import { defaultPeriod } from "~/features/ledger/index.ts";
import { useBooks } from "~/features/ledger/index.ts";
import { ImportConflicts } from "./import-conflicts.tsx";
import { ImportMissingAccounts } from "./import-missing.tsx";
import { ImportPreviewView } from "./import-preview.tsx";
import { ImportSettingsForm } from "./import-settings.tsx";
import { ImportSource } from "./import-source.tsx";

/**
 * Import from CSV: choose the file and what it holds, check the options, mapping and choices on a preview, then
 * commit (the books' loaders then run again). Opening balances that replace saved ones are asked about first.
 */
export function ImportPanel() {
  const { organization, accounts } = useBooks();
  const uid = useId();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<ImportKind>("journal");
  const [asOf, setAsOf] = useState(() => defaultPeriod().start);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [resolutions, setResolutions] = useState<Record<string, AccountResolution>>({});
  const [conflicts, setConflicts] = useState<Record<string, ConflictChoice>>({});
  const [drafts, setDrafts] = useState(false);
  const { act, pending } = useAction();
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const restart = () => (setPreview(null), setResolutions({}), setConflicts({}), setAsking(false));
  const run = async (step: "preview" | "commit", settings: ImportSettings | null): Promise<boolean> => {
    if (!file) return false;
    const choices = { kind, settings, accounts: resolutions, conflicts, drafts, asOf };
    const q = importQuery({ ...choices, previous: preview?.settings ?? null });
    const res = await act<ImportPreview | ImportResult>(
      () => (step === "preview" ? previewBooksImport(organization.id, q, file) : commitBooksImport(organization.id, q, file)),
      // Reading the file for its preview changes nothing: the screen's data is read again after the import only.
      { failure: step === "commit" ? "Nothing was imported" : "The file could not be read", changes: step === "commit" },
    );
    if (!res.ok) return false;
    if ("summary" in res.data) {
      setPreview(res.data);
      setResult(null);
    } else {
      setResult(res.data.message);
      restart();
    }
    return true;
  };

  const unsettled = preview ? preview.conflicts.some((c) => conflicts[c.code] === undefined) : false;
  const blocked = !preview || pending || preview.error_count > 0 || preview.missing_fields.length > 0 || unsettled;
  return (
    <section aria-labelledby="import-heading" className="space-y-6">
      <h2 id="import-heading" className="text-xl font-semibold text-ink">
        Import from CSV
      </h2>
      <ImportSource
        kind={kind}
        asOf={asOf}
        canPreview={file !== null && !pending}
        onFile={(f) => (setFile(f), restart())}
        onKind={(k) => (setKind(k), restart())}
        onAsOf={(d) => (setAsOf(d), setPreview(null))}
        onPreview={() => void run("preview", preview?.settings ?? null)}
      />
      {preview && (
        <>
          <ImportSettingsForm kind={kind} preview={preview} onChange={(s) => void run("preview", s)} />
          <ImportPreviewView preview={preview}>
            {preview.conflicts.length > 0 && (
              <ImportConflicts
                conflicts={preview.conflicts}
                choices={conflicts}
                onChoose={(code, choice) =>
                  setConflicts(({ [code]: _, ...rest }) => (choice === undefined ? rest : { ...rest, [code]: choice }))
                }
              />
            )}
            {preview.missing_accounts.length > 0 && (
              <ImportMissingAccounts
                missing={preview.missing_accounts}
                accounts={accounts}
                resolutions={resolutions}
                onResolve={(value, r) => setResolutions((all) => ({ ...all, [value]: r }))}
              />
            )}
          </ImportPreviewView>
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
            disabled={blocked}
            onClick={() => (preview.opening?.replaces ? setAsking(true) : void run("commit", preview.settings))}
          >
            Import
          </Button>
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title="Replace the opening balances?"
            description={`${preview.opening?.replaces ?? ""} is reversed on its own date and a new opening entry is posted.`}
            confirmLabel="Replace"
            busyLabel="Posting..."
            variant="accent"
            onConfirm={() => run("commit", preview.settings)}
          />
        </>
      )}
      {result && <Notice notice={{ kind: "success", text: result }} />}
    </section>
  );
}
