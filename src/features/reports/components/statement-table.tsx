import { useState } from "react";
import { cn } from "~/ui/cn.ts";

import type { ReportColumn, StatementItem } from "../reports.ts";
import { tdClass, thClass } from "~/ui/table.tsx";
import { useMoney } from "~/features/ledger/index.ts";

export interface LedgerTarget {
  account_id: number;
  account_code: string;
  account_name: string;
}

/** An amount as the statements show it: dollars, a minus when negative; a comparison's change in per cent. */
const percent = (p: string | null | undefined) => (p == null ? "—" : `${p}%`);
const columnHead = (c: ReportColumn, position: boolean) => (position ? `As of ${c.end}` : `${c.start} to ${c.end}`);

/**
 * A laid-out statement (Profit & Loss, Balance Sheet): headings, accounts indented under their parents, subtotals and
 * totals, one amount column per period and, with comparisons, each one's change and change in per cent. A parent's
 * row shows its own balance plus its sub-accounts'; its button folds them away and back (aria-expanded). Below md
 * each row is a card, every amount named by its column.
 */
export function StatementTable({
  caption,
  columns,
  items,
  position,
  onOpen,
}: {
  caption: string;
  columns: ReportColumn[];
  items: StatementItem[];
  /** A balance sheet: columns are positions at a date. */
  position: boolean;
  onOpen: (a: LedgerTarget) => void;
}) {
  const { money } = useMoney();
  const cell = (a: string | undefined) => (a === undefined || a === "" ? "" : money(a));
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const others = columns.slice(1);
  const heads = [
    ...columns.map((c) => ({
      key: c.key,
      label: c.key === "current" ? columnHead(c, position) : `${c.label} (${columnHead(c, position)})`,
    })),
    ...others.flatMap((c) => [
      { key: `${c.key}-change`, label: `Change from ${c.label.toLowerCase()}` },
      { key: `${c.key}-percent`, label: `% change from ${c.label.toLowerCase()}` },
    ]),
  ];
  const parentOf = new Map(items.map((i) => [i.key, i.parent_key ?? null]));
  const hidden = (item: StatementItem) => {
    for (let p = item.parent_key ?? null; p; p = parentOf.get(p) ?? null) if (folded.has(p)) return true;
    return false;
  };
  const toggle = (key: string) =>
    setFolded((f) => {
      const next = new Set(f);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const amount = `${tdClass} text-right tabular-nums md:whitespace-nowrap max-md:flex max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-0.5 max-md:text-right before:text-muted before:content-[attr(data-label)] md:before:content-none`;
  return (
    <table className="min-w-full divide-y divide-slate-200 max-md:block" data-testid="statement">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-50 max-md:hidden">
        <tr>
          <th scope="col" className={thClass}>
            Account
          </th>
          {heads.map((h) => (
            <th key={h.key} scope="col" className={`${thClass} text-right`}>
              {h.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 max-md:block">
        {items.map((item) => {
          if (hidden(item)) return null;
          if (item.kind === "heading")
            return (
              <tr key={item.key} className="bg-slate-50 max-md:block">
                <th scope="colgroup" colSpan={heads.length + 1} className={`${tdClass} text-left font-semibold max-md:block`}>
                  {item.label}
                </th>
              </tr>
            );
          const strong = item.kind === "subtotal" || item.kind === "total";
          const open = !folded.has(item.key);
          return (
            <tr
              key={item.key}
              data-testid={item.kind === "account" ? "statement-account" : item.key.replace(":", "-").replaceAll("_", "-")}
              className={cn(
                "max-md:block max-md:px-3 max-md:py-2",
                strong && "font-semibold",
                item.kind === "total" && "border-t-2 border-slate-300",
              )}
            >
              <th scope="row" className={`${tdClass} text-left font-[inherit] max-md:block max-md:p-0 md:min-w-[16rem]`}>
                <span className="inline-flex items-baseline" style={{ paddingInlineStart: `${Math.max(0, item.level - 1) * 1.25}rem` }}>
                  {item.has_children ? (
                    <button
                      type="button"
                      aria-expanded={open}
                      onClick={() => toggle(item.key)}
                      className="mr-1 rounded px-1 text-muted hover:bg-slate-100"
                      aria-label={`${open ? "Hide" : "Show"} the sub-accounts of ${item.account_code}`}
                    >
                      <span aria-hidden="true">{open ? "▾" : "▸"}</span>
                    </button>
                  ) : null}
                  {item.kind === "account" && item.account_id !== undefined ? (
                    <button
                      type="button"
                      className="text-left text-brand-700 underline hover:text-brand-900"
                      onClick={() =>
                        onOpen({
                          account_id: item.account_id!,
                          account_code: item.account_code!,
                          account_name: item.label.slice(item.account_code!.length + 1),
                        })
                      }
                    >
                      {item.label}
                    </button>
                  ) : (
                    item.label
                  )}
                </span>
              </th>
              {heads.map((h, i) => {
                const j = i - columns.length;
                const text =
                  i < columns.length
                    ? cell(item.amounts[i])
                    : j % 2 === 0
                      ? cell(item.changes?.[j / 2]?.amount)
                      : percent(item.changes?.[(j - 1) / 2]?.percent);
                return (
                  <td key={h.key} className={amount} data-label={h.label}>
                    {text}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
