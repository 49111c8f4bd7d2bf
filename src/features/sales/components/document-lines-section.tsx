import { useMoney } from "~/features/ledger/index.ts";
import type { DocumentDetails } from "../sales.types.ts";
import { DocumentLinesTable } from "./document-lines-table.tsx";
import { isCredit } from "./payment-values.ts";

/** A document's subtotal, tax per code (or none), total and, once approved, what is still owed (or the credit left). */
function DocumentTotals({ document: d }: { document: DocumentDetails }) {
  const { money } = useMoney();
  return (
    <dl className="space-y-1 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm" data-testid="document-totals">
      <div className="flex justify-between gap-4">
        <dt className="text-muted">Subtotal</dt>
        <dd className="tabular-nums">{money(d.subtotal)}</dd>
      </div>
      {d.taxes.length > 0 ? (
        d.taxes.map((t) => (
          <div key={t.tax_code_id} className="flex justify-between gap-4">
            <dt className="text-muted">
              Tax {t.code} <span className="text-xs">({t.name})</span>
            </dt>
            <dd className="tabular-nums">{money(t.amount)}</dd>
          </div>
        ))
      ) : (
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Tax</dt>
          <dd className="tabular-nums">{money(d.tax_total)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4 border-t border-slate-300 pt-1 text-base font-semibold text-ink">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="document-total">
          {money(d.total)}
        </dd>
      </div>
      {d.status === "approved" ? (
        <div className="flex justify-between gap-4 text-base font-semibold text-ink">
          <dt>{isCredit(d) ? "Credit left" : "Owed"}</dt>
          <dd className="tabular-nums" data-testid="document-owed">
            {money(d.owed)}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** A document's "Lines" section: its lines as saved, its notes (when it has some) beside its totals. */
export function DocumentLinesSection({ document: d }: { document: DocumentDetails }) {
  return (
    <section aria-labelledby="document-lines" className="space-y-3">
      <h3 id="document-lines" className="text-lg font-semibold text-ink">
        Lines
      </h3>
      <DocumentLinesTable document={d} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="text-sm text-ink">
          {d.notes ? (
            <>
              <h4 className="font-semibold">Notes</h4>
              <p className="mt-1 whitespace-pre-line">{d.notes}</p>
            </>
          ) : null}
        </div>
        <DocumentTotals document={d} />
      </div>
    </section>
  );
}
