import { ACCOUNT_TYPES } from "../reports.ts";
import type { AccountResolution } from "../import.schema.ts";
import type { ImportPreview } from "../import.types.ts";
import type { AccountDto } from "../accounting.types.ts";

import { inputClass, tdClass, thClass } from "./ui.tsx";
import { useMoney } from "./books-context.tsx";

/** What a file would add: counts, every error by line and column, the first rows, and the accounts it lacks. */
export function ImportPreviewView({
  preview,
  accounts,
  resolutions,
  onResolve,
}: {
  preview: ImportPreview;
  accounts: AccountDto[];
  resolutions: Record<string, AccountResolution>;
  onResolve: (value: string, r: AccountResolution) => void;
}) {
  const { money } = useMoney();
  const { summary, errors } = preview;
  const what = preview.kind === "chart" ? "accounts" : "entries";
  return (
    <div className="space-y-6">
      <p className="text-sm text-ink" role="status">
        {summary.new_items} new {what}, {summary.existing_items} already there
        {preview.kind === "journal"
          ? ` · ${summary.lines} lines · debits ${money(summary.debits)} · credits ${money(summary.credits)}`
          : ""}
        {preview.remembered ? " · settings remembered for this layout" : ""}
      </p>
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
      {preview.missing_accounts.length > 0 && (
        <section aria-labelledby="import-missing">
          <h3 id="import-missing" className="text-sm font-semibold text-ink">
            Accounts not in the chart ({preview.missing_accounts.length})
          </h3>
          <ul className="mt-2 space-y-2">
            {preview.missing_accounts.map((a) => {
              const r = resolutions[a.value] ?? { create: a.suggested_type };
              const value = "map" in r ? `map:${r.map}` : `create:${r.create}`;
              return (
                <li key={a.value} className="flex flex-wrap items-center gap-2 text-sm">
                  <label htmlFor={`missing-${a.value}`} className="min-w-40 font-medium text-ink">
                    {a.value === a.name ? a.value : `${a.value} (${a.name})`} · {a.lines} lines
                  </label>
                  <select
                    id={`missing-${a.value}`}
                    className={`${inputClass} max-w-xs`}
                    value={value}
                    onChange={(e) => {
                      const [how, what] = e.target.value.split(/:(.*)/s) as [string, string];
                      onResolve(a.value, how === "map" ? { map: what } : { create: what as (typeof ACCOUNT_TYPES)[number] });
                    }}
                  >
                    {ACCOUNT_TYPES.map((t) => (
                      <option key={t} value={`create:${t}`}>
                        Create as {t}
                      </option>
                    ))}
                    {accounts.map((acc) => (
                      <option key={acc.id} value={`map:${acc.account_code}`}>
                        Use {acc.account_code} {acc.account_name}
                      </option>
                    ))}
                  </select>
                </li>
              );
            })}
          </ul>
        </section>
      )}
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
