import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRevalidator } from "react-router";
import { firstMessage, setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { InputField } from "~/ui/field.tsx";
import { toast } from "~/ui/toast.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { openingBalancesSchema, type OpeningBalancesForm, type OpeningBalancesInput } from "../ledger.schema.ts";
import type { OpeningBalances } from "../ledger.types.ts";
import { inputCents } from "../entry-form.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { defaultPeriod } from "../periods.ts";
import { saveOpeningBalances } from "../ledger.api.ts";
import { useBooks, useBooksOrgId, useMoney } from "./books-context.tsx";
import { AmountInput } from "./amount-input.tsx";

const resolver = zodResolver(openingBalancesSchema);
const shown = (amount: string | undefined) => (amount && amount !== "0.00" ? amount : "");

/**
 * Opening balances (/accounting/:orgId/opening-balances): each active account's balance as of the day the books start
 * here, on its debit or credit side. Saving posts one opening entry, the difference going to Opening Balance Equity;
 * saving again reverses that entry and posts the new one (asked first).
 */
export function OpeningBalancesScreen({ opening }: { opening: OpeningBalances }) {
  const { money } = useMoney();
  const { accounts, can } = useBooks();
  const canWrite = can["books.write"];
  const orgId = useBooksOrgId();
  const revalidator = useRevalidator();
  const uid = useId();
  const rows = accounts.filter((a) => a.id !== opening.equity_account_id);
  const given = new Map(opening.lines.map((l) => [l.account_id, l]));
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OpeningBalancesForm, unknown, OpeningBalancesInput>({
    resolver,
    defaultValues: {
      as_of: opening.as_of ?? defaultPeriod().start,
      lines: rows.map((a) => ({
        account_id: a.id,
        debit_amount: shown(given.get(a.id)?.debit_amount),
        credit_amount: shown(given.get(a.id)?.credit_amount),
      })),
    },
  });
  const [confirm, setConfirm] = useState<OpeningBalancesInput | null>(null);

  const lines = watch("lines");
  let debit = 0n;
  let credit = 0n;
  for (const l of lines) {
    debit += inputCents(String(l.debit_amount ?? ""));
    credit += inputCents(String(l.credit_amount ?? ""));
  }
  const difference = debit - credit;

  async function save(values: OpeningBalancesInput): Promise<boolean> {
    const res = await saveOpeningBalances(orgId, values);
    if (!res.ok) {
      setServerErrors(setError, res.fields);
      toastFailure(res, { title: "Opening balances not saved" });
      return false;
    }
    await revalidator.revalidate();
    const { entry, replaced } = res.data;
    toast.success("Opening balances posted", {
      description: replaced ? `${entry.entry_number} replaces ${replaced}, which is reversed.` : `${entry.entry_number} is in the journal.`,
    });
    return true;
  }

  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  return (
    <form
      noValidate
      aria-labelledby={`${uid}-heading`}
      className="space-y-6"
      onSubmit={(e) =>
        void handleSubmit(
          (values) => (opening.entry_number ? setConfirm(values) : void save(values)),
          (errs) => toast.error("Validation Error", { description: firstMessage(errs) ?? "Check the balances" }),
        )(e)
      }
    >
      <div>
        <h2 id={`${uid}-heading`} className="text-xl font-semibold text-ink">
          Opening balances
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          Each account&apos;s balance on the day these books start. Saving posts one opening entry; what does not balance goes to Opening
          Balance Equity. Saving again reverses that entry and posts a new one.
        </p>
        {opening.entry_number ? (
          <p className="mt-2 text-sm text-ink">
            Posted as <span className="font-mono font-semibold">{opening.entry_number}</span>, as of {opening.as_of}.
          </p>
        ) : null}
      </div>
      <InputField
        id={`${uid}-as-of`}
        label="As of"
        type="date"
        readOnly={!canWrite}
        fieldClassName="max-w-xs"
        error={errors.as_of?.message}
        {...register("as_of")}
      />
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
      {canWrite ? (
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Posting..." : "Post opening balances"}
        </Button>
      ) : (
        <p className="text-sm text-muted">Only an owner or an accountant can change the opening balances.</p>
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Replace the opening balances?"
        description={`${opening.entry_number ?? ""} is reversed on its own date and a new opening entry is posted.`}
        confirmLabel="Replace"
        busyLabel="Posting..."
        variant="accent"
        onConfirm={() => (confirm ? save(confirm) : Promise.resolve(false))}
      />
    </form>
  );
}
