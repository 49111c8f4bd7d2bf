import type { RefObject } from "react";
import { CheckboxField, decimalField, FieldError, InputField } from "~/ui/field.tsx";
import { formatLongDate } from "~/lib/format.ts";
import { AccountCombobox, useMoney } from "~/features/ledger/index.ts";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import { sideOfKind } from "../sales.schema.ts";
import type { DocumentDetails, OpenItem } from "../sales.types.ts";
import { isCredit, payAccountChoices, type PayAccount, type PaymentFormApi, type PaymentFormValues } from "./payment-values.ts";

/* The sections of the payment dialog's form: the accounts paid through, the allocations, the write-off, the summary. */

/** The options of "Paid through": the bank and cash accounts, then the other current assets. */
export function PayAccountOptions({ payAccounts }: { payAccounts: PayAccount[] }) {
  const { banks, others, first } = payAccountChoices(payAccounts);
  const option = (a: PayAccount) => (
    <option key={a.id} value={a.id}>
      {a.account_code} {a.account_name}
    </option>
  );
  return (
    <>
      {first ? null : <option value="">No bank or cash account</option>}
      {banks.length ? <optgroup label="Bank and cash accounts">{banks.map(option)}</optgroup> : null}
      {others.length ? <optgroup label={banks.length ? "Other current assets" : "Current assets"}>{others.map(option)}</optgroup> : null}
    </>
  );
}

/** "Allocate to": the contact's items this money settles, oldest due first, each with the amount allocated to it. */
export function PaymentAllocations({
  form,
  uid,
  document,
  rows,
  ownIndex,
  ownTyped,
}: {
  form: PaymentFormApi;
  uid: string;
  document: DocumentDetails;
  rows: OpenItem[];
  /** This document's row (-1: none). */
  ownIndex: number;
  /** Set once this document's amount is typed: it no longer follows the payment's amount. */
  ownTyped: RefObject<boolean>;
}) {
  const { money } = useMoney();
  const { register, formState } = form;
  const err = formState.errors;
  const credit = isCredit(document);
  const receivable = sideOfKind(document.kind) === "receivable";
  const allocationsError = err.allocations?.message ?? err.allocations?.root?.message;
  return (
    <fieldset aria-describedby={allocationsError ? `${uid}-allocations-error` : undefined}>
      <legend className="text-base font-semibold text-ink">Allocate to</legend>
      <p className="mt-1 text-sm text-muted">
        {credit ? "The contact's credits still open" : `What ${document.contact_name} ${receivable ? "owes" : "is owed"}`}, oldest due
        first.
      </p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Nothing open: the whole amount stays as the contact&apos;s credit.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
          {rows.map((r, i) => (
            <li key={r.item_id} className="grid items-center gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_9rem]" data-testid="allocation-row">
              <div className="text-sm">
                <p className="font-medium text-ink">{`${r.description}${r.item_id === document.item_id ? " (this one)" : ""}`}</p>
                <p className="text-muted">
                  {formatLongDate(r.date)} · due {formatLongDate(r.due_date)} · open {money(r.open.replace(/^-/, ""))}
                </p>
              </div>
              <InputField
                id={`${uid}-allocation-${i}`}
                label={`Amount for ${r.description}`}
                {...decimalField}
                placeholder="0.00"
                error={err.allocations?.[i]?.amount?.message}
                {...register(`allocations.${i}.amount`, { onChange: () => i === ownIndex && (ownTyped.current = true) })}
              />
            </li>
          ))}
        </ul>
      )}
      <FieldError id={`${uid}-allocations-error`} message={allocationsError} />
    </fieldset>
  );
}

/** The write-off of a difference in the same entry: its checkbox, then (when ticked) its account, amount and description. */
export function PaymentWriteOff({
  form,
  uid,
  values,
  writeOffAccounts,
  follow,
}: {
  form: PaymentFormApi;
  uid: string;
  values: PaymentFormValues;
  writeOffAccounts: AccountDto[];
  /** This document's allocation follows what the payment settles (its amount, the write-off's when on). */
  follow: (amount: string, writeOff: string, on: boolean) => void;
}) {
  const { register, setValue, formState } = form;
  const err = formState.errors;
  return (
    <div className="space-y-3">
      <CheckboxField
        id={`${uid}-write-off`}
        label="Write off a difference in the same entry"
        hint="An early-payment discount, a bank fee: it settles as much as the money does"
        {...register("write_off.on", {
          onChange: (e: { target: HTMLInputElement }) => follow(values.amount, values.write_off.amount, e.target.checked),
        })}
      />
      {values.write_off.on ? (
        <div className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-3">
          <div>
            <AccountCombobox
              standalone
              id={`${uid}-write-off-account`}
              label="Write-off account"
              accounts={writeOffAccounts}
              value={values.write_off.account_id}
              onChange={(v) => setValue("write_off.account_id", v, { shouldValidate: formState.isSubmitted })}
            />
            <FieldError id={`${uid}-write-off-account-error`} message={err.write_off?.account_id?.message} />
          </div>
          <InputField
            id={`${uid}-write-off-amount`}
            label="Write-off amount"
            {...decimalField}
            error={err.write_off?.amount?.message}
            {...register("write_off.amount", {
              onChange: (e: { target: HTMLInputElement }) => follow(values.amount, e.target.value, true),
            })}
          />
          <InputField
            id={`${uid}-write-off-description`}
            label="Description"
            optional
            placeholder="Early-payment discount"
            maxLength={200}
            error={err.write_off?.description?.message}
            {...register("write_off.description")}
          />
        </div>
      ) : null}
    </div>
  );
}

/** What the payment settles, what is allocated, and what stays as credit (or is allocated beyond the payment). */
export function PaymentSummary({ settled, allocated }: { settled: bigint; allocated: bigint }) {
  const { money } = useMoney();
  const left = settled - allocated;
  return (
    <dl className="grid gap-1 rounded-md bg-slate-50 p-3 text-sm sm:grid-cols-3" data-testid="payment-summary">
      <div>
        <dt className="text-muted">Settles</dt>
        <dd className="font-semibold tabular-nums text-ink">{money(settled)}</dd>
      </div>
      <div>
        <dt className="text-muted">Allocated</dt>
        <dd className="font-semibold tabular-nums text-ink">{money(allocated)}</dd>
      </div>
      <div>
        <dt className="text-muted">{left < 0n ? "Allocated beyond the payment" : "Stays as credit"}</dt>
        <dd className={`font-semibold tabular-nums ${left < 0n ? "text-red-700" : "text-ink"}`} data-testid="payment-left">
          {money(left < 0n ? -left : left)}
        </dd>
      </div>
    </dl>
  );
}
