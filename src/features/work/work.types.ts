import type { DueKind, WorkFrequency } from "./work-periods.ts";

/** Recurring work: what the API answers (decision 113). */

export const WORK_STATUSES = ["not_started", "in_progress", "waiting_client", "review", "done"] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

export const WORK_STATUS_LABELS: Record<WorkStatus, string> = {
  not_started: "Not started",
  in_progress: "In progress",
  waiting_client: "Waiting on client",
  review: "Review",
  done: "Done",
};

/** The facts of a client's books an item can be bound to, for the instance's period. */
export const BINDINGS = [
  "bank_reconciled",
  "period_locked",
  "no_unmatched_lines",
  "no_open_questions",
  "requests_complete",
  "pack_prepared",
  "tax_return_filed",
] as const;
export type Binding = (typeof BINDINGS)[number];

export const BINDING_LABELS: Record<Binding, string> = {
  bank_reconciled: "Every bank account reconciled through the period end",
  period_locked: "The period locked",
  no_unmatched_lines: "No unmatched bank lines in the period",
  no_open_questions: "No open questions to the client",
  requests_complete: "Requests due by the due date complete",
  pack_prepared: "The month-end pack prepared",
  tax_return_filed: "A tax return filed for the period",
};

export const DEFAULT_ASSIGNEES = ["accountant", "admin", "none"] as const;
export type DefaultAssignee = (typeof DEFAULT_ASSIGNEES)[number];

export const DEFAULT_ASSIGNEE_LABELS: Record<DefaultAssignee, string> = {
  accountant: "The client's accountant",
  admin: "The firm's admin",
  none: "Nobody",
};

export interface TemplateItem {
  section: string;
  label: string;
  binding: Binding | null;
}

export interface WorkTemplate {
  id: number;
  title: string;
  service: string;
  description: string | null;
  frequency: WorkFrequency;
  due_kind: DueKind;
  due_day: number;
  due_months: number;
  due_shift: "before" | "after";
  default_assignee: DefaultAssignee;
  items: TemplateItem[];
  /** Clients it is applied to (schedules not stopped). */
  clients: number;
}

/** A template applied to a client. */
export interface WorkSchedule {
  id: number;
  template_id: number;
  organization_id: number;
  organization_name: string;
  assignee_name: string | null;
  first_period: string;
}

/** A checklist item as shown: ticked by hand, or by the books (a bound item: who and when come from the fact). */
export interface ChecklistItem extends TemplateItem {
  position: number;
  ticked: boolean;
  ticked_by: string | null;
  ticked_at: string | null;
}

export interface WorkInstanceRow {
  id: number;
  name: string;
  organization_id: number;
  organization_name: string;
  template_id: number;
  period_start: string;
  period_end: string;
  due_on: string;
  status: WorkStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  snoozed_until: string | null;
  /** Items ticked and in all. */
  ticked: number;
  items: number;
}

export interface WorkInstance extends WorkInstanceRow {
  checklist: ChecklistItem[];
  override_reason: string | null;
  done_by_name: string | null;
  done_at: string | null;
}

export interface WorkSettings {
  horizon_days: number;
  holidays: { day: string; name: string }[];
}

/** Someone work can be given to. */
export interface Choice {
  id: string;
  name: string;
}

/** What the work views' filters offer. */
export interface WorkChoices {
  staff: Choice[];
  clients: { id: number; name: string }[];
  templates: { id: number; title: string }[];
}
