import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { FieldError, InputField } from "~/ui/field.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { AccountDto } from "../accounting.types.ts";
import { bankRuleSchema, type BankRuleForm as Values, type BankRuleInput } from "../bank.schema.ts";
import type { BankAccount, RuleTest } from "../bank.types.ts";
import { formatAmount } from "../money.ts";
import { testRule } from "../bank.api.ts";
import { AccountCombobox } from "./account-combobox.tsx";

const EMPTY: Values = {
  name: "",
  field: "text",
  operator: "contains",
  value: "",
  direction: "any",
  amount_min: "",
  amount_max: "",
  account_id: 0,
  bank_account_id: null,
};

/** A new rule: what it fits and the account it chooses; Try shows the lines it fits among those imported, before saving. */
export function BankRuleForm({
  orgId,
  accounts,
  bankAccounts,
  onSubmit,
}: {
  orgId: number;
  accounts: AccountDto[];
  bankAccounts: BankAccount[];
  onSubmit: (values: BankRuleInput) => Promise<Record<string, string> | null>;
}) {
  const form = useForm<Values, unknown, BankRuleInput>({ resolver: zodResolver(bankRuleSchema), defaultValues: EMPTY });
  const { register, handleSubmit, reset, setValue, setError, formState } = form;
  const [accountId, setAccountId] = useState("");
  const [tried, setTried] = useState<RuleTest | null>(null);
  const fail = (fields: Record<string, string>) =>
    Object.entries(fields).forEach(([k, message]) => setError(k as keyof Values, { message }));
  const save = handleSubmit(async (values) => {
    const fields = await onSubmit(values);
    if (fields) return fail(fields);
    reset(EMPTY);
    setAccountId("");
    setTried(null);
  });
  const tryIt = handleSubmit(async (values) => {
    const res = await testRule(orgId, values);
    if (!res.ok) return (toastFailure(res, { title: "The rule could not be tried" }), fail(res.fields));
    setTried(res.data);
  });
  const err = formState.errors;
  return (
    <form onSubmit={save} noValidate className="rounded-lg border border-slate-200 bg-slate-50 p-4" aria-labelledby="rule-form-title">
      <h3 id="rule-form-title" className="mb-3 text-lg font-semibold text-ink">
        New rule
      </h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InputField id="rule-name" label="Name" error={err.name?.message} {...register("name")} />
        <InputField as="select" id="rule-field" label="Look at" error={err.field?.message} {...register("field")}>
          <option value="text">The bank's text</option>
          <option value="payee">The payee</option>
        </InputField>
        <InputField as="select" id="rule-operator" label="How" error={err.operator?.message} {...register("operator")}>
          <option value="contains">Contains</option>
          <option value="equals">Equals</option>
          <option value="matches">Matches the pattern</option>
        </InputField>
        <InputField id="rule-value" label="Words or pattern" error={err.value?.message} {...register("value")} />
        <InputField as="select" id="rule-direction" label="Money" error={err.direction?.message} {...register("direction")}>
          <option value="any">In or out</option>
          <option value="in">In</option>
          <option value="out">Out</option>
        </InputField>
        <InputField
          id="rule-min"
          label="Smallest amount"
          optional
          inputMode="decimal"
          error={err.amount_min?.message}
          {...register("amount_min")}
        />
        <InputField
          id="rule-max"
          label="Largest amount"
          optional
          inputMode="decimal"
          error={err.amount_max?.message}
          {...register("amount_max")}
        />
        <InputField
          as="select"
          id="rule-bank"
          label="Bank account"
          error={err.bank_account_id?.message}
          {...register("bank_account_id", { setValueAs: (v: string) => (v ? Number(v) : null) })}
        >
          <option value="">Every bank account</option>
          {bankAccounts.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </InputField>
        <div className="sm:col-span-2">
          <AccountCombobox
            standalone
            id="rule-account"
            label="Post to account"
            accounts={accounts}
            value={accountId}
            onChange={(v) => (setAccountId(v), setValue("account_id", v ? Number(v) : 0, { shouldValidate: formState.isSubmitted }))}
          />
          <FieldError id="rule-account-error" message={err.account_id?.message} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" disabled={formState.isSubmitting}>
          Save rule
        </Button>
        <Button variant="secondary" onClick={() => void tryIt()}>
          Try it on past lines
        </Button>
      </div>
      {tried ? (
        <div className="mt-4" aria-live="polite">
          <p className="text-sm font-medium text-ink">
            It fits {tried.count} line{tried.count === 1 ? "" : "s"} imported so far
            {tried.count > tried.lines.length ? ` (the newest ${tried.lines.length} below)` : ""}.
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm text-ink">
            {tried.lines.map((l) => (
              <li key={l.id}>
                {l.date} · {l.description} · {formatAmount(l.amount)} · {l.bank_account}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
