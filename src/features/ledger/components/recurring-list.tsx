import type { ReactNode } from "react";
import { Button } from "~/ui/button.tsx";
import { CardLabel, CardTable } from "~/ui/card-table.tsx";
import { cn } from "~/ui/cn.ts";
import { DateList, tdClass } from "~/ui/table.tsx";
import type { RecurringStatus } from "../ledger.types.ts";
import { useMoney } from "./books-context.tsx";

/*
 * A list of schedules that make something on their dates (recurring entries, recurring invoices): one row each, a card
 * below md, with what it makes, its schedule, its status and its next dates; writers get its actions.
 */

export type RecurringAction = "edit" | "pause" | "resume" | "end" | "delete";

/** The names of the columns that differ with what a schedule makes (the heads, and the labels of a card's cells). */
export interface RecurringColumns {
  title: string;
  amount: string;
  next: string;
  runs: string;
}

const STATUS: Record<RecurringStatus, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-green-100 text-green-900" },
  paused: { label: "Paused", className: "bg-amber-100 text-amber-900" },
  ended: { label: "Ended", className: "bg-slate-200 text-slate-800" },
};

const cell = `${tdClass} max-md:p-0`;

/** The table of schedules, newest first, or what to say when there is none (`empty`, and `emptyHint` under it). */
export function RecurringTable({
  caption,
  columns,
  canWrite,
  empty,
  emptyHint,
  children,
}: {
  caption: string;
  columns: RecurringColumns;
  canWrite: boolean;
  empty: string | null;
  emptyHint?: string | null;
  children: ReactNode;
}) {
  if (empty !== null)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
        <p className="text-muted">{empty}</p>
        {emptyHint ? <p className="mt-1 text-sm text-muted">{emptyHint}</p> : null}
      </div>
    );
  const { title, amount, next, runs } = columns;
  return (
    <CardTable
      caption={caption}
      heads={[title, "Schedule", amount, "Makes", "Status", next, runs, canWrite && "Actions"]}
      numeric={[amount, runs]}
      cards="md"
    >
      {children}
    </CardTable>
  );
}

/** What a row shows of a schedule, whatever it makes. */
export interface RecurringRowView {
  id: number;
  /** The first cell, in bold; the reference under it. */
  title: string;
  reference: string | null;
  /** The schedule as the buttons' labels name it ("Edit …"). */
  name: string;
  schedule: string;
  start_date: string;
  end_date: string | null;
  /** What each run makes (an amount). */
  amount: string;
  makes: string;
  status: RecurringStatus;
  /** Why the schedule was paused by its job. */
  pausedReason: string | null;
  upcoming: string[];
  runs: number;
}

/**
 * A schedule in the list: what it makes, its schedule, its status (a paused one says why when its job paused it), the
 * next dates and the runs made; below md, a card. Writers get its actions: those of `actions` its status allows (an
 * ended one is only deleted); `ids` gives the Pause or Resume button (one id: only one is shown) and Delete their ids.
 */
export function RecurringRow({
  r,
  columns,
  testId,
  actions,
  ids,
  canWrite,
  busy,
  onAction,
}: {
  r: RecurringRowView;
  columns: RecurringColumns;
  testId: string;
  actions: readonly RecurringAction[];
  ids?: { toggle: string; delete: string };
  canWrite: boolean;
  busy: boolean;
  onAction: (action: RecurringAction) => void;
}) {
  const { money } = useMoney();
  const status = STATUS[r.status];
  const [next, ...later] = r.upcoming;
  const offered = (a: RecurringAction) =>
    actions.includes(a) &&
    (a === "pause" ? r.status === "active" : a === "resume" ? r.status === "paused" : a === "delete" || r.status !== "ended");
  const button = (a: RecurringAction, label: string, variant: "secondary" | "accent" | "ghost", id?: string) =>
    offered(a) ? (
      <Button size="sm" variant={variant} id={id} disabled={busy} onClick={() => onAction(a)} aria-label={`${label} ${r.name}`}>
        {label}
      </Button>
    ) : null;
  return (
    <tr data-testid={testId} className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2 max-md:px-3 max-md:py-3">
      <td className={`${cell} min-w-44 max-md:col-span-2`}>
        <span className="font-semibold">{r.title}</span>
        {r.reference ? <span className="block text-xs text-muted">{r.reference}</span> : null}
      </td>
      <td className={cell}>
        <CardLabel>Schedule</CardLabel>
        <span className="md:whitespace-nowrap">{r.schedule}</span>
        <span className="block text-xs text-muted">
          from {r.start_date}
          {r.end_date ? ` to ${r.end_date}` : ""}
        </span>
      </td>
      <td className={`${cell} text-right tabular-nums max-md:text-left md:whitespace-nowrap`}>
        <CardLabel>{columns.amount}</CardLabel>
        {money(r.amount)}
      </td>
      <td className={`${cell} md:whitespace-nowrap`}>
        <CardLabel>Makes</CardLabel>
        {r.makes}
      </td>
      <td className={`${cell} md:max-w-56`}>
        <CardLabel>Status</CardLabel>
        <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-semibold", status.className)}>{status.label}</span>
        {r.status === "paused" && r.pausedReason ? <span className="mt-1 block text-xs text-red-800">{r.pausedReason}</span> : null}
      </td>
      <td className={`${cell} md:whitespace-nowrap`}>
        <CardLabel>{columns.next}</CardLabel>
        {next ? (
          <>
            <span className="font-semibold">{next}</span>
            {later.length ? (
              <span className="block text-xs text-muted">
                then <DateList dates={later} />
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-muted">{r.status === "paused" ? "None while paused" : "None"}</span>
        )}
      </td>
      <td className={`${cell} tabular-nums md:text-right`}>
        <CardLabel>{columns.runs}</CardLabel>
        {r.runs}
      </td>
      {canWrite ? (
        <td className={`${cell} max-md:col-span-2 max-md:pt-1`}>
          <div className="flex gap-2 max-md:flex-wrap">
            {button("edit", "Edit", "secondary")}
            {/* One place for Pause and Resume: the button that takes the other's place keeps its focus. */}
            {r.status === "active" ? button("pause", "Pause", "secondary", ids?.toggle) : button("resume", "Resume", "accent", ids?.toggle)}
            {button("end", "End", "ghost")}
            {button("delete", "Delete", "ghost", ids?.delete)}
          </div>
        </td>
      ) : null}
    </tr>
  );
}
