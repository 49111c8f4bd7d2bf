import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Notice } from "~/ui/notice.tsx";
import { useAction } from "~/ui/use-action.ts";
import type { BankAccount, StatementPreview, StatementResult } from "../bank.types.ts";

import { importStatement, previewStatement } from "../bank.api.ts";
import type { BankCsvSettings } from "../bank-statement-csv-layout.ts";
import { BankCsvSettingsForm } from "./bank-csv-settings.tsx";
import { StatementPreviewPanel, type ImportDecisions } from "./bank-statement-preview.tsx";

type QifDates = "" | "mdy" | "dmy";

/**
 * A statement file into the bank account: choose it, see what it holds (its balances checked, what was imported
 * before), then import it. Nothing is kept until Import, and then all of it or nothing.
 */
export function StatementImport({ account, orgId }: { account: BankAccount; orgId: number }) {
  const { act, pending } = useAction();
  const [file, setFile] = useState<File | null>(null);
  const [qif, setQif] = useState<QifDates>("");
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState(0);

  async function send(
    step: "preview" | "import",
    csv: BankCsvSettings | null = preview?.csv?.settings ?? null,
    decisions?: ImportDecisions,
  ) {
    if (!file) return;
    setError(null);
    const q = new URLSearchParams({ name: file.name });
    if (qif) q.set("qif_dates", qif);
    if (csv) q.set("csv", JSON.stringify(csv));
    if (decisions?.confirmAccount) q.set("confirm_account", "true");
    if (decisions?.all) q.set("likely", "import");
    else if (decisions?.keep.length) q.set("keep", decisions.keep.join(","));
    const res = await act<StatementPreview | StatementResult>(
      () => (step === "preview" ? previewStatement(orgId, account.id, q, file) : importStatement(orgId, account.id, q, file)),
      // Reading the file for its preview changes nothing: the screen's data is read again after the import only.
      { failure: step === "import" ? "Nothing was imported" : "The file could not be read", changes: step === "import" },
    );
    if (!res.ok)
      return setError(res.fields.file ?? res.fields.qif_dates ?? res.fields.statement ?? res.fields.confirm_account ?? res.message);
    if (step === "preview") {
      const read = res.data as StatementPreview;
      setPreview(read);
      setRun((n) => n + 1);
      setError(read.error);
      setResult(null);
    } else {
      setResult((res.data as StatementResult).message);
      setPreview(null);
    }
  }

  return (
    <section aria-labelledby="statement-heading" className="space-y-4 rounded-lg border border-slate-200 p-4">
      <h2 id="statement-heading" className="text-lg font-semibold text-ink">
        Import a statement
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          id="statement-file"
          type="file"
          label="Statement file (CSV, OFX, QFX, camt.053, MT940 or QIF; up to 20 MB)"
          className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setPreview(null);
            setError(null);
          }}
        />
        <InputField
          as="select"
          id="statement-qif-dates"
          label="Dates in a QIF file"
          optional
          value={qif}
          onChange={(e) => (setQif(e.target.value as QifDates), setPreview(null))}
        >
          <option value="">Read from the file</option>
          <option value="mdy">Month first (8/12/2026 is August 12)</option>
          <option value="dmy">Day first (12/8/2026 is August 12)</option>
        </InputField>
        <div className="flex items-end">
          <Button type="button" disabled={!file || pending} onClick={() => send("preview", null)}>
            Preview
          </Button>
        </div>
      </div>
      {error ? <Notice notice={{ kind: "error", text: error }} /> : null}
      {preview?.csv ? (
        <BankCsvSettingsForm settings={preview.csv.settings} rows={preview.csv.rows} onChange={(s) => void send("preview", s)} />
      ) : null}
      {preview ? (
        <StatementPreviewPanel key={run} preview={preview} busy={pending} onImport={(d) => void send("import", undefined, d)} />
      ) : null}
      {result ? <Notice notice={{ kind: "success", text: result }} /> : null}
    </section>
  );
}
