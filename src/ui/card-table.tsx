import type { ReactNode } from "react";
import { cn } from "~/ui/cn.ts";
import { ColumnHeads, tdClass } from "~/ui/table.tsx";

/** Below which width a table's rows become cards (its heads hidden): a phone (md), a tablet too (lg), or never. */
export type CardsBelow = "md" | "lg" | "none";

const LAYOUT: Record<CardsBelow, { block: string; hidden: string; label: string; cell: string }> = {
  md: { block: "max-md:block", hidden: "max-md:hidden", label: "md:hidden", cell: "max-md:p-0" },
  lg: { block: "max-lg:block", hidden: "max-lg:hidden", label: "lg:hidden", cell: "max-lg:p-0" },
  none: { block: "", hidden: "", label: "hidden", cell: "" },
};

/**
 * A table in its bordered frame, scrolled sideways when wider than the screen: its caption (for screen readers), its
 * column heads (the `numeric` ones aligned right) and its rows. With `cards`, each row is a card below that width and
 * the heads are hidden there (each cell then names its column: `CardCell`, `CardLabel`).
 */
export function CardTable({
  caption,
  heads,
  numeric,
  cards,
  strongRules = false,
  testId,
  children,
}: {
  caption: ReactNode;
  heads: (string | false)[];
  numeric?: string[];
  cards: CardsBelow;
  /** Rows ruled as the head is (slate-200) rather than lighter. */
  strongRules?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const layout = LAYOUT[cards];
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className={cn("min-w-full divide-y divide-slate-200", layout.block)} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cn("bg-slate-50", layout.hidden)}>
          <ColumnHeads labels={heads} numeric={numeric} />
        </thead>
        <tbody className={cn("divide-y", strongRules ? "divide-slate-200" : "divide-slate-100", layout.block)}>{children}</tbody>
      </table>
    </div>
  );
}

/** A column's name shown above a cell's content in a card (below `cards`), where the table's heads are hidden. */
export function CardLabel({ cards = "md", children }: { cards?: CardsBelow; children: ReactNode }) {
  return <span className={cn("block text-xs font-semibold uppercase tracking-wide text-muted", LAYOUT[cards].label)}>{children}</span>;
}

/** A cell of a card row: no padding of its own in the card, where its column's name (`label`) is shown above it. */
export function CardCell({
  label,
  cards = "md",
  className,
  children,
}: {
  label?: string;
  cards?: CardsBelow;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td className={cn(tdClass, LAYOUT[cards].cell, className)}>
      {label ? <CardLabel cards={cards}>{label}</CardLabel> : null}
      {children}
    </td>
  );
}
