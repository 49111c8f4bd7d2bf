import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { InputField } from "~/ui/field.tsx";
import { MONTH_NAMES } from "~/lib/format.ts";
import { fiscalYearSchema, type FiscalYearInput } from "../fiscal-year.schema.ts";
import { setFiscalYear } from "../closing.api.ts";
import { useBooks, useBooksOrgId } from "./books-context.tsx";
import { useAction } from "~/ui/use-action.ts";
import { ClosingForm } from "./closing-form.tsx";

/**
 * The fiscal year's first month (the Closing section): the reports' year to date and last fiscal year, the balance
 * sheet's current-year earnings and the year-end close count from it. Owners and accountants change it; others read it.
 */
export function FiscalYearForm({ current }: { current: number }) {
  const uid = useId();
  const orgId = useBooksOrgId();
  const { can } = useBooks();
  const { act } = useAction();
  const form = useForm<FiscalYearInput>({
    resolver: zodResolver(fiscalYearSchema),
    defaultValues: { fiscal_year_start_month: current },
  });
  const { register, setError, reset, formState } = form;
  async function onValid(values: FiscalYearInput) {
    const month = MONTH_NAMES[values.fiscal_year_start_month - 1];
    const res = await act(() => setFiscalYear(orgId, values), {
      failure: "Fiscal year not changed",
      success: `The fiscal year starts in ${month}`,
    });
    if (!res.ok) return setServerErrors(setError, res.fields);
    reset(values);
  }
  if (!can["books.lock"])
    return (
      <p className="text-sm text-ink" data-testid="fiscal-year">
        The fiscal year starts in {MONTH_NAMES[current - 1]}.
      </p>
    );
  return (
    <ClosingForm
      id={uid}
      title="Fiscal year"
      form={form}
      onValid={onValid}
      submitLabel="Save fiscal year"
      busyLabel="Saving..."
      disabled={!formState.isDirty}
    >
      <InputField
        as="select"
        id={`${uid}-month`}
        label="The fiscal year starts in"
        hint="The reports' year to date and last fiscal year, and the year-end close, count from it."
        fieldClassName="max-w-sm"
        error={formState.errors.fiscal_year_start_month?.message}
        {...register("fiscal_year_start_month", { setValueAs: (v: string | number) => Number(v) })}
      >
        {MONTH_NAMES.map((name, i) => (
          <option key={name} value={i + 1}>
            {name}
          </option>
        ))}
      </InputField>
    </ClosingForm>
  );
}
