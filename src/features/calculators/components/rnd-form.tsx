import { useId } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import type { RndInputs } from "../calculators.ts";
import { EMPLOYEES_MIN, PERCENT_MAX, PERCENT_MIN, rndInputsSchema, type RndFormValues } from "../calculators.schema.ts";
import { InputField } from "~/ui/field.tsx";

export const emptyRndValues: RndFormValues = { totalWages: "", rdTimePercent: "", supplyCosts: "", contractorCosts: "", employees: "" };

/** R&D tax credit inputs; Calculate hands the validated, normalized inputs to the screen. */
export function RndForm({
  initial,
  serverErrors,
  onCalculate,
}: {
  initial: RndFormValues;
  /** Messages for values refused by the server (a submission without JavaScript). */
  serverErrors?: FieldErrors<RndFormValues>;
  onCalculate: (inputs: RndInputs) => void;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RndFormValues, unknown, RndInputs>({ resolver: zodResolver(rndInputsSchema), defaultValues: initial, errors: serverErrors });

  return (
    <form
      method="get"
      noValidate
      aria-label="R&D tax credit inputs"
      className="space-y-6"
      onSubmit={(e) => void handleSubmit(onCalculate)(e)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          type="number"
          id={id("totalWages")}
          label="Total Wages ($)"
          hint="Yearly wages of the staff who do research and development."
          error={errors.totalWages?.message}
          prefix="$"
          markRequired
          required
          min={0}
          step="0.01"
          inputMode="decimal"
          defaultValue={initial.totalWages}
          {...register("totalWages")}
        />
        <InputField
          type="number"
          id={id("rdTimePercent")}
          label="Time Spent on R&D (%)"
          hint={`Share of those wages spent on qualified research, ${PERCENT_MIN} to ${PERCENT_MAX}.`}
          error={errors.rdTimePercent?.message}
          markRequired
          required
          min={PERCENT_MIN}
          max={PERCENT_MAX}
          step="0.01"
          inputMode="decimal"
          defaultValue={initial.rdTimePercent}
          {...register("rdTimePercent")}
        />
        <InputField
          type="number"
          id={id("supplyCosts")}
          label="Supply Costs ($)"
          hint="Supplies used up in research; 65% qualifies."
          error={errors.supplyCosts?.message}
          prefix="$"
          markRequired
          required
          min={0}
          step="0.01"
          inputMode="decimal"
          defaultValue={initial.supplyCosts}
          {...register("supplyCosts")}
        />
        <InputField
          type="number"
          id={id("contractorCosts")}
          label="Contractor Costs ($)"
          hint="Research done for you by contractors; 65% qualifies."
          error={errors.contractorCosts?.message}
          prefix="$"
          markRequired
          required
          min={0}
          step="0.01"
          inputMode="decimal"
          defaultValue={initial.contractorCosts}
          {...register("contractorCosts")}
        />
        <InputField
          type="number"
          id={id("employees")}
          label="Number of Employees"
          hint="For our advisors' context; it does not change the estimate."
          error={errors.employees?.message}
          min={EMPLOYEES_MIN}
          step={1}
          inputMode="numeric"
          defaultValue={initial.employees}
          {...register("employees")}
        />
      </div>
      <Button type="submit" size="lg">
        Calculate Credit
      </Button>
    </form>
  );
}
