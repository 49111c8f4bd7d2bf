import { cn } from "~/ui/cn.ts";

const TONES: Record<string, string> = {
  waiting_client: "bg-amber-100 text-amber-900",
  waiting_firm: "bg-sky-100 text-sky-900",
  complete: "bg-emerald-100 text-emerald-900",
  open: "bg-slate-100 text-slate-800",
  uploaded: "bg-sky-100 text-sky-900",
  unavailable: "bg-sky-100 text-sky-900",
  accepted: "bg-emerald-100 text-emerald-900",
  returned: "bg-red-100 text-red-900",
};

/** A request's or an item's state, as a small label. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", TONES[status] ?? "bg-slate-100 text-slate-800")}>{label}</span>
  );
}
