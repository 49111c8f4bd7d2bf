import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { centsToDecimal } from "~/lib/money.ts";
import type { OpeningBalancesForm } from "../ledger.schema.ts";
import type { AccountDto } from "../ledger.types.ts";
import { useMoney } from "./books-context.tsx";
import { AmountInput } from "./amount-input.tsx";

/** Each account's debit and credit fields (below sm a card per account), the list's own error above them. */
export function OpeningBalanceRows({
  rows,
  uid,
  canWrite,
  register,
  errors,
}: {
  rows: AccountDto[];
  uid: string;
  canWrite: boolean;
  register: UseFormRegister<OpeningBalancesForm>;
  errors: FieldErrors<OpeningBalancesForm>;
}) {
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-ink">Balances</legend>
      {linesError ? (
        <p role="alert" className="mb-2 text-sm font-medium text-red-700">
          {linesError}
        </p>
      ) : null}
      <div
        aria-hidden="true"
        className="hidden gap-3 border-b border-slate-200 px-1 pb-1 text-xs font-semibold uppercase tracking-wide text-muted sm:grid sm:grid-cols-[minmax(0,1fr)_9rem_9rem]"
      >
        <span>Account</span>
        <span className="text-right">Debit</span>
        <span className="text-right">Credit</span>
      </div>
      <ol className="divide-y divide-slate-100">
        {rows.map((a, i) => {
          const label = `${a.account_code} ${a.account_name}`;
          return (
            <li
              key={a.id}
              data-testid="opening-row"
              className="grid grid-cols-2 items-start gap-x-3 gap-y-1 py-2 sm:grid-cols-[minmax(0,1fr)_9rem_9rem] sm:px-1"
            >
              <p className="col-span-2 text-sm text-ink sm:col-span-1 sm:pt-2">
                <span className="font-mono">{a.account_code}</span> {a.account_name}
                <span className="ml-2 text-xs text-muted">{a.account_type}</span>
              </p>
              {(["debit_amount", "credit_amount"] as const).map((side) => {
                const id = `${uid}-${a.id}-${side}`;
                const error =
                  errors.lines?.[i]?.[side]?.message ?? (side === "debit_amount" ? errors.lines?.[i]?.account_id?.message : undefined);
                const name = side === "debit_amount" ? "debit" : "credit";
                return (
                  <AmountInput
                    key={side}
                    id={id}
                    labelClassName="block text-xs font-medium text-muted sm:sr-only"
                    label={
                      <>
                        <span className="sr-only">{label} </span>
                        {name === "debit" ? "Debit" : "Credit"}
                      </>
                    }
                    error={
                      error
                        ? name === "debit" && errors.lines?.[i]?.account_id
                          ? error
                          : `${name === "debit" ? "Debit" : "Credit"} ${error}`
                        : undefined
                    }
                    readOnly={!canWrite}
                    field={register(`lines.${i}.${side}`)}
                  />
                );
              })}
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

/** The totals as typed, and what goes to Opening Balance Equity (read aloud as they change). */
export function OpeningBalanceTotals({ debit, credit }: { debit: bigint; credit: bigint }) {
  const { money } = useMoney();
  const difference = debit - credit;
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-live="polite">
      <div className="flex gap-2">
        <dt className="text-muted">Total debits</dt>
        <dd className="font-semibold tabular-nums text-ink" data-testid="opening-debits">
          {money(centsToDecimal(debit))}
        </dd>
      </div>
      <div className="flex gap-2">
        <dt className="text-muted">Total credits</dt>
        <dd className="font-semibold tabular-nums text-ink" data-testid="opening-credits">
          {money(centsToDecimal(credit))}
        </dd>
      </div>
      <div className="flex gap-2">
        <dt className="text-muted">Opening Balance Equity</dt>
        <dd className="font-semibold tabular-nums text-ink" data-testid="opening-equity">
          {difference === 0n
            ? "none (balanced)"
            : `${difference > 0n ? "credit" : "debit"} ${money(centsToDecimal(difference > 0n ? difference : -difference))}`}
        </dd>
      </div>
    </dl>
  );
}
