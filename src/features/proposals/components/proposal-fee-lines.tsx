import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import { moneyIn } from "~/lib/format.ts";
import { toCents } from "~/lib/money.ts";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { emptyLine, lineOfItem, type CataloguePick, type ProposalFormOutput, type ProposalFormValues } from "../proposal-form.ts";
import { BILLINGS, BILLING_LABELS, MAX_PROPOSAL_LINES, type Billing } from "../proposals.schema.ts";
import { CataloguePicker } from "./catalogue-picker.tsx";

/** The sum of the lines that are not optional, by billing ("$599.00 per month + $1,200.00 one-off"). */
export function totalsText(values: ProposalFormValues, currency = "USD"): string {
  const { money } = moneyIn(currency);
  const sums = new Map<Billing, bigint>();
  for (const l of values.lines) {
    const cents = toCents(String(l.price).replace(/,/g, "").trim());
    const qty = /^\d+$/.test(String(l.quantity).trim()) ? BigInt(String(l.quantity).trim()) : null;
    if (l.optional || cents === null || qty === null) continue;
    sums.set(l.billing, (sums.get(l.billing) ?? 0n) + cents * qty);
  }
  const parts = BILLINGS.filter((b) => sums.has(b)).map((b) => `${money(sums.get(b)!)} ${BILLING_LABELS[b]}`);
  return parts.length ? parts.join(" + ") : "nothing yet";
}

/** The proposal form's fees: a fieldset per line (name, price, billing, quantity, description, add-on), lines added by hand or from the catalogue, and the total without add-ons. */
export function ProposalFeeLines({
  form,
  lines,
  catalogue,
  currency,
  id,
}: {
  form: UseFormReturn<ProposalFormValues, unknown, ProposalFormOutput>;
  lines: UseFieldArrayReturn<ProposalFormValues, "lines">;
  catalogue: CataloguePick[];
  currency: string;
  id: (name: string) => string;
}) {
  const { register, formState, watch } = form;
  const err = formState.errors;
  const values = watch();
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold text-ink">Fees</legend>
      {err.lines?.message || err.lines?.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {err.lines?.message ?? err.lines?.root?.message}
        </p>
      ) : null}
      <ol className="space-y-4">
        {lines.fields.map((field, i) => {
          const e = err.lines?.[i];
          const n = i + 1;
          return (
            <li key={field.id} className="rounded-lg border border-slate-200 p-3 sm:p-4">
              <fieldset className="space-y-3">
                <legend className="text-sm font-semibold text-ink">Line {n}</legend>
                <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_6rem]">
                  <InputField id={id(`l${i}-name`)} label="Name" error={e?.name?.message} {...register(`lines.${i}.name`)} />
                  <InputField
                    id={id(`l${i}-price`)}
                    label="Price (USD)"
                    prefix="$"
                    inputMode="decimal"
                    error={e?.price?.message}
                    {...register(`lines.${i}.price`)}
                  />
                  <InputField
                    as="select"
                    id={id(`l${i}-billing`)}
                    label="Billing"
                    error={e?.billing?.message}
                    {...register(`lines.${i}.billing`)}
                  >
                    {BILLINGS.map((b) => (
                      <option key={b} value={b}>
                        {BILLING_LABELS[b]}
                      </option>
                    ))}
                  </InputField>
                  <InputField
                    id={id(`l${i}-qty`)}
                    label="Quantity"
                    inputMode="numeric"
                    error={e?.quantity?.message}
                    {...register(`lines.${i}.quantity`)}
                  />
                </div>
                <InputField
                  id={id(`l${i}-description`)}
                  as="textarea"
                  rows={2}
                  label="Description"
                  optional
                  error={e?.description?.message}
                  {...register(`lines.${i}.description`)}
                />
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <CheckboxField
                    id={id(`l${i}-optional`)}
                    label="Optional add-on"
                    hint="The client ticks it if she wants it."
                    {...register(`lines.${i}.optional`)}
                  />
                  <Button type="button" size="sm" variant="ghost" disabled={lines.fields.length === 1} onClick={() => lines.remove(i)}>
                    Remove line {n}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={lines.fields.length >= MAX_PROPOSAL_LINES}
            onClick={() => lines.append(emptyLine(), { shouldFocus: true })}
          >
            Add a line
          </Button>
          <CataloguePicker
            items={catalogue}
            currency={currency}
            disabled={lines.fields.length >= MAX_PROPOSAL_LINES}
            onPick={(item) => lines.append(lineOfItem(item), { shouldFocus: true })}
          />
        </div>
        <p className="text-sm text-ink" aria-live="polite">
          Total without add-ons: <span className="font-semibold">{totalsText(values, currency)}</span>
        </p>
      </div>
    </fieldset>
  );
}
