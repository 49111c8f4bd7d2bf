import type { ReactNode } from "react";
import type { ImportPreview } from "../import.types.ts";
import { tdClass, thClass } from "~/ui/table.tsx";
import { useMoney } from "~/features/ledger/index.ts";

/** One line saying what the file would add (and, for opening balances, what goes to Opening Balance Equity). */
function Summary({ preview }: { preview: ImportPreview }) {
  const { money } = useMoney();
  const { summary, opening } = preview;
  const amounts = ` · ${summary.lines} lines · debits ${money(summary.debits)} · credits ${money(summary.credits)}`;
  let text = `${summary.new_items} new accounts, ${summary.existing_items} already there`;
  if (preview.kind === "journal") text = `${summary.new_items} new entries, ${summary.existing_items} already there${amounts}`;
  if (opening) {
    const d = opening.difference;
    const equity = d === "0.00" ? "none (balanced)" : d.startsWith("-") ? `debit ${money(d.slice(1))}` : `credit ${money(d)}`;
    text = `${opening.accounts} opening balances${opening.as_of ? ` as of ${opening.as_of}` : ""} · debits ${money(summary.debits)} · credits ${money(summary.credits)} · Opening Balance Equity: ${equity}`;
  }
  return (
    <div className="space-y-1 text-sm text-ink">
      <p role="status">
        {text}
        {preview.remembered ? " · settings remembered for this layout" : ""}
      </p>
      {opening?.replaces ? <p>Importing replaces the opening entry {opening.replaces}, which is reversed.</p> : null}
    </div>
  );
}

/** What a file would add: counts, every error by line and column, what needs a choice (`children`), the first rows as read. */
export function ImportPreviewView({ preview, children }: { preview: ImportPreview; children?: ReactNode }) {
  const { errors } = preview;
  return (
    <div className="space-y-6">
      <Summary preview={preview} />
      {preview.missing_fields.length > 0 && (
        <p className="text-sm font-semibold text-red-700">Choose the column of: {preview.missing_fields.join(", ")}</p>
      )}
      {preview.error_count > 0 && (
        <section aria-labelledby="import-errors">
          <h3 id="import-errors" className="text-sm font-semibold text-red-700">
            {preview.error_count} {preview.error_count === 1 ? "error" : "errors"}: nothing will be imported until they are fixed
          </h3>
          <ul className="mt-2 max-h-60 list-disc overflow-auto pl-5 text-sm text-red-800">
            {errors.map((e, i) => (
              <li key={i}>
                Line {e.line}, column {e.column}: {e.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {children}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="First rows of the file">
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">First rows of the file</caption>
          <thead>
            <tr>
              <th className={thClass}>Line</th>
              {preview.columns.map((c, i) => (
                <th key={i} className={thClass}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.slice(0, 20).map((r) => (
              <tr key={r.line} className={errors.some((e) => e.line === r.line) ? "bg-red-50" : undefined}>
                <td className={tdClass}>{r.line}</td>
                {preview.columns.map((_, i) => (
                  <td key={i} className={`${tdClass} whitespace-nowrap`}>
                    {r.cells[i] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
