import type { UseFormReturn } from "react-hook-form";
import { todayIso } from "~/lib/format.ts";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { DateList } from "~/ui/table.tsx";
import { dayLabel, useBooks } from "~/features/ledger/index.ts";
import { EARLIEST_ENTRY_DATE, LATEST_ENTRY_DATE } from "~/features/ledger/ledger.schema.ts";
import { RECURRING_FREQUENCIES, RECURRING_FREQUENCY_LABELS, type RecurringInvoiceInput } from "../recurring-invoices.schema.ts";
import type { RecurringInvoiceDetails } from "../recurring-invoices.types.ts";
import { formInvoiceSchedule, invoiceSchedulePreview, type RecurringInvoiceFormState } from "./recurring-invoices-values.ts";

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/** The invoices saving makes or schedules: the next dates, and those due already (made at once). */
function SchedulePreview({ values, editing }: { values: RecurringInvoiceFormState; editing: RecurringInvoiceDetails | null }) {
  const schedule = formInvoiceSchedule(values);
  const lastRun = editing?.recent_runs[0]?.run_on ?? null;
  const paused = editing?.status === "paused";
  const runs = schedule ? invoiceSchedulePreview(schedule, { today: todayIso(), lastRun, paused }) : null;
  return (
    <div aria-live="polite" data-testid="recurring-preview" className="space-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-ink">
      {!runs ? (
        <p>Next invoices: enter a start date.</p>
      ) : runs.next.length === 0 && runs.due.length === 0 ? (
        <p>No invoice: the end date comes before the first scheduled date.</p>
      ) : (
        <p>
          <span className="font-semibold">{paused ? "Next invoices once resumed:" : "Next invoices:"}</span>{" "}
          {runs.next.length ? <DateList dates={runs.next} /> : "none (the schedule ends)"}
        </p>
      )}
      {runs && runs.due.length > 0 ? (
        <p className="font-medium text-amber-900">
          {runs.due.length === 1
            ? `The invoice of ${runs.due[0]} is already due: it is made at once when you save.`
            : `${runs.due.length} invoices are already due (${runs.due[0]} to ${runs.due[runs.due.length - 1]}): they are made at once when you save.`}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A recurring invoice's schedule: frequency, day of the month (not weekly), start and end dates, drafts or approved
 * invoices (for those who may approve), and what saving will make.
 */
export function RecurringInvoiceSchedule({
  formId,
  form,
  values,
  editing,
}: {
  formId: string;
  form: UseFormReturn<RecurringInvoiceFormState, unknown, RecurringInvoiceInput>;
  values: RecurringInvoiceFormState;
  editing: RecurringInvoiceDetails | null;
}) {
  const { can } = useBooks();
  const { register, formState } = form;
  const err = formState.errors;
  const dateLimits = { type: "date", min: EARLIEST_ENTRY_DATE, max: LATEST_ENTRY_DATE } as const;
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold text-ink">Schedule</legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InputField as="select" id={`${formId}-frequency`} label="Frequency" error={err.frequency?.message} {...register("frequency")}>
          {RECURRING_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {RECURRING_FREQUENCY_LABELS[f]}
            </option>
          ))}
        </InputField>
        {values.frequency === "weekly" ? (
          <p className="self-end pb-2 text-sm text-muted">Every seven days from the start date.</p>
        ) : (
          <InputField
            as="select"
            id={`${formId}-day`}
            label="Day of the month"
            error={err.day_of_month?.message}
            {...register("day_of_month")}
          >
            {DAYS.map((d) => (
              <option key={d} value={String(d)}>
                {d === 31 ? "Last day of the month" : dayLabel(d)}
              </option>
            ))}
          </InputField>
        )}
        <InputField id={`${formId}-start`} label="Start date" {...dateLimits} error={err.start_date?.message} {...register("start_date")} />
        <InputField
          id={`${formId}-end`}
          label="End date"
          optional
          {...dateLimits}
          error={err.end_date?.message}
          {...register("end_date")}
        />
      </div>
      {can["books.sales.approve"] ? (
        <CheckboxField
          id={`${formId}-approve`}
          label="Approve each invoice as it is made (numbered and posted); otherwise each is a draft to review and send"
          {...register("approve")}
        />
      ) : null}
      <SchedulePreview values={values} editing={editing} />
    </fieldset>
  );
}
