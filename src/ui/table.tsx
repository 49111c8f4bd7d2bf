import type { ReactNode } from "react";
import { cn } from "~/ui/cn.ts";
import { Modal } from "~/ui/modal.tsx";

export { Modal };

export const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 disabled:bg-slate-100 read-only:bg-slate-100";
export const labelClass = "mb-1 block text-sm font-medium text-ink";
export const thClass = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted";
export const tdClass = "px-3 py-2 text-sm text-ink";

/** A table row that is a card of three columns below md (a phone), as the journal's rows are: see `Amount`. */
export const cardRow = "max-md:grid max-md:grid-cols-3 max-md:gap-x-3 max-md:gap-y-1 max-md:px-3 max-md:py-3";
/** A cell of a `cardRow`: no padding of its own in the card. */
export const cardText = "max-md:p-0";

/** An amount cell aligned right; in a card (below md) its column's name is shown above it, since the heads are not. */
export function Amount({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className={`${tdClass} text-right tabular-nums max-md:p-0 max-md:text-left max-md:[overflow-wrap:anywhere] md:whitespace-nowrap`}>
      <span className="block text-xs font-semibold uppercase tracking-wide text-muted md:hidden">{label}</span>
      {children || <span className="md:hidden">—</span>}
    </td>
  );
}

/** The heading row of a table; the `numeric` columns are aligned right, as their amounts are. */
export function ColumnHeads({ labels, numeric = [] }: { labels: (string | false)[]; numeric?: string[] }) {
  return (
    <tr>
      {labels.map((label) =>
        label === false ? null : (
          <th key={label} scope="col" className={numeric.includes(label) ? `${thClass} text-right` : thClass}>
            {label}
          </th>
        ),
      )}
    </tr>
  );
}

/** Draft, Posted, or Reversed (a posted entry another entry has reversed). */
export function StatusBadge({ status, reversed = false }: { status: "draft" | "posted"; reversed?: boolean }) {
  const label = status === "draft" ? "Draft" : reversed ? "Reversed" : "Posted";
  return (
    <span
      className={cn(
        "inline-block rounded-full px-2 py-0.5 text-xs font-semibold",
        status === "draft" ? "bg-amber-100 text-amber-900" : reversed ? "bg-slate-200 text-slate-800" : "bg-green-100 text-green-900",
      )}
    >
      {label}
    </span>
  );
}

/** Dates separated by commas, each kept on one line ("2026-12-31" never breaks at its dashes). */
export function DateList({ dates }: { dates: string[] }) {
  return dates.map((d, i) => (
    <span key={d}>
      {i > 0 ? ", " : ""}
      <span className="whitespace-nowrap">{d}</span>
    </span>
  ));
}
