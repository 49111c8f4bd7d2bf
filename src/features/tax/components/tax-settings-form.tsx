import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { taxSettingsSchema, type TaxSettingsInput } from "../tax-codes.schema.ts";
import { saveTaxSettings } from "../tax.api.ts";
import type { TaxSettings } from "~/features/ledger/index.ts";

/** How tax is entered and rounded, and when it is due: read by every member, changed by those who hold "books.tax". */
export function TaxSettingsForm({ orgId, settings, canWrite }: { orgId: number; settings: TaxSettings; canWrite: boolean }) {
  const { register, handleSubmit, setError, formState } = useForm<TaxSettingsInput>({
    resolver: zodResolver(taxSettingsSchema),
    defaultValues: settings,
  });
  const { act, pending } = useAction();
  const save = handleSubmit(async (values) => {
    const res = await act(() => saveTaxSettings(orgId, values), { failure: "Settings not saved", success: "Tax settings saved" });
    if (!res.ok) Object.entries(res.fields).forEach(([k, message]) => setError(k as keyof TaxSettingsInput, { message }));
  });
  const err = formState.errors;
  return (
    <form onSubmit={save} noValidate aria-labelledby="tax-settings-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id="tax-settings-heading" className="text-lg font-semibold text-ink">
        Settings
      </h2>
      <fieldset disabled={!canWrite} className="grid gap-4 sm:grid-cols-3">
        <InputField as="select" id="tax-amounts" label="Amounts are typed" error={err.tax_amounts?.message} {...register("tax_amounts")}>
          <option value="exclusive">Without tax (tax is added)</option>
          <option value="inclusive">With tax (tax is taken out)</option>
        </InputField>
        <InputField as="select" id="tax-rounding" label="Tax is rounded" error={err.tax_rounding?.message} {...register("tax_rounding")}>
          <option value="line">On each line</option>
          <option value="document">Once per document</option>
        </InputField>
        <InputField as="select" id="tax-basis" label="Tax is due" error={err.tax_basis?.message} {...register("tax_basis")}>
          <option value="invoice">On the invoice date</option>
          <option value="cash">When paid (cash basis)</option>
        </InputField>
      </fieldset>
      {canWrite ? (
        <Button type="submit" size="sm" disabled={pending}>
          Save settings
        </Button>
      ) : null}
    </form>
  );
}
