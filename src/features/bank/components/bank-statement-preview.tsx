import { useState } from "react";
import { Button } from "~/ui/button.tsx";
import { CheckboxField } from "~/ui/field.tsx";
import type { StatementCheck, StatementPreview } from "../bank.types.ts";
import { useMoney } from "~/features/ledger/index.ts";
import { StatementLikelyDuplicates } from "./bank-statement-likely-duplicates.tsx";
import { ColumnHeads, tdClass } from "~/ui/table.tsx";

/** What the person decided on the preview: the likely duplicates to import all the same, another account confirmed. */
export interface ImportDecisions {
  keep: number[];
  /** Every likely duplicate kept (more may exist than are listed). */
  all: boolean;
  confirmAccount: boolean;
}

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * What importing the file would do: its balances checked, the account it names, the lines that look like lines already
 * imported (each skipped unless ticked), its first lines; then Import with those decisions.
 */
export function StatementPreviewPanel({
  preview,
  busy,
  onImport,
}: {
  preview: StatementPreview;
  busy: boolean;
  onImport: (decisions: ImportDecisions) => void;
}) {
  const { money } = useMoney();
  const [kept, setKept] = useState<ReadonlySet<number>>(new Set());
  const [confirmed, setConfirmed] = useState(false);
  const check = preview.account_check;
  const mustConfirm = check.status === "different" && !confirmed;
  const count = preview.new_lines + kept.size;
  return (
    <div className="space-y-3">
      <p className="text-sm text-ink">
        <strong>{preview.file_name}</strong> ({preview.format.toUpperCase()}): {plural(preview.new_lines, "new transaction")}
        {preview.duplicates > 0 ? `, ${preview.duplicates} already imported (skipped)` : ""}
        {preview.likely_count > 0 ? `, ${plural(preview.likely_count, "likely duplicate")}` : ""}
        {preview.first_date ? `, ${preview.first_date} to ${preview.last_date}` : ""}.
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
        {preview.statements.map((s, i) => (
          <li key={i} className={s.difference !== null && s.difference !== "0.00" ? "font-medium text-red-800" : undefined}>
            {s.account ? `${s.account}: ` : ""}
            {plural(s.lines, "transaction")}. {balanceText(s, money)}
          </li>
        ))}
      </ul>
      {check.status === "different" ? (
        <div role="alert" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">{check.message}.</p>
          <CheckboxField
            id="statement-confirm-account"
            label="It belongs to this bank account all the same: import it here"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
          />
        </div>
      ) : check.message ? (
        <p className="text-sm text-muted">{check.message}</p>
      ) : null}
      {preview.likely_count > 0 ? (
        <StatementLikelyDuplicates items={preview.likely_duplicates} count={preview.likely_count} kept={kept} onChange={setKept} />
      ) : null}
      {/* Scrolled by keyboard too: it is a stop of its own. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="The statement's first transactions"
        className="max-h-96 overflow-auto rounded-lg border border-slate-200"
      >
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">The statement's first transactions</caption>
          <thead className="sticky top-0 bg-slate-50">
            <ColumnHeads labels={["Line", "Date", "Description", "Amount", "Status"]} numeric={["Amount"]} />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.lines.map((l) => (
              <tr key={l.index}>
                <td className={`${tdClass} tabular-nums`}>{l.line}</td>
                <td className={`${tdClass} whitespace-nowrap`}>{l.date}</td>
                <td className={tdClass}>{l.description}</td>
                <td className={`${tdClass} whitespace-nowrap text-right tabular-nums`}>{money(l.amount)}</td>
                <td className={tdClass}>
                  {l.duplicate
                    ? "Imported before"
                    : l.likely
                      ? kept.has(l.index)
                        ? "Likely duplicate: imported"
                        : "Likely duplicate: skipped"
                      : "New"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button
        type="button"
        disabled={busy || preview.error !== null || count === 0 || mustConfirm}
        onClick={() => onImport({ keep: [...kept], all: kept.size > 0 && kept.size === preview.likely_count, confirmAccount: confirmed })}
      >
        Import {plural(count, "transaction")}
      </Button>
      {mustConfirm ? <p className="text-sm text-muted">Confirm the account above to import this file.</p> : null}
    </div>
  );
}
