import { useId } from "react";
import { InputField } from "~/ui/field.tsx";
import { COMPARISONS, COMPARISON_LABELS, PERIOD_PRESETS, PRESET_LABELS, presetPeriod, type PeriodPreset } from "~/features/ledger/index.ts";
import { defaultPeriod } from "~/features/ledger/index.ts";
import { inputClass } from "~/ui/table.tsx";

/** A control of the Reports screen's filters: under its label, red-bordered beside its error. */
export const filterControlClass = `${inputClass} mt-1 aria-invalid:border-red-700`;

/** The preset whose period on `today` is exactly this one, if any (the select then names it). */
export function presetOf(start: string, end: string, today: string, startMonth: number): PeriodPreset | "" {
  return (
    PERIOD_PRESETS.find((p) => {
      const period = presetPeriod(p, today, startMonth);
      return period.start === start && period.end === end;
    }) ?? ""
  );
}

/** The period of a preset chosen on the Reports screen (by the organization's fiscal year), today. */
export function presetPeriodToday(preset: PeriodPreset, startMonth: number) {
  return presetPeriod(preset, defaultPeriod().end, startMonth);
}

/** The preset that names this period today, or "" (custom dates). */
export function presetToday(start: string, end: string, startMonth: number): PeriodPreset | "" {
  return presetOf(start, end, defaultPeriod().end, startMonth);
}

/** The options of a select of period presets: "Custom dates" (the dates as typed), then each preset by its name. */
export function PeriodPresetOptions() {
  return (
    <>
      <option value="">Custom dates</option>
      {PERIOD_PRESETS.map((p) => (
        <option key={p} value={p}>
          {PRESET_LABELS[p]}
        </option>
      ))}
    </>
  );
}

/**
 * The Reports screen's period presets (by the organization's fiscal year) and, for the Profit & Loss and the Balance
 * Sheet, what to compare with. The preset select is not a filter of the URL (it has no name): choosing one fills the
 * form's start and end dates (`data-period-preset` marks it for the form).
 */
export function PeriodChoices({
  comparable,
  start,
  end,
  compare,
  compareError,
  fiscalYearStartMonth,
}: {
  comparable: boolean;
  start: string;
  end: string;
  compare: string;
  compareError: string | undefined;
  fiscalYearStartMonth: number;
}) {
  const id = useId();
  return (
    <>
      <InputField
        as="select"
        id={`${id}-preset`}
        label="Period"
        data-period-preset
        className={filterControlClass}
        defaultValue={presetToday(start, end, fiscalYearStartMonth)}
      >
        <PeriodPresetOptions />
      </InputField>
      {comparable ? (
        <InputField
          as="select"
          id={`${id}-compare`}
          label="Compare with"
          error={compareError}
          name="compare"
          className={filterControlClass}
          defaultValue={compare}
        >
          <option value="">Nothing</option>
          {COMPARISONS.map((c) => (
            <option key={c} value={c}>
              {COMPARISON_LABELS[c]}
            </option>
          ))}
        </InputField>
      ) : null}
    </>
  );
}
