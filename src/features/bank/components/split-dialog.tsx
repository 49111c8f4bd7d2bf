import { useFieldArray, useForm, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { FieldError, InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { FormButtons } from "~/ui/form-buttons.tsx";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { AccountCombobox, useMoney } from "~/features/ledger/index.ts";
import { MAX_SPLITS, splitSchema, type SplitForm, type SplitInput } from "../bank.schema.ts";
import type { BankLine } from "../bank.types.ts";
import { otherAccounts, type LinePostingProps } from "./bank-line-dialog.tsx";
import { lineSummary } from "./bank-line-text.ts";
import { TaxCodeSelect, taxCodeValue } from "./tax-code-select.tsx";
import type { LineFailure } from "./use-bank-line-changes.ts";

const EMPTY_ROW = { account_id: 0, amount: "", tax_code_id: null, description: "" };
/** A refusal the server names on a row's field the dialog shows (`splits.1.tax_code_id`): told under that field. */
const ROW_FIELD = /^splits\.\d+\.(account_id|amount|tax_code_id)$/;

/** What is left to split, in cents: the line's amount (as money in or out, without its sign) less the rows typed. */
function remainingCents(line: BankLine, rows: SplitForm["splits"]): bigint {
  const whole = toCents(line.amount) ?? 0n;
  const typed = rows.reduce((sum, r) => sum + (toCents(String(r.amount ?? "").replace(/,/g, "")) ?? 0n), 0n);
  return (whole < 0n ? -whole : whole) - typed;
}

/**
 * One statement line split over several accounts and tax codes, posted as one entry: a row per account with its gross
 * amount (counted the way the line's money goes) and its tax code; what is left to split is shown, and the rows must
 * leave nothing (the server checks it again).
 */
export function SplitDialog(
  props: LinePostingProps & {
    onSubmit: (line: BankLine, input: SplitInput) => Promise<LineFailure | null>;
  },
) {
  const { line } = props;
  const { money } = useMoney();
  return (
    <Modal
      open={line !== null}
      onOpenChange={(o) => !o && props.onClose()}
      wide
      title="Split"
      description={line ? `${lineSummary(line, money)}: posted as one entry over the accounts and tax codes below.` : ""}
    >
      {line ? <SplitRows key={line.id} {...props} line={line} /> : null}
    </Modal>
  );
}

function SplitRows({ line, onSubmit, ...posting }: Parameters<typeof SplitDialog>[0] & { line: BankLine }) {
  const { taxCodes, pending, onClose } = posting;
  const { money } = useMoney();
  const form = useForm<SplitForm, unknown, SplitInput>({
    resolver: zodResolver(splitSchema),
    defaultValues: { bank_line_id: line.id, splits: [{ ...EMPTY_ROW }, { ...EMPTY_ROW }] },
  });
  const { register, control, handleSubmit, setValue, setError, clearErrors, watch, formState } = form;
  const rows = useFieldArray({ control, name: "splits" });
  const values = watch("splits");
  const left = remainingCents(line, values);
  const err = formState.errors;
  const submit = handleSubmit(async (input) => {
    if (left !== 0n)
      return setError("splits", { message: `${centsToDecimal(left < 0n ? -left : left)} ${left > 0n ? "is left to split" : "too much"}` });
    const failed = await onSubmit(line, input);
    if (!failed) return onClose();
    const named = Object.entries(failed.fields).filter(([key]) => ROW_FIELD.test(key));
    for (const [key, message] of named) setError(key as FieldPath<SplitForm>, { message });
    if (named.length === 0) setError("splits", { message: failed.text });
  });
  const others = otherAccounts(posting);
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Split">
      <ol className="space-y-3">
        {rows.fields.map((field, i) => (
          <li
            key={field.id}
            aria-label={`Row ${i + 1}`}
            className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_8rem_minmax(0,1fr)_7.5rem] sm:items-start"
          >
            <div>
              <AccountCombobox
                standalone
                id={`split-${i}-account`}
                label={`Row ${i + 1}: account`}
                accounts={others}
                value={values[i]?.account_id ? String(values[i]!.account_id) : ""}
                onChange={(v) => setValue(`splits.${i}.account_id`, v ? Number(v) : 0, { shouldValidate: formState.isSubmitted })}
              />
              <FieldError id={`split-${i}-account-error`} message={err.splits?.[i]?.account_id?.message} />
            </div>
            <InputField
              id={`split-${i}-amount`}
              label={`Row ${i + 1}: amount`}
              inputMode="decimal"
              error={err.splits?.[i]?.amount?.message}
              {...register(`splits.${i}.amount`, { onChange: () => clearErrors("splits") })}
            />
            <TaxCodeSelect
              id={`split-${i}-tax-code`}
              label={`Row ${i + 1}: tax code`}
              codes={taxCodes}
              chosen={values[i]?.tax_code_id}
              error={err.splits?.[i]?.tax_code_id?.message}
              {...register(`splits.${i}.tax_code_id`, { setValueAs: taxCodeValue })}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="sm:mt-7"
              disabled={rows.fields.length === 1}
              onClick={() => rows.remove(i)}
            >
              Remove row {i + 1}
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={rows.fields.length >= MAX_SPLITS}
          onClick={() => rows.append({ ...EMPTY_ROW, amount: left > 0n ? centsToDecimal(left) : "" })}
        >
          Add a row
        </Button>
        <p className="text-sm font-medium text-ink" aria-live="polite" data-testid="split-remaining">
          {left === 0n
            ? "Nothing left to split"
            : left > 0n
              ? `Left to split: ${money(centsToDecimal(left))}`
              : `Too much by ${money(centsToDecimal(-left))}`}
        </p>
      </div>
      <FieldError id="split-error" message={err.splits?.message ?? err.splits?.root?.message} />
      <p className="text-sm text-muted">Amounts are gross: a row&apos;s tax is taken out of it.</p>
      <FormButtons submit={pending ? "Posting..." : "Post entry"} disabled={pending || formState.isSubmitting} onCancel={onClose} />
    </form>
  );
}
