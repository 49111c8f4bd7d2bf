import { useId } from "react";
import { get, useForm, type DefaultValues, type FieldError, type FieldErrors, type FieldValues, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";

/** How a calculator's number input is drawn: an amount in dollars, a percentage, or a count (optional). */
const KINDS = {
  amount: { prefix: "$", markRequired: true, required: true, step: "0.01", inputMode: "decimal" },
  percent: { markRequired: true, required: true, step: "0.01", inputMode: "decimal" },
  count: { step: 1, inputMode: "numeric" },
} as const;

/** One input of a calculator's form. */
export interface CalculatorField<Name extends string> {
  name: Name;
  label: string;
  hint: string;
  kind: keyof typeof KINDS;
  /** The bounds the browser offers (the schema checks them); `min` defaults to 0. */
  min?: number;
  max?: number;
}

export interface CalculatorFormProps<Values extends FieldValues, Inputs> {
  initial: Values;
  /** Messages for values refused by the server (a submission without JavaScript). */
  serverErrors?: FieldErrors<Values>;
  onCalculate: (inputs: Inputs) => void;
}

/** A calculator's inputs; Calculate hands the validated, normalized inputs to the screen. */
export function CalculatorForm<Values extends FieldValues, Inputs>({
  label,
  schema,
  fields,
  submitLabel,
  initial,
  serverErrors,
  onCalculate,
}: CalculatorFormProps<Values, Inputs> & {
  /** The form's accessible name. */
  label: string;
  schema: z.ZodType<Inputs, Values>;
  fields: readonly CalculatorField<Path<Values>>[];
  submitLabel: string;
}) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, Inputs>({
    resolver: zodResolver(schema),
    defaultValues: initial as DefaultValues<Values>,
    errors: serverErrors,
  });

  return (
    <form method="get" noValidate aria-label={label} className="space-y-6" onSubmit={(e) => void handleSubmit(onCalculate)(e)}>
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((f) => (
          <InputField
            type="number"
            key={f.name}
            id={`${uid}-${f.name}`}
            label={f.label}
            hint={f.hint}
            error={(get(errors, f.name) as FieldError | undefined)?.message}
            {...KINDS[f.kind]}
            min={f.min ?? 0}
            max={f.max}
            defaultValue={get(initial, f.name)}
            {...register(f.name)}
          />
        ))}
      </div>
      <Button type="submit" size="lg">
        {submitLabel}
      </Button>
    </form>
  );
}
