import { Link } from "react-router";
import { CALCULATOR_PATHS, CALCULATOR_TITLES, reportFor, type SavedSubmission } from "../calculators.ts";

import { formatSavedAt } from "./format-date.ts";

/** The user's saved results, newest first; each opens again on its calculator. */
export function SavedResultsList({ submissions }: { submissions: SavedSubmission[] }) {
  return (
    <section aria-labelledby="saved-results-heading" className="mt-16">
      <h2 id="saved-results-heading" className="text-2xl font-bold text-ink">
        Your saved results
      </h2>
      {submissions.length === 0 ? (
        <p className="mt-4 text-muted">You have no saved results yet. Results you save from a calculator are listed here.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="saved-results">
          {submissions.map((s) => {
            const headline = reportFor(s).highlights[s.calculatorType === "roi" ? 0 : 1]!;
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <Link
                    to={`${CALCULATOR_PATHS[s.calculatorType]}?submission=${s.id}`}
                    className="font-semibold text-brand-700 underline hover:text-brand-900"
                  >
                    {CALCULATOR_TITLES[s.calculatorType]}: {headline.label} {headline.value}
                  </Link>
                  <p className="text-sm text-muted">
                    Saved <time dateTime={s.createdAt}>{formatSavedAt(s.createdAt)}</time>, sent to {s.email}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
