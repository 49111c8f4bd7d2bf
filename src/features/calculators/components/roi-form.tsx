import { useId } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { DEFAULT_TIMEFRAME_MONTHS, type RoiInputs } from "../calculators.ts";
import { roiInputsSchema, TIMEFRAME_MAX, TIMEFRAME_MIN, type RoiFormValues } from "../calculators.schema.ts";
import { InputField } from "~/ui/field.tsx";

export const emptyRoiValues: RoiFormValues = {
  currentRevenue: "",
  currentCosts: "",
  projectedRevenue: "",
  projectedCosts: "",
  implementationCost: "",
  timeframe: String(DEFAULT_TIMEFRAME_MONTHS),
};

const AMOUNTS = [
  ["currentRevenue", "Current Annual Revenue", "Your revenue today, per year."],
  ["currentCosts", "Current Annual Costs", "Your costs today, per year."],
  ["projectedRevenue", "Projected Annual Revenue", "Expected yearly revenue after the investment."],
  ["projectedCosts", "Projected Annual Costs", "Expected yearly costs after the investment."],
  ["implementationCost", "Implementation Cost", "What the investment costs in total."],
] as const;

/** ROI inputs; Calculate hands the validated, normalized inputs to the screen. */
export function RoiForm({
  initial,
  serverErrors,
  onCalculate,
}: {
  initial: RoiFormValues;
  /** Messages for values refused by the server (a submission without JavaScript). */
  serverErrors?: FieldErrors<RoiFormValues>;
  onCalculate: (inputs: RoiInputs) => void;
}) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RoiFormValues, unknown, RoiInputs>({ resolver: zodResolver(roiInputsSchema), defaultValues: initial, errors: serverErrors });

  return (
    <form method="get" noValidate aria-label="ROI inputs" className="space-y-6" onSubmit={(e) => void handleSubmit(onCalculate)(e)}>
      <div className="grid gap-5 sm:grid-cols-2">
        {AMOUNTS.map(([name, label, hint]) => (
          <InputField
            type="number"
            key={name}
            id={`${uid}-${name}`}
            label={`${label} ($)`}
            hint={hint}
            error={errors[name]?.message}
            prefix="$"
            markRequired
            required
            min={0}
            step="0.01"
            inputMode="decimal"
            defaultValue={initial[name]}
            {...register(name)}
          />
        ))}
        <InputField
          type="number"
          id={`${uid}-timeframe`}
          label="Timeframe (months)"
          hint={`Months over which the profit change happens, ${TIMEFRAME_MIN} to ${TIMEFRAME_MAX}.`}
          error={errors.timeframe?.message}
          min={TIMEFRAME_MIN}
          max={TIMEFRAME_MAX}
          step={1}
          inputMode="numeric"
          defaultValue={initial.timeframe}
          {...register("timeframe")}
        />
      </div>
      <Button type="submit" size="lg">
        Calculate ROI
      </Button>
    </form>
  );
}
