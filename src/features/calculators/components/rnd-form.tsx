import type { RndInputs } from "../calculators.ts";
import { EMPLOYEES_MIN, PERCENT_MAX, PERCENT_MIN, rndInputsSchema, type RndFormValues } from "../calculators.schema.ts";
import { CalculatorForm, type CalculatorField, type CalculatorFormProps } from "./calculator-form.tsx";

export const emptyRndValues: RndFormValues = { totalWages: "", rdTimePercent: "", supplyCosts: "", contractorCosts: "", employees: "" };

const FIELDS: CalculatorField<keyof RndFormValues>[] = [
  { name: "totalWages", label: "Total Wages ($)", hint: "Yearly wages of the staff who do research and development.", kind: "amount" },
  {
    name: "rdTimePercent",
    label: "Time Spent on R&D (%)",
    hint: `Share of those wages spent on qualified research, ${PERCENT_MIN} to ${PERCENT_MAX}.`,
    kind: "percent",
    min: PERCENT_MIN,
    max: PERCENT_MAX,
  },
  { name: "supplyCosts", label: "Supply Costs ($)", hint: "Supplies used up in research; 65% qualifies.", kind: "amount" },
  { name: "contractorCosts", label: "Contractor Costs ($)", hint: "Research done for you by contractors; 65% qualifies.", kind: "amount" },
  {
    name: "employees",
    label: "Number of Employees",
    hint: "For our advisors' context; it does not change the estimate.",
    kind: "count",
    min: EMPLOYEES_MIN,
  },
];

/** R&D tax credit inputs. */
export function RndForm(props: CalculatorFormProps<RndFormValues, RndInputs>) {
  return (
    <CalculatorForm label="R&D tax credit inputs" schema={rndInputsSchema} fields={FIELDS} submitLabel="Calculate Credit" {...props} />
  );
}
