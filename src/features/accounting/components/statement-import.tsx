import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Notice } from "~/ui/notice.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { BankAccount, StatementCheck, StatementPreview, StatementResult } from "../bank.types.ts";

import { importStatement, previewStatement } from "../bank.api.ts";
import type { BankCsvSettings } from "../statement-csv-layout.ts";
import { BankCsvSettingsForm } from "./bank-csv-settings.tsx";
import { ColumnHeads, tdClass } from "./ui.tsx";
import { useMoney } from "./books-context.tsx";

type QifDates = "" | "mdy" | "dmy";

/** What a statement's stated balances say against its lines. */
function balanceText(s: StatementCheck, money: (v: string) => string): string {
  if (s.difference === null)
    return s.closing
      ? `Closing balance ${money(s.closing)}${s.closing_date ? ` on ${s.closing_date}` : ""}; no opening balance stated.`
      : "No balances stated.";
  const agree = s.difference === "0.00";
  return agree
    ? `Opening ${money(s.opening!)} + transactions ${money(s.total)} = closing ${money(s.closing!)}: the balances agree.`
    : `Opening ${money(s.opening!)} + transactions ${money(s.total)} ≠ closing ${money(s.closing!)}: the bank's balances differ by ${money(s.difference)}.`;
}

/**
 * A statement file into the bank account: choose it, see what it holds (its balances checked, what was imported
 * before), then import it. Nothing is kept until Import, and then all of it or nothing.
 */
export function StatementImport({ account, orgId }: { account: BankAccount; orgId: number }) {
  const { money } = useMoney();
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [qif, setQif] = useState<QifDates>("");
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(step: "preview" | "import", csv: BankCsvSettings | null = preview?.csv?.settings ?? null) {
    if (!file) return;
    setBusy(true);
    setError(null);
    const q = new URLSearchParams({ name: file.name });
    if (qif) q.set("qif_dates", qif);
    if (csv) q.set("csv", JSON.stringify(csv));
    const res = step === "preview" ? await previewStatement(orgId, account.id, q, file) : await importStatement(orgId, account.id, q, file);
    setBusy(false);
    if (!res.ok) {
      setError(res.fields.file ?? res.fields.qif_dates ?? res.fields.statement ?? res.message);
      return toastFailure(res, { title: step === "import" ? "Nothing was imported" : "The file could not be read" });
    }
    if (step === "preview") {
      const read = res.data as StatementPreview;
      setPreview(read);
      setError(read.error);
      setResult(null);
    } else {
      setResult((res.data as StatementResult).message);
      setPreview(null);
      await revalidator.revalidate();
    }
  }

  return (
    <section aria-labelledby="statement-heading" className="space-y-4 rounded-lg border border-slate-200 p-4">
      <h2 id="statement-heading" className="text-lg font-semibold text-ink">
        Import a statement
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="statement-file" className="block text-sm font-medium text-ink">
            Statement file (CSV, OFX, QFX, camt.053, MT940 or QIF; up to 20 MB)
          </label>
          <input
            id="statement-file"
            type="file"
            className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPreview(null);
              setError(null);
            }}
          />
        </div>
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
          <Button type="button" disabled={!file || busy} onClick={() => send("preview", null)}>
            Preview
          </Button>
        </div>
      </div>
      {error ? <Notice notice={{ kind: "error", text: error }} /> : null}
      {preview?.csv ? (
        <BankCsvSettingsForm settings={preview.csv.settings} rows={preview.csv.rows} onChange={(s) => void send("preview", s)} />
      ) : null}
      {preview ? (
        <div className="space-y-3">
          <p className="text-sm text-ink">
            <strong>{preview.file_name}</strong> ({preview.format.toUpperCase()}): {preview.new_lines} new transaction
            {preview.new_lines === 1 ? "" : "s"}
            {preview.duplicates > 0 ? `, ${preview.duplicates} already imported (skipped)` : ""}
            {preview.first_date ? `, ${preview.first_date} to ${preview.last_date}` : ""}.
          </p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
            {preview.statements.map((s, i) => (
              <li key={i} className={s.difference !== null && s.difference !== "0.00" ? "font-medium text-red-800" : undefined}>
                {s.account ? `${s.account}: ` : ""}
                {s.lines} transaction{s.lines === 1 ? "" : "s"}. {balanceText(s, money)}
              </li>
            ))}
          </ul>
          <div className="max-h-96 overflow-auto rounded-lg border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200">
              <caption className="sr-only">The statement's first transactions</caption>
              <thead className="sticky top-0 bg-slate-50">
                <ColumnHeads labels={["Line", "Date", "Description", "Amount", "Status"]} numeric={["Amount"]} />
              </thead>
              <tbody className="divide-y divide-slate-100">
                {preview.lines.map((l) => (
                  <tr key={`${l.line}-${l.date}-${l.amount}`}>
                    <td className={`${tdClass} tabular-nums`}>{l.line}</td>
                    <td className={`${tdClass} whitespace-nowrap`}>{l.date}</td>
                    <td className={tdClass}>{l.description}</td>
                    <td className={`${tdClass} text-right tabular-nums`}>{money(l.amount)}</td>
                    <td className={tdClass}>{l.duplicate ? "Imported before" : "New"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button type="button" disabled={busy || preview.error !== null || preview.new_lines === 0} onClick={() => send("import")}>
            Import {preview.new_lines} transaction{preview.new_lines === 1 ? "" : "s"}
          </Button>
        </div>
      ) : null}
      {result ? <Notice notice={{ kind: "success", text: result }} /> : null}
    </section>
  );
}
