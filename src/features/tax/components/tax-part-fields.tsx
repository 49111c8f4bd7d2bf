import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { Button } from "~/ui/button.tsx";
import { FieldError, InputField } from "~/ui/field.tsx";
import { AccountOptions } from "~/features/ledger/index.ts";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import { MAX_TAX_PARTS, type TaxCodeForm, type TaxCodeInput } from "../tax-codes.schema.ts";

export const EMPTY_PART = { name: "", rate: "", role: "due" as const, recoverable_percent: "100", account_id: 0, boxes: "" };

/**
 * A tax code's parts: each a name, a rate, due or deductible, the share reclaimed (deductible parts), the account the
 * tax is posted to and the return's boxes it feeds. A part is added or removed with its own button.
 */
export function TaxPartFields({
  form,
  accounts,
  id,
}: {
  form: UseFormReturn<TaxCodeForm, unknown, TaxCodeInput>;
  accounts: AccountDto[];
  id: (name: string) => string;
}) {
  const { register, control, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "parts" });
  const errors = formState.errors.parts;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-ink">Parts: the taxes the code makes</legend>
      {fields.length === 0 ? <p className="text-sm text-muted">No parts: the code carries no tax.</p> : null}
      {fields.map((field, i) => {
        const err = errors?.[i];
        const n = (name: string) => id(`part-${i}-${name}`);
        return (
          <div key={field.id} className="grid gap-3 rounded-md border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-6">
            <InputField id={n("name")} label={`Part ${i + 1} name`} error={err?.name?.message} {...register(`parts.${i}.name`)} />
            <InputField id={n("rate")} label="Rate (%)" inputMode="decimal" error={err?.rate?.message} {...register(`parts.${i}.rate`)} />
            <InputField as="select" id={n("role")} label="Role" error={err?.role?.message} {...register(`parts.${i}.role`)}>
              <option value="due">Due (owed)</option>
              <option value="deductible">Deductible (reclaimed)</option>
            </InputField>
            <InputField
              id={n("recoverable")}
              label="Recoverable (%)"
              inputMode="decimal"
              optional
              error={err?.recoverable_percent?.message}
              {...register(`parts.${i}.recoverable_percent`)}
            />
            <InputField
              as="select"
              id={n("account")}
              label="Account"
              error={err?.account_id?.message}
              {...register(`parts.${i}.account_id`, { setValueAs: (v: string | number) => Number(v) || 0 })}
            >
              <option value={0}>Choose an account</option>
              <AccountOptions accounts={accounts} />
            </InputField>
            <InputField
              id={n("boxes")}
              label="Boxes"
              optional
              hint="Separated by spaces"
              error={err?.boxes?.message}
              {...register(`parts.${i}.boxes`)}
            />
            <div className="sm:col-span-2 lg:col-span-6">
              <Button size="sm" variant="ghost" aria-label={`Remove part ${i + 1}`} onClick={() => remove(i)}>
                Remove part
              </Button>
            </div>
          </div>
        );
      })}
      <FieldError id={id("parts-error")} message={listError} />
      {fields.length < MAX_TAX_PARTS ? (
        <Button size="sm" variant="secondary" onClick={() => append({ ...EMPTY_PART })}>
          Add a part
        </Button>
      ) : null}
    </fieldset>
  );
}
