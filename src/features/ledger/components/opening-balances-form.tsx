import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { firstMessage, setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { InputField } from "~/ui/field.tsx";
import { toast } from "~/ui/toast.ts";
import { useAction } from "~/ui/use-action.ts";
import { openingBalancesSchema, type OpeningBalancesForm, type OpeningBalancesInput } from "../ledger.schema.ts";
import type { OpeningBalances } from "../ledger.types.ts";
import { inputCents } from "../entry-form.ts";
import { defaultPeriod } from "../periods.ts";
import { saveOpeningBalances } from "../ledger.api.ts";
import { useBooks, useBooksOrgId } from "./books-context.tsx";
import { OpeningBalanceRows, OpeningBalanceTotals } from "./opening-balance-rows.tsx";

const resolver = zodResolver(openingBalancesSchema);
const shown = (amount: string | undefined) => (amount && amount !== "0.00" ? amount : "");

/**
 * Opening balances (/accounting/:orgId/opening-balances): each active account's balance as of the day the books start
 * here, on its debit or credit side. Saving posts one opening entry, the difference going to Opening Balance Equity;
 * saving again reverses that entry and posts the new one (asked first).
 */
export function OpeningBalancesScreen({ opening }: { opening: OpeningBalances }) {
  const { accounts, can, firmKeeps } = useBooks();
  const canWrite = can["books.opening"];
  const orgId = useBooksOrgId();
  const { act, pending } = useAction();
  const uid = useId();
  const rows = accounts.filter((a) => a.id !== opening.equity_account_id);
  const given = new Map(opening.lines.map((l) => [l.account_id, l]));
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
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

  async function save(values: OpeningBalancesInput): Promise<boolean> {
    const res = await act(() => saveOpeningBalances(orgId, values), { failure: "Opening balances not saved" });
    if (!res.ok) {
      setServerErrors(setError, res.fields);
      return false;
    }
    const { entry, replaced } = res.data;
    toast.success("Opening balances posted", {
      description: replaced ? `${entry.entry_number} replaces ${replaced}, which is reversed.` : `${entry.entry_number} is in the journal.`,
    });
    return true;
  }

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
      <OpeningBalanceRows rows={rows} uid={uid} canWrite={canWrite} register={register} errors={errors} />
      <OpeningBalanceTotals debit={debit} credit={credit} />
      {canWrite ? (
        <Button type="submit" disabled={pending}>
          {pending ? "Posting..." : "Post opening balances"}
        </Button>
      ) : (
        <p className="text-sm text-muted">
          {firmKeeps && can["books.write"]
            ? "The firm keeps these books: the opening balances are the firm's to set."
            : "Only an owner or an accountant can change the opening balances."}
        </p>
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Replace the opening balances?"
        description={`${opening.entry_number ?? ""} is reversed on its own date and a new opening entry is posted.`}
        confirmLabel="Replace"
        busyLabel="Posting..."
        closeOnRefusal
        variant="accent"
        onConfirm={() => (confirm ? save(confirm) : Promise.resolve(false))}
      />
    </form>
  );
}
