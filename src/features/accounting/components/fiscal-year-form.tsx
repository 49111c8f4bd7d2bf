import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { fiscalYearSchema, MONTH_NAMES, type FiscalYearInput } from "../fiscal-year.schema.ts";
import { setFiscalYear } from "../books.api.ts";
import { useBooks, useBooksOrgId } from "./books-context.tsx";
import { useBooksAction } from "./use-books-action.ts";

/**
 * The fiscal year's first month (the Closing section): the reports' year to date and last fiscal year, the balance
 * sheet's current-year earnings and the year-end close count from it. Owners and accountants change it; others read it.
 */
export function FiscalYearForm({ current }: { current: number }) {
  const uid = useId();
  const orgId = useBooksOrgId();
  const { canWrite } = useBooks();
  const act = useBooksAction();
  const { register, handleSubmit, setError, reset, formState } = useForm<FiscalYearInput>({
    resolver: zodResolver(fiscalYearSchema),
    defaultValues: { fiscal_year_start_month: current },
  });
  const submit = handleSubmit(async (values) => {
    const month = MONTH_NAMES[values.fiscal_year_start_month - 1];
    const res = await act(() => setFiscalYear(orgId, values), {
      failure: "Fiscal year not changed",
      success: `The fiscal year starts in ${month}`,
    });
    if (!res.ok) return setServerErrors(setError, res.fields);
    reset(values);
  });
  if (!canWrite)
    return (
      <p className="text-sm text-ink" data-testid="fiscal-year">
        The fiscal year starts in {MONTH_NAMES[current - 1]}.
      </p>
    );
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${uid}-heading`}
      className="space-y-4 rounded-lg border border-slate-200 p-4"
    >
      <h3 id={`${uid}-heading`} className="text-base font-semibold text-ink">
        Fiscal year
      </h3>
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
      <Button type="submit" disabled={formState.isSubmitting || !formState.isDirty}>
        {formState.isSubmitting ? "Saving..." : "Save fiscal year"}
      </Button>
    </form>
  );
}
