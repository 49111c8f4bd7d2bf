import type { ReactNode } from "react";
import type { FieldValues, UseFormRegister } from "react-hook-form";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { EARLIEST_ENTRY_DATE, latestEntryDate } from "../ledger.schema.ts";
import {
  entryDateProblem,
  entryTotals,
  ENTRY_MESSAGES,
  hasAmounts,
  isBalanced,
  type EntryContentValues,
  type EntryFormLine,
  type EntryFormValues,
} from "../entry-form.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { useMoney } from "./books-context.tsx";

/**
 * The description and reference of an entry or of a recurring entry's template; `children` (an entry's date) goes
 * between them.
 */
export function EntryContentFields<V extends EntryContentValues & FieldValues>({
  formId,
  register,
  children,
}: {
  formId: string;
  register: UseFormRegister<V>;
  children?: ReactNode;
}) {
  // Description and reference exist on every form they are drawn in (V extends EntryContentValues), as in fieldGroup (src/lib/form.ts).
  const reg = register as unknown as UseFormRegister<EntryContentValues>;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <InputField
        id={`${formId}-description`}
        label="Description"
        fieldClassName={children ? "sm:col-span-3" : "sm:col-span-2"}
        {...reg("description")}
      />
      {children}
      <InputField
        id={`${formId}-reference`}
        label="Reference"
        optional
        fieldClassName={children ? "sm:col-span-2" : undefined}
        {...reg("reference")}
      />
    </div>
  );
}

/**
 * The entry's description, date (its problem shown as it is typed, or the server's refusal of it, such as a date in
 * the locked period) and reference.
 */
export function EntryHeaderFields({
  formId,
  entryDate,
  dateError,
  register,
}: {
  formId: string;
  entryDate: string;
  dateError?: string;
  register: UseFormRegister<EntryFormValues>;
}) {
  const dateProblem = (entryDate.trim() === "" ? undefined : (entryDateProblem(entryDate) ?? undefined)) ?? dateError;
  return (
    <EntryContentFields formId={formId} register={register}>
      <InputField
        id={`${formId}-date`}
        label="Entry date"
        type="date"
        min={EARLIEST_ENTRY_DATE}
        max={latestEntryDate()}
        error={dateProblem}
        {...register("entryDate")}
      />
    </EntryContentFields>
  );
}

/**
 * Add Line, the totals, and whether the entry balances (once an amount is typed). `totals`: the entry's totals as
 * posted, its tax included (decision 112), in place of the lines' own.
 */
export function EntryTotals({
  lines,
  totals: posted,
  onAddLine,
  onBalance,
}: {
  lines: EntryFormLine[];
  totals?: { debit: bigint; credit: bigint; difference: bigint };
  onAddLine: () => void;
  onBalance: (difference: bigint) => void;
}) {
  const { money } = useMoney();
  const totals = posted ?? entryTotals(lines);
  const balanced = posted ? posted.debit > 0n && posted.difference === 0n : isBalanced(lines);
  const difference = centsToDecimal(totals.difference < 0n ? -totals.difference : totals.difference);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" size="sm" onClick={onAddLine}>
          Add Line
        </Button>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {(["debit", "credit"] as const).map((side) => (
            <div key={side} className="flex gap-2 whitespace-nowrap">
              <dt className="text-muted">{`Total ${side}s${posted ? " with tax" : ""}`}</dt>
              <dd className="font-semibold tabular-nums text-ink" data-testid={`total-${side}`}>
                {money(totals[side])}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <p className="text-xs text-muted">Ctrl+Shift+Backspace removes the line you are in.</p>
      <div aria-live="polite">
        {!balanced && hasAmounts(lines) ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            <p>
              {ENTRY_MESSAGES.notBalancedInline}
              {totals.difference !== 0n ? ` Difference: ${money(difference)}.` : ""}
            </p>
            {totals.difference !== 0n ? (
              <Button variant="secondary" size="sm" onClick={() => onBalance(totals.difference)}>
                {`Balance with a ${totals.difference > 0n ? "credit" : "debit"} of ${money(difference)}`}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </>
  );
}
