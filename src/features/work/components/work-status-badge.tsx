import { WORK_STATUS_LABELS, type WorkStatus } from "../work.types.ts";

const TONES: Record<WorkStatus, string> = {
  not_started: "bg-slate-100 text-slate-800",
  in_progress: "bg-sky-100 text-sky-900",
  waiting_client: "bg-amber-100 text-amber-900",
  review: "bg-violet-100 text-violet-900",
  done: "bg-emerald-100 text-emerald-900",
};

/** A work instance's status as a badge (its words carry it; the colour only helps). */
export function WorkStatusBadge({ status }: { status: WorkStatus }) {
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${TONES[status]}`}>{WORK_STATUS_LABELS[status]}</span>;
}

/** "Due 16 Nov 2026", in red words when overdue. */
export function DueText({ due, done, today }: { due: string; done: boolean; today: string }) {
  const overdue = !done && due < today;
  return <span className={overdue ? "font-semibold text-red-800" : undefined}>{overdue ? `Overdue since ${due}` : `Due ${due}`}</span>;
}
