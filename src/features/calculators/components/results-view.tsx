import { forwardRef } from "react";
import type { CalculatorReport } from "../calculators.ts";

function Rows({ rows }: { rows: CalculatorReport["results"] }) {
  return (
    <dl className="divide-y divide-slate-200">
      {rows.map((r) => (
        <div key={r.label} className="flex items-baseline justify-between gap-4 py-2">
          <dt className="text-muted">{r.label}</dt>
          <dd className="font-semibold tabular-nums text-ink">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The figures of one calculation: the key results large, then every result and the inputs. */
export const ResultsView = forwardRef<HTMLHeadingElement, { report: CalculatorReport }>(function ResultsView({ report }, headingRef) {
  return (
    <section aria-labelledby="calculator-results-heading" className="space-y-6">
      <h2 id="calculator-results-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink">
        Your Results
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3" data-testid="result-highlights">
        {report.highlights.map((h) => (
          <div key={h.label} className="rounded-lg border border-brand-100 bg-brand-50 p-5">
            <dt className="text-sm font-semibold text-brand-800">{h.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums text-ink">{h.value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-8 md:grid-cols-2">
        <div>
          <h3 className="text-lg font-semibold text-ink">All results</h3>
          <Rows rows={report.results} />
        </div>
        <div>
          <h3 className="text-lg font-semibold text-ink">Your inputs</h3>
          <Rows rows={report.inputs} />
        </div>
      </div>
      {report.method ? (
        <section
          aria-labelledby="calculator-method-heading"
          className="rounded-lg border border-slate-200 bg-slate-50 p-5"
          data-testid="calculator-method"
        >
          <h3 id="calculator-method-heading" className="text-lg font-semibold text-ink">
            {report.method.heading}
          </h3>
          <div className="mt-2 space-y-2 text-slate-700">
            {report.method.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </section>
      ) : null}
      <p className="text-sm text-muted">Estimates from the figures you entered, for planning only; not tax or investment advice.</p>
    </section>
  );
});
