import { todayIso } from "~/lib/format.ts";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { EARLIEST_ENTRY_DATE, LATEST_ENTRY_DATE } from "../ledger.schema.ts";
import { dayLabel, FREQUENCIES, FREQUENCY_LABELS } from "../recurrence.ts";
import { formSchedule, schedulePreview, type RecurringFormValues } from "../recurring-form.ts";
import { DateList } from "~/ui/table.tsx";

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/**
 * The schedule of a recurring entry: frequency, day of the month, start and end dates, drafts or posted entries; under
 * it, what saving will do (the runs made at once, the next three dates), as the fields change. `lastRun` and `paused`
 * describe the saved schedule being edited.
 */
export function RecurringScheduleFields({
  formId,
  values,
  register,
  errors,
  lastRun = null,
  paused = false,
}: {
  formId: string;
  values: RecurringFormValues;
  register: UseFormRegister<RecurringFormValues>;
  errors: FieldErrors<RecurringFormValues>;
  lastRun?: string | null;
  paused?: boolean;
}) {
  const id = (name: string) => `${formId}-${name}`;
  const dateLimits = { type: "date", min: EARLIEST_ENTRY_DATE, max: LATEST_ENTRY_DATE } as const;
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-sm font-semibold text-ink">Schedule</legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InputField as="select" id={id("frequency")} label="Frequency" error={errors.frequency?.message} {...register("frequency")}>
          {FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {FREQUENCY_LABELS[f]}
            </option>
          ))}
        </InputField>
        <InputField as="select" id={id("day")} label="Day of the month" error={errors.day_of_month?.message} {...register("day_of_month")}>
          {DAYS.map((d) => (
            <option key={d} value={String(d)}>
              {d === 31 ? "Last day of the month" : dayLabel(d)}
            </option>
          ))}
        </InputField>
        <InputField id={id("start")} label="Start date" {...dateLimits} error={errors.start_date?.message} {...register("start_date")} />
        <InputField id={id("end")} label="End date" optional {...dateLimits} error={errors.end_date?.message} {...register("end_date")} />
      </div>
      <CheckboxField
        id={id("post")}
        label="Post each entry automatically (otherwise each is saved as a draft to review)"
        {...register("post")}
      />
      <SchedulePreview values={values} lastRun={lastRun} paused={paused} />
    </fieldset>
  );
}

function SchedulePreview({ values, lastRun, paused }: { values: RecurringFormValues; lastRun: string | null; paused: boolean }) {
  const schedule = formSchedule(values);
  const preview = schedule ? schedulePreview(schedule, { today: todayIso(), lastRun, paused }) : null;
  const kind = values.post ? "posted entries" : "drafts";
  const due = preview?.due ?? [];
  return (
    <div aria-live="polite" data-testid="schedule-preview" className="space-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-ink">
      {!preview ? (
        <p>Next runs: enter a start date.</p>
      ) : preview.next.length === 0 && due.length === 0 ? (
        <p>No run: the end date comes before the first scheduled date.</p>
      ) : (
        <p>
          <span className="font-semibold">{paused ? "Next runs once resumed:" : "Next runs:"}</span>{" "}
          {preview.next.length ? <DateList dates={preview.next} /> : "none (the schedule ends)"}
        </p>
      )}
      {due.length === 1 ? (
        <p className="font-medium text-amber-900">
          The run of <DateList dates={due} /> is already due: 1 {values.post ? "posted entry" : "draft"} will be made at once when you save.
        </p>
      ) : due.length > 1 ? (
        <p className="font-medium text-amber-900">
          {due.length} runs are already due (<DateList dates={[due[0]!]} /> to <DateList dates={[due[due.length - 1]!]} />
          ): {due.length} {kind} will be made at once when you save.
        </p>
      ) : null}
      {paused ? (
        <p className="text-muted">Paused: nothing is made until it is resumed, and the dates passed meanwhile are skipped.</p>
      ) : null}
    </div>
  );
}
