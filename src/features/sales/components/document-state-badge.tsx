import { cn } from "~/ui/cn.ts";
import type { DocumentKind, DocumentState } from "../sales.types.ts";

export const STATE_LABELS: Record<DocumentState, string> = {
  template: "Template",
  draft: "Draft",
  awaiting_approval: "Awaiting approval",
  approved: "Approved",
  sent: "Sent",
  partly_paid: "Partly paid",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void",
};

const TONES: Record<DocumentState, string> = {
  template: "bg-slate-100 text-slate-800",
  draft: "bg-amber-100 text-amber-900",
  awaiting_approval: "bg-orange-100 text-orange-900",
  approved: "bg-sky-100 text-sky-900",
  sent: "bg-sky-100 text-sky-900",
  partly_paid: "bg-indigo-100 text-indigo-900",
  paid: "bg-green-100 text-green-900",
  overdue: "bg-red-100 text-red-900",
  void: "bg-slate-200 text-slate-800",
};

/** A credit (a credit note, a supplier credit) is applied rather than paid, and is never late. */
const CREDIT_LABELS: Partial<Record<DocumentState, string>> = { partly_paid: "Partly applied", paid: "Applied", overdue: "Open" };

/** What a document's state is called: a credit's payment states say it is applied. */
export const stateLabel = (state: DocumentState, kind: DocumentKind): string =>
  (kind === "credit_note" || kind === "supplier_credit" ? CREDIT_LABELS[state] : undefined) ?? STATE_LABELS[state];

/** A document's state for its reader: draft, awaiting approval, approved, sent, partly paid, paid, overdue or void. */
export function DocumentStateBadge({ state, kind, className }: { state: DocumentState; kind: DocumentKind; className?: string }) {
  const tone = stateLabel(state, kind) === "Open" ? TONES.approved : TONES[state];
  return (
    <span className={cn("inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold", tone, className)}>
      {stateLabel(state, kind)}
    </span>
  );
}
