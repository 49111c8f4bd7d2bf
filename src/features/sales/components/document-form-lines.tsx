import type { ComponentProps, ReactNode } from "react";
import type { FieldArrayWithId, FieldErrors, UseFormRegister, UseFormSetValue } from "react-hook-form";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { decimalField, FieldError } from "~/ui/field.tsx";
import { inputClass } from "~/ui/table.tsx";
import { AccountCombobox, RemoveLineButton, useMoney, type TaxCode } from "~/features/ledger/index.ts";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import type { DocumentFormState, DocumentLineValues } from "./document-form-values.ts";

/** The columns on wide screens (1024 px and more): a row per line under the heads. */
const COLUMNS = "lg:grid-cols-[minmax(0,3fr)_5rem_7rem_5.5rem_minmax(0,3fr)_11rem_7rem_5rem]";
const smallLabel = "mb-1 block text-xs font-medium text-muted lg:sr-only";
/** The lines' controls look as the account picker beside them does, red while refused. */
const fieldClass = `${inputClass} aria-invalid:border-red-700`;
/** A select's look: CSS counts a select as read-only, which the input look would grey. */
const selectClass = fieldClass.replace("read-only:bg-slate-100", "");

/**
 * One control of a line: its label names the line for screen readers ("Line 2 quantity") and shows the column's name on
 * a card (below 1024 px), where the column heads are not; its error under it.
 */
function LineControl({
  id,
  n,
  name,
  error,
  className,
  children,
}: {
  id: string;
  n: number;
  name: string;
  error?: string;
  className?: string;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={smallLabel}>
        <span className="sr-only">Line {n} </span>
        {name}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

const decimalInput: ComponentProps<"input"> = { type: "text", ...decimalField };

/** One line of the document's form: a card below 1024 px, a row under the column heads from there. */
function DocumentLineRow({
  formId,
  field,
  i,
  line,
  amount,
  err,
  accounts,
  codes,
  register,
  setValue,
  validate,
  removable,
  onRemove,
}: {
  formId: string;
  field: FieldArrayWithId<DocumentFormState, "lines">;
  /** The line's index in the form (shown from 1). */
  i: number;
  line: DocumentLineValues | undefined;
  amount: bigint | null | undefined;
  err: NonNullable<FieldErrors<DocumentFormState>["lines"]>[number];
  accounts: AccountDto[];
  /** The tax codes the line may take. */
  codes: TaxCode[];
  register: UseFormRegister<DocumentFormState>;
  setValue: UseFormSetValue<DocumentFormState>;
  validate: boolean;
  /** Whether it may be removed (not the only line). */
  removable: boolean;
  onRemove: () => void;
}) {
  const { money } = useMoney();
  const n = i + 1;
  const id = (name: string) => `${formId}-line-${field.id}-${name}`;
  return (
    <li
      data-testid="document-line"
      className={`grid grid-cols-2 items-start gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-4 ${COLUMNS} lg:border-0 lg:p-1`}
    >
      <p aria-hidden="true" className="col-span-2 text-xs font-semibold uppercase tracking-wide text-muted sm:col-span-4 lg:hidden">
        Line {n}
      </p>
      <LineControl
        id={id("description")}
        n={n}
        name="Description"
        error={err?.description?.message}
        className="col-span-2 sm:col-span-4 lg:col-span-1"
      >
        {(aria) => (
          // eslint-disable-next-line no-restricted-syntax -- raw control: its label names the line for screen readers only, as the entry form's lines do
          <input {...aria} className={fieldClass} autoComplete="off" {...register(`lines.${i}.description`)} />
        )}
      </LineControl>
      <LineControl id={id("quantity")} n={n} name="Quantity" error={err?.quantity?.message}>
        {(aria) => (
          // eslint-disable-next-line no-restricted-syntax -- raw control: its label names the line for screen readers only
          <input {...aria} {...decimalInput} className={cn(fieldClass, "text-right tabular-nums")} {...register(`lines.${i}.quantity`)} />
        )}
      </LineControl>
      <LineControl id={id("price")} n={n} name="Unit price" error={err?.unit_price?.message}>
        {(aria) => (
          // eslint-disable-next-line no-restricted-syntax -- raw control: its label names the line for screen readers only
          <input {...aria} {...decimalInput} className={cn(fieldClass, "text-right tabular-nums")} {...register(`lines.${i}.unit_price`)} />
        )}
      </LineControl>
      <LineControl id={id("discount")} n={n} name="Discount %" error={err?.discount_percent?.message}>
        {(aria) => (
          // eslint-disable-next-line no-restricted-syntax -- raw control: its label names the line for screen readers only
          <input
            {...aria}
            {...decimalInput}
            placeholder="0"
            className={cn(fieldClass, "text-right tabular-nums")}
            {...register(`lines.${i}.discount_percent`)}
          />
        )}
      </LineControl>
      <div className="col-span-2 sm:col-span-2 lg:col-span-1">
        <AccountCombobox
          id={id("account")}
          label={
            <>
              <span className="sr-only">Line {n} </span>Account
            </>
          }
          accounts={accounts}
          value={line?.account_id ?? ""}
          onChange={(v) => setValue(`lines.${i}.account_id`, v, { shouldDirty: true, shouldValidate: validate })}
        />
        <FieldError id={`${id("account")}-error`} message={err?.account_id?.message} />
      </div>
      <LineControl
        id={id("tax")}
        n={n}
        name="Tax code"
        error={err?.tax_code_id?.message}
        className="col-span-2 sm:col-span-1 lg:col-span-1"
      >
        {(aria) => (
          // eslint-disable-next-line no-restricted-syntax -- raw control: its label names the line for screen readers only
          <select {...aria} className={selectClass} {...register(`lines.${i}.tax_code_id`)}>
            <option value="">No tax</option>
            {codes.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.code} {c.name !== c.code ? `(${c.name})` : ""}
              </option>
            ))}
          </select>
        )}
      </LineControl>
      <div className="sm:col-span-1 lg:col-span-1 lg:pt-2 lg:text-right">
        <span className="block text-xs font-medium text-muted lg:sr-only">
          <span className="sr-only">Line {n} </span>Amount
        </span>
        <span className="font-semibold tabular-nums text-ink" data-testid="line-amount">
          {amount == null ? "—" : money(amount)}
        </span>
      </div>
      <div className="flex justify-end sm:col-span-4 lg:col-span-1">
        <RemoveLineButton n={n} disabled={!removable} onClick={onRemove} />
      </div>
    </li>
  );
}

/**
 * The document's lines: description, quantity, unit price, discount (%), account, tax code and the line's amount as
 * it will be priced (quantity × price less the discount, as typed: with or without tax), each with its Remove button.
 * A card per line below 1024 px, a row per line from there.
 */
export function DocumentFormLines({
  formId,
  fields,
  lines,
  amounts,
  errors,
  accounts,
  codesOf,
  register,
  setValue,
  validate,
  onAdd,
  onRemove,
}: {
  formId: string;
  fields: FieldArrayWithId<DocumentFormState, "lines">[];
  lines: DocumentLineValues[];
  amounts: (bigint | null)[];
  errors: FieldErrors<DocumentFormState>["lines"];
  accounts: AccountDto[];
  /** The tax codes line `i` may take. */
  codesOf: (i: number) => TaxCode[];
  register: UseFormRegister<DocumentFormState>;
  setValue: UseFormSetValue<DocumentFormState>;
  /** Whether a change is checked at once (once the form was sent). */
  validate: boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset aria-describedby={listError ? `${formId}-lines-error` : undefined}>
      <legend className="mb-2 text-base font-semibold text-ink">Lines</legend>
      <div
        aria-hidden="true"
        className={`hidden gap-2 px-1 pb-1 text-xs font-semibold uppercase tracking-wide text-muted lg:grid ${COLUMNS}`}
      >
        <span>Description</span>
        <span className="text-right">Quantity</span>
        <span className="text-right">Unit price</span>
        <span className="text-right">Discount</span>
        <span>Account</span>
        <span>Tax code</span>
        <span className="text-right">Amount</span>
        <span />
      </div>
      <ol className="space-y-3 lg:space-y-1">
        {fields.map((field, i) => (
          <DocumentLineRow
            key={field.id}
            formId={formId}
            field={field}
            i={i}
            line={lines[i]}
            amount={amounts[i]}
            err={errors?.[i]}
            accounts={accounts}
            codes={codesOf(i)}
            register={register}
            setValue={setValue}
            validate={validate}
            removable={fields.length > 1}
            onRemove={() => onRemove(i)}
          />
        ))}
      </ol>
      <FieldError id={`${formId}-lines-error`} message={listError} />
      <Button variant="secondary" size="sm" className="mt-3" onClick={onAdd}>
        Add a line
      </Button>
    </fieldset>
  );
}
