import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Notice } from "~/ui/notice.tsx";
import { useAction } from "~/ui/use-action.ts";
import { useBooks } from "~/features/ledger/index.ts";
import { contactsCsvUrl, importContacts, previewContactsImport } from "../contacts-csv.api.ts";
import type { ContactsImportPreview } from "../contacts-csv.types.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Errors listed under the preview; the rest counted. */
const SHOWN_ERRORS = 50;
/** A file changed on disk after it was chosen cannot be read again through the same choice: the browser refuses it. */
const CHANGED = "The file was changed after it was chosen: choose it again.";

/** The chosen file's text as it is now, or null when the browser can no longer read it (changed or moved since). */
async function readChosen(file: File): Promise<File | null> {
  try {
    return new File([await file.text()], file.name, { type: "text/csv" });
  } catch {
    return null;
  }
}

/**
 * Contacts as CSV: the export for every member; the import for those who hold "books.sales.write". A file chosen is
 * checked first (nothing written): how many contacts it creates and updates (a row whose name matches a contact's,
 * whatever the case, updates it), and each bad row's error by line and column. Only a file without errors is imported,
 * all of it at once. Opening the file picker starts a new choice, so the same file chosen again after it was corrected
 * is read afresh; a file corrected without being chosen again is said to need choosing again.
 */
export function ContactsCsv() {
  const { organization, can } = useBooks();
  const orgId = organization.id;
  const canWrite = can["books.sales.write"];
  const { act, pending } = useAction();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ContactsImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new input (its key) once a file is imported or can no longer be read: it shows no file chosen.
  const [picker, setPicker] = useState(0);

  const choose = (f: File | null) => {
    setFile(f);
    setPreview(null);
    setError(null);
  };
  /** The file's text now; when it cannot be read, the choice is undone and the person asked to choose it again. */
  const current = async (f: File) => {
    const text = await readChosen(f);
    if (text) return text;
    choose(null);
    setPicker((n) => n + 1);
    setError(CHANGED);
    return null;
  };
  const check = async () => {
    const text = file && (await current(file));
    if (!text) return;
    const res = await act(() => previewContactsImport(orgId, text), { failure: "The file was not read", changes: false });
    setPreview(res.ok ? res.data : null);
    setError(res.ok ? null : res.message);
  };
  const run = async () => {
    const text = file && (await current(file));
    if (!text) return;
    const res = await act(() => importContacts(orgId, text), {
      failure: "Nothing was imported",
      success: (r) => `${plural(r.created, "contact")} created, ${plural(r.updated, "contact")} updated`,
    });
    if (!res.ok) return setError(res.message);
    choose(null);
    setPicker((n) => n + 1);
  };

  return (
    <section aria-labelledby="contacts-csv-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id="contacts-csv-heading" className="text-lg font-semibold text-ink">
        Import and export
      </h2>
      <p className="text-sm">
        <a className="text-brand-700 underline" href={contactsCsvUrl(orgId)} download>
          Export the contacts (CSV)
        </a>
      </p>
      {canWrite ? (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <InputField
              key={picker}
              id="contacts-import-file"
              type="file"
              accept=".csv,text/csv"
              label="Import contacts (CSV)"
              hint="The columns the export writes, name first. A name already in the books (whatever the case) updates that contact; the others are added."
              fieldClassName="sm:col-span-2"
              className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2"
              onClick={(e) => {
                // Choosing the same file again (corrected since) is then a change, read afresh.
                e.currentTarget.value = "";
                choose(null);
              }}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
            <div className="flex items-end">
              <Button size="sm" variant="secondary" disabled={!file || pending} onClick={() => void check()}>
                Check the file
              </Button>
            </div>
          </div>
          {preview ? <ImportPreview preview={preview} pending={pending} onImport={() => void run()} /> : null}
        </>
      ) : null}
      {error ? <Notice notice={{ kind: "error", text: error }} /> : null}
    </section>
  );
}

/** What the file would do, and each bad row's error by line; the import once there is none. */
function ImportPreview({ preview, pending, onImport }: { preview: ContactsImportPreview; pending: boolean; onImport: () => void }) {
  const { errors, created, updated } = preview;
  return (
    <div aria-live="polite" data-testid="contacts-import-preview" className="space-y-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-ink">
      <p>
        {plural(created, "contact")} to add, {plural(updated, "contact")} to update
        {errors.length ? `; ${plural(errors.length, "error")} to correct first: nothing is imported while the file has one.` : "."}
      </p>
      {errors.length ? (
        <ul className="space-y-1" aria-label="Errors by line">
          {errors.slice(0, SHOWN_ERRORS).map((e, i) => (
            <li key={`${e.line}-${e.column}-${i}`} className="text-red-800">
              <span className="font-semibold">
                Line {e.line}, {e.column}:
              </span>{" "}
              {e.message}
            </li>
          ))}
          {errors.length > SHOWN_ERRORS ? <li className="text-muted">and {plural(errors.length - SHOWN_ERRORS, "more error")}</li> : null}
        </ul>
      ) : (
        <Button size="sm" disabled={pending || created + updated === 0} onClick={onImport}>
          Import {plural(created + updated, "contact")}
        </Button>
      )}
    </div>
  );
}
