import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { bankAccountSchema, type BankAccountForm as Values, type BankAccountInput } from "../bank.schema.ts";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";

const EMPTY: Values = { name: "", kind: "bank", account_id: 0, number: "" };

/** A bank or card account: its name, the ledger account it is kept in and its number; it is in the books' currency. */
export function BankAccountForm({
  accounts,
  currency,
  onSubmit,
}: {
  accounts: AccountDto[];
  /** The books' currency: every bank account is kept in it (decision 102). */
  currency: string;
  onSubmit: (values: BankAccountInput) => Promise<Record<string, string> | null>;
}) {
  const form = useForm<Values, unknown, BankAccountInput>({
    resolver: zodResolver(bankAccountSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, watch, setError, formState } = form;
  const kind = watch("kind");
  const ledger = accounts.filter((a) => a.account_type === (kind === "card" ? "Liability" : "Asset"));
  const submit = handleSubmit(async (values) => {
    const fields = await onSubmit(values);
    if (!fields) return reset(EMPTY);
    for (const [key, message] of Object.entries(fields)) setError(key as keyof Values, { message });
  });
  const err = formState.errors;
  return (
    <form onSubmit={submit} noValidate className="rounded-lg border border-slate-200 bg-slate-50 p-4" aria-labelledby="bank-form-title">
      <h3 id="bank-form-title" className="mb-3 text-lg font-semibold text-ink">
        New bank account
      </h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <InputField id="bank-name" label="Name" error={err.name?.message} {...register("name")} />
        <InputField as="select" id="bank-kind" label="Kind" error={err.kind?.message} {...register("kind")}>
          <option value="bank">Bank account</option>
          <option value="card">Credit card</option>
        </InputField>
        <InputField
          as="select"
          id="bank-ledger"
          label="Ledger account"
          error={err.account_id?.message}
          {...register("account_id", { setValueAs: (v: string) => Number(v) })}
        >
          <option value="0">Select an account</option>
          {ledger.map((a) => (
            <option key={a.id} value={a.id}>
              {a.account_code} · {a.account_name}
            </option>
          ))}
        </InputField>
        <InputField id="bank-number" label="Account number or IBAN" optional error={err.number?.message} {...register("number")} />
      </div>
      <p className="mt-3 text-sm text-muted" data-testid="bank-currency">
        In {currency}, the books&rsquo; currency{err.currency?.message ? `: ${err.currency.message}` : ""}.
      </p>
      <div className="mt-4">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Saving..." : "Add bank account"}
        </Button>
      </div>
    </form>
  );
}
