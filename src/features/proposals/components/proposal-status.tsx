import { moneyIn } from "~/lib/format.ts";
import { cn } from "~/ui/cn.ts";
import { BILLINGS, BILLING_LABELS, PROPOSAL_STATUS_LABELS, type Billing, type ProposalStatus } from "../proposals.schema.ts";

const TONES: Record<ProposalStatus, string> = {
  draft: "bg-slate-200 text-slate-800",
  sent: "bg-sky-100 text-sky-900",
  viewed: "bg-indigo-100 text-indigo-900",
  accepted: "bg-green-100 text-green-900",
  declined: "bg-red-100 text-red-900",
  expired: "bg-amber-100 text-amber-900",
};

/** A proposal's state as a badge. */
export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return (
    <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-semibold", TONES[status])}>
      {PROPOSAL_STATUS_LABELS[status]}
    </span>
  );
}

/** "$599.00 per month + $1,200.00 one-off", in billing order. */
export function totalsLine(totals: Partial<Record<Billing, string>>, currency: string): string {
  const { money } = moneyIn(currency);
  const parts = BILLINGS.filter((b) => totals[b] !== undefined).map((b) => `${money(totals[b]!)} ${BILLING_LABELS[b]}`);
  return parts.join(" + ") || "—";
}
