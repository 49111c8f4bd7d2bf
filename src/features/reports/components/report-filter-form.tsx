import { useId, type FormEvent } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { CASH_FLOWS, CASH_FLOWS_LABEL } from "../cash-flow.ts";
import type { PeriodPreset } from "~/features/ledger/index.ts";
import { REPORT_LABELS, REPORT_TYPES, type ReportType } from "../reports.ts";
import { BUDGET_ACTUAL, BUDGET_ACTUAL_LABEL } from "~/features/insight/budgets.types.ts";
import { PeriodChoices, filterControlClass, presetPeriodToday, presetToday } from "./report-period-choices.tsx";

/** The Reports screen's filters as its form shows them (the loader's values; a wrong date blank). */
export interface ReportFilters {
  type: ReportType | typeof CASH_FLOWS | typeof BUDGET_ACTUAL;
  start: string;
  end: string;
  compare: string;
}

/** What the form's own submissions leave in the history entry: the key of the form that made them. */
interface FiltersState {
  reportFilters?: string;
}

/**
 * The Reports screen's filters: a GET form whose fields are the URL's query (`type`, `start`, `end`, `compare`), so a
 * report is a URL that the back button, a bookmark or a colleague opens again. Each change is sent at once (replacing
 * the history entry) and the loader makes that report; "Show report" sends it without a script. The form is drawn
 * again from the loader's values on any other navigation; through its own changes it keeps its fields and the focus,
 * so a date can be typed to its end. Choosing a period preset fills the dates.
 */
export function ReportFilterForm({
  filters,
  errors,
  fiscalYearStartMonth,
}: {
  filters: ReportFilters;
  errors: Record<string, string>;
  fiscalYearStartMonth: number;
}) {
  const uid = useId();
  const submit = useSubmit();
  const location = useLocation();
  const formKey = (location.state as FiltersState | null)?.reportFilters ?? location.key;

  function send(form: HTMLFormElement) {
    const data = new FormData(form);
    const type = data.get("type");
    // The trial balance and the cash flows have no comparison; a blank field is no filter.
    if (type === "trial_balance" || type === CASH_FLOWS || type === BUDGET_ACTUAL) data.delete("compare");
    for (const [name, value] of [...data.entries()]) if (value === "") data.delete(name);
    const state: FiltersState = { reportFilters: formKey };
    void submit(data, { method: "get", replace: true, preventScrollReset: true, state });
  }

  function changed(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
    const [start, end] = [field("start"), field("end")];
    const preset = form.querySelector<HTMLSelectElement>("select[data-period-preset]");
    if (event.target === preset) {
      // "Custom dates" keeps the dates as they are.
      if (!preset.value) return;
      const period = presetPeriodToday(preset.value as PeriodPreset, fiscalYearStartMonth);
      if (start) start.value = period.start;
      if (end) end.value = period.end;
    } else if (preset && (event.target === start || event.target === end)) {
      preset.value = presetToday(start?.value ?? "", end?.value ?? "", fiscalYearStartMonth);
    }
    send(form);
  }

  const dateField = (name: "start" | "end", label: string) => (
    <InputField
      key={name}
      id={`${uid}-${name}`}
      label={label}
      error={errors[name]}
      name={name}
      type="date"
      className={filterControlClass}
      defaultValue={filters[name]}
    />
  );

  return (
    <Form
      key={formKey}
      method="get"
      role="search"
      aria-label="Report filters"
      className="flex flex-wrap items-end gap-4"
      preventScrollReset
      onChange={changed}
      onSubmit={(event) => {
        event.preventDefault();
        send(event.currentTarget);
      }}
    >
      <InputField
        as="select"
        id={`${uid}-type`}
        label="Report type"
        error={errors.type}
        name="type"
        className={filterControlClass}
        defaultValue={filters.type}
      >
        {REPORT_TYPES.map((t) => (
          <option key={t} value={t}>
            {REPORT_LABELS[t]}
          </option>
        ))}
        <option value={CASH_FLOWS}>{CASH_FLOWS_LABEL}</option>
        <option value={BUDGET_ACTUAL}>{BUDGET_ACTUAL_LABEL}</option>
      </InputField>
      {/* The cash flows take a period's presets without a comparison, as the trial balance does. */}
      <PeriodChoices
        comparable={filters.type === "profit_loss" || filters.type === "balance_sheet"}
        start={filters.start}
        end={filters.end}
        compare={filters.compare}
        compareError={errors.compare}
        fiscalYearStartMonth={fiscalYearStartMonth}
      />
      {/* The balance sheet is a position at its end date: the start given is kept for the other reports. */}
      {/* The budget against actual is of the end date's month, in its fiscal year (decision 123). */}
      {filters.type === "balance_sheet" || filters.type === BUDGET_ACTUAL ? (
        <input key="start-kept" type="hidden" name="start" defaultValue={filters.start} />
      ) : (
        dateField("start", "Start date")
      )}
      {filters.type === BUDGET_ACTUAL ? dateField("end", "Month of (a day in it)") : dateField("end", "End date")}
      <Button type="submit" variant="secondary">
        Show report
      </Button>
    </Form>
  );
}
