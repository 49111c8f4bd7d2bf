import type { ReactNode } from "react";
import { cn } from "~/ui/cn.ts";

/** The two series of the monthly charts: the twelve months, and the same months a year earlier. */
export const SERIES = {
  current: { fill: "fill-brand-700", swatch: "bg-brand-700" },
  lastYear: { fill: "fill-slate-500", swatch: "bg-slate-500" },
} as const;

/**
 * A chart as a figure: its title (and what it counts), a legend when it has two series, the drawing, and its numbers
 * in a table that opens on demand, for anyone who would rather read them, or cannot see the drawing.
 */
export function ChartFigure({
  title,
  note,
  legend,
  chart,
  table,
}: {
  title: string;
  note?: string;
  legend?: { label: string; swatch: string }[];
  chart: ReactNode;
  table: ReactNode;
}) {
  return (
    <figure className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <figcaption>
        <span className="block font-semibold text-ink">{title}</span>
        {note ? <span className="block text-sm text-muted">{note}</span> : null}
      </figcaption>
      {legend ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          {legend.map((l) => (
            <li key={l.label} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={cn("inline-block h-3 w-3 rounded-sm", l.swatch)} />
              {l.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3">{chart}</div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700 underline hover:text-brand-900">
          Show the numbers<span className="sr-only"> of {title.toLowerCase()}</span>
        </summary>
        {table}
      </details>
    </figure>
  );
}

/**
 * A chart's numbers: a row per month or category (its name the row's head, wrapping on a phone), amounts aligned right
 * on one line, a total below. Should the amounts be too wide for a phone, the table scrolls sideways in a region that
 * the keyboard reaches too.
 */
export function NumbersTable({
  caption,
  heads,
  rows,
  total,
}: {
  caption: string;
  heads: string[];
  rows: { key: string; cells: string[] }[];
  total?: string[];
}) {
  const cell = "px-2 py-1.5 text-right tabular-nums whitespace-nowrap";
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="mt-2 overflow-x-auto">
      <table className="w-full text-sm text-ink">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {heads.map((h, i) => (
              <th key={h} scope="col" className={cn("px-2 py-1.5 text-xs font-semibold text-muted", i === 0 ? "text-left" : "text-right")}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-slate-100">
              <th scope="row" className="px-2 py-1.5 text-left font-normal">
                {r.cells[0]}
              </th>
              {r.cells.slice(1).map((c, i) => (
                <td key={i} className={cell}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="px-2 py-1.5 text-left">
                {total[0]}
              </th>
              {total.slice(1).map((c, i) => (
                <td key={i} className={cell}>
                  {c}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
