import { CheckboxField } from "~/ui/field.tsx";
import type { LikelyDuplicate } from "../bank.types.ts";
import { useMoney } from "~/features/ledger/index.ts";

/** One side of a pair: where the line is, its date and amount, then the bank's text. */
function Side({ title, date, amount, text }: { title: string; date: string; amount: string; text: string }) {
  const { money } = useMoney();
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">{title}</p>
      <p className="text-sm font-medium text-ink">
        {date} · <span className="tabular-nums">{money(amount)}</span>
      </p>
      <p className="text-sm text-ink [overflow-wrap:anywhere]">{text}</p>
    </div>
  );
}

/**
 * The file's lines that look like lines already in the account (the same amount, dates at most 3 days apart: the same
 * movement exported in another format, with another text), each beside the line it looks like. Each is skipped unless
 * ticked; `kept` holds the ticked ones (their places in the file).
 */
export function StatementLikelyDuplicates({
  items,
  count,
  kept,
  onChange,
}: {
  items: LikelyDuplicate[];
  /** All of them, when more than are listed. */
  count: number;
  kept: ReadonlySet<number>;
  onChange: (kept: ReadonlySet<number>) => void;
}) {
  const toggle = (index: number, on: boolean) => {
    const next = new Set(kept);
    if (on) next.add(index);
    else next.delete(index);
    onChange(next);
  };
  return (
    <section aria-labelledby="likely-heading" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
      <h3 id="likely-heading" className="text-sm font-semibold text-ink">
        {count} likely duplicate{count === 1 ? "" : "s"}
      </h3>
      <p className="text-sm text-ink">
        Each has the amount of a line already imported, dated at most 3 days from it: most likely the same movement, as another file writes
        it. They are skipped; tick one to import it all the same.
        {count > items.length ? ` The first ${items.length} are listed.` : ""}
      </p>
      <ul className="space-y-2">
        {items.map((d) => (
          <li key={d.index} className="space-y-2 rounded-md border border-slate-200 bg-white p-3" data-testid="likely-duplicate">
            <div className="grid gap-3 sm:grid-cols-2">
              <Side title={`This file, line ${d.line}`} date={d.date} amount={d.amount} text={d.description} />
              <Side
                title={`Already imported from ${d.existing.file_name}`}
                date={d.existing.date}
                amount={d.existing.amount}
                text={d.existing.description}
              />
            </div>
            <CheckboxField
              id={`likely-${d.index}`}
              label={`Import line ${d.line} all the same (it is not the line already imported)`}
              checked={kept.has(d.index)}
              onChange={(e) => toggle(d.index, e.target.checked)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
