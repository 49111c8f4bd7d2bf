import { Link } from "react-router";
import { cn } from "~/ui/cn.ts";
import { booksPath, useBooksOrgId } from "~/features/ledger/index.ts";
import type { Commentary, CommentaryFigures, CommentaryMonth } from "../commentary.types.ts";
import { STATUS_LABELS } from "./commentary-actions.tsx";
import { CommentaryEditor } from "./commentary-editor.tsx";

export interface CommentaryScreenData {
  months: CommentaryMonth[];
  commentary: Commentary | null;
  figures: CommentaryFigures;
}

/**
 * Commentary (/accounting/:orgId/commentary, the firm's side only; decision 122): the month's commentary in its
 * editor, and the months with their state to open another (`?month=2026-10`). On a phone the editor comes first.
 */
export function CommentaryScreen({ months, commentary, figures }: CommentaryScreenData) {
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-ink">Monthly commentary</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          For each month, a headline, what changed and why, and what to do, with figures tied to the posted books. Another of the
          firm&apos;s people reviews it; once published the client reads it on her home, is told by mail, and it opens that month&apos;s
          pack.
        </p>
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
        <CommentaryEditor key={figures.month} commentary={commentary} figures={figures} />
        <MonthList months={months} current={figures.month} />
      </div>
    </div>
  );
}

function MonthList({ months, current }: { months: CommentaryMonth[]; current: string }) {
  const orgId = useBooksOrgId();
  return (
    <nav aria-labelledby="commentary-months-heading">
      <h3 id="commentary-months-heading" className="text-base font-semibold text-ink">
        Months
      </h3>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
        {months.map((m) => (
          <li key={m.month}>
            <Link
              to={`${booksPath(orgId, "commentary")}?month=${m.month}`}
              aria-current={m.month === current ? "page" : undefined}
              className={cn(
                "flex items-center justify-between gap-3 px-3 py-2 hover:bg-slate-50",
                m.month === current ? "bg-brand-50 font-semibold text-brand-800" : "text-ink",
              )}
            >
              <span>{m.label}</span>
              <span className="text-slate-700">{m.status ? STATUS_LABELS[m.status] : "Not written"}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
