import { useId } from "react";
import { moneyIn } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import { CheckboxField } from "~/ui/field.tsx";
import { BILLINGS, BILLING_LABELS, type Billing } from "../proposals.schema.ts";
import type { PublicProposal } from "../proposals.types.ts";

/** The total by billing of the lines taken: those not optional and the options ticked. */
function totals(p: PublicProposal, chosen: Set<number>): { billing: Billing; cents: bigint }[] {
  const sums = new Map<Billing, bigint>();
  for (const l of p.lines) if (!l.optional || chosen.has(l.id)) sums.set(l.billing, (sums.get(l.billing) ?? 0n) + toCents(l.amount)!);
  return BILLINGS.filter((b) => sums.has(b)).map((b) => ({ billing: b, cents: sums.get(b)! }));
}

/** A proposal's fees as its client reads them: the lines, the add-ons she may tick while it is open, the totals by billing. */
export function ProposalFees({
  proposal: p,
  chosen,
  onChosen,
  open,
}: {
  proposal: PublicProposal;
  chosen: Set<number>;
  onChosen: (chosen: Set<number>) => void;
  open: boolean;
}) {
  const uid = useId();
  const { money } = moneyIn(p.currency);
  const sum = totals(p, chosen);
  const options = p.lines.filter((l) => l.optional);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby={`${uid}-fees`}>
      <h2 id={`${uid}-fees`} className="text-lg font-semibold">
        Fees
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {p.lines
          .filter((l) => !l.optional)
          .map((l) => (
            <li key={l.id} className="flex justify-between gap-4 py-2">
              <span>
                {l.name}
                {l.quantity > 1 ? ` × ${l.quantity}` : ""}
                {l.description ? <span className="block text-sm text-muted">{l.description}</span> : null}
              </span>
              <span className="shrink-0 text-right tabular-nums">
                {money(l.amount)}
                <span className="block text-sm text-muted">{BILLING_LABELS[l.billing]}</span>
              </span>
            </li>
          ))}
      </ul>
      {options.length ? (
        <fieldset className="mt-4 space-y-3 rounded-md bg-slate-50 p-3">
          <legend className="font-semibold">Optional add-ons</legend>
          {options.map((l) => (
            <div key={l.id} className="flex items-start justify-between gap-4">
              <CheckboxField
                id={`${uid}-option-${l.id}`}
                label={`${l.name}${l.quantity > 1 ? ` × ${l.quantity}` : ""}`}
                hint={l.description ?? undefined}
                labelClassName="text-base text-ink"
                checked={chosen.has(l.id)}
                disabled={!open}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(l.id);
                  else next.delete(l.id);
                  onChosen(next);
                }}
              />
              <span className="shrink-0 text-right tabular-nums">
                {money(l.amount)}
                <span className="block text-sm text-muted">{BILLING_LABELS[l.billing]}</span>
              </span>
            </div>
          ))}
        </fieldset>
      ) : null}
      <dl className="mt-4 border-t border-slate-300 pt-3" aria-live="polite" data-testid="proposal-total">
        {sum.map((t) => (
          <div key={t.billing} className="flex justify-between gap-4 text-lg font-semibold">
            <dt>Total {BILLING_LABELS[t.billing]}</dt>
            <dd className="tabular-nums">{money(t.cents)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-muted">Minimum term: {p.minimum_term_months ? `${p.minimum_term_months} months` : "none"}.</p>
    </section>
  );
}
