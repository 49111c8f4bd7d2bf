import { Link } from "react-router";
import { formatCount, moneyIn } from "~/lib/format.ts";
import type { FeesOverdue } from "../firm-billing-overview.types.ts";

/** The firm's overview, for its admins: its fee invoices past due (how many, how much) and a link to its books' aging. */
export function FeesOverdueSection({ fees }: { fees: FeesOverdue }) {
  const { money } = moneyIn(fees.currency);
  return (
    <section aria-labelledby="fees-overdue-heading" className="space-y-4">
      <h2 id="fees-overdue-heading" className="text-lg font-bold text-ink">
        Fees overdue
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-slate-200 p-5" data-testid="fees-overdue">
        <p>
          <span className="block text-3xl font-bold text-ink">{money(fees.total)}</span>
          <span className="mt-1 block text-sm text-muted">
            {fees.count === 0
              ? "No fee invoice is overdue."
              : `${formatCount(fees.count)} ${fees.count === 1 ? "invoice" : "invoices"} past due with something owed`}
          </span>
        </p>
        <Link to={`/accounting/${fees.organization_id}/aging`} className="text-sm font-medium text-brand-800 underline">
          Open the firm's books
        </Link>
      </div>
    </section>
  );
}
