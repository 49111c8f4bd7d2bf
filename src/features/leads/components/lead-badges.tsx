import { cn } from "~/ui/cn.ts";
import { LEAD_STATUS_LABELS, type LeadStatus } from "../leads-inbox.schema.ts";

const STATUS_TONES: Record<LeadStatus, string> = {
  new: "bg-brand-50 text-brand-800 ring-brand-200",
  contacted: "bg-slate-100 text-slate-800 ring-slate-300",
  meeting_scheduled: "bg-amber-50 text-amber-900 ring-amber-200",
  proposal_sent: "bg-violet-50 text-violet-900 ring-violet-200",
  won: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  lost: "bg-red-50 text-red-800 ring-red-200",
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span
      className={cn("inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", STATUS_TONES[status])}
    >
      {LEAD_STATUS_LABELS[status]}
    </span>
  );
}
