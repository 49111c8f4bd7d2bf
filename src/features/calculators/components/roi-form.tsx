import { DEFAULT_TIMEFRAME_MONTHS, type RoiInputs } from "../calculators.ts";
import { roiInputsSchema, TIMEFRAME_MAX, TIMEFRAME_MIN, type RoiFormValues } from "../calculators.schema.ts";
import { CalculatorForm, type CalculatorField, type CalculatorFormProps } from "./calculator-form.tsx";

export const emptyRoiValues: RoiFormValues = {
  currentRevenue: "",
  currentCosts: "",
  projectedRevenue: "",
  projectedCosts: "",
  implementationCost: "",
  timeframe: String(DEFAULT_TIMEFRAME_MONTHS),
};

const amount = (name: keyof RoiFormValues, label: string, hint: string): CalculatorField<keyof RoiFormValues> => ({
  name,
  label: `${label} ($)`,
  hint,
  kind: "amount",
});

const FIELDS: CalculatorField<keyof RoiFormValues>[] = [
  amount("currentRevenue", "Current Annual Revenue", "Your revenue today, per year."),
  amount("currentCosts", "Current Annual Costs", "Your costs today, per year."),
  amount("projectedRevenue", "Projected Annual Revenue", "Expected yearly revenue after the investment."),
  amount("projectedCosts", "Projected Annual Costs", "Expected yearly costs after the investment."),
  amount("implementationCost", "Implementation Cost", "What the investment costs in total."),
  {
    name: "timeframe",
    label: "Timeframe (months)",
    hint: `Months over which the profit change happens, ${TIMEFRAME_MIN} to ${TIMEFRAME_MAX}.`,
    kind: "count",
    min: TIMEFRAME_MIN,
    max: TIMEFRAME_MAX,
  },
];

/** ROI inputs. */
export function RoiForm(props: CalculatorFormProps<RoiFormValues, RoiInputs>) {
  return <CalculatorForm label="ROI inputs" schema={roiInputsSchema} fields={FIELDS} submitLabel="Calculate ROI" {...props} />;
}
