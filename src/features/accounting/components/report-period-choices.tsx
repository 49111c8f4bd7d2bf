import { useId } from "react";
import {
  COMPARISONS,
  COMPARISON_LABELS,
  PERIOD_PRESETS,
  PRESET_LABELS,
  presetPeriod,
  type Comparison,
  type PeriodPreset,
} from "../periods.ts";
import { defaultPeriod, type ReportType } from "../reports.ts";
import { inputClass, labelClass } from "./ui.tsx";

/** The preset whose period on `today` is exactly this one, if any (the select then names it). */
function presetOf(start: string, end: string, today: string, startMonth: number): PeriodPreset | "" {
  return (
    PERIOD_PRESETS.find((p) => {
      const period = presetPeriod(p, today, startMonth);
      return period.start === start && period.end === end;
    }) ?? ""
  );
}

/**
 * The Reports screen's period presets (by the organization's fiscal year) and, for the Profit & Loss and the Balance
 * Sheet, what to compare with; both change the URL through `show`.
 */
export function PeriodChoices({
  type,
  start,
  end,
  compare,
  fiscalYearStartMonth,
  show,
}: {
  type: ReportType;
  start: string;
  end: string;
  compare: Comparison | undefined;
  fiscalYearStartMonth: number;
  show: (next: { start?: string; end?: string; compare?: Comparison | "" }) => void;
}) {
  const id = useId();
  const today = defaultPeriod().end;
  return (
    <>
      <div>
        <label htmlFor={`${id}-preset`} className={labelClass}>
          Period
        </label>
        <select
          id={`${id}-preset`}
          className={inputClass}
          value={presetOf(start, end, today, fiscalYearStartMonth)}
          onChange={(e) => {
            const preset = e.target.value as PeriodPreset | "";
            if (preset) show(presetPeriod(preset, today, fiscalYearStartMonth));
          }}
        >
          <option value="">Custom dates</option>
          {PERIOD_PRESETS.map((p) => (
            <option key={p} value={p}>
              {PRESET_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      {type === "trial_balance" ? null : (
        <div>
          <label htmlFor={`${id}-compare`} className={labelClass}>
            Compare with
          </label>
          <select
            id={`${id}-compare`}
            className={inputClass}
            value={compare ?? ""}
            onChange={(e) => show({ compare: e.target.value as Comparison | "" })}
          >
            <option value="">Nothing</option>
            {COMPARISONS.map((c) => (
              <option key={c} value={c}>
                {COMPARISON_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}
