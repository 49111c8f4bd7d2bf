import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { FieldError, InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { NamedOptions } from "~/ui/named-options.tsx";
import { FormButtons } from "~/ui/form-buttons.tsx";
import type { AccountDto } from "~/features/ledger/ledger.types.ts";
import { bankRuleSchema, type BankRuleForm as Values, type BankRuleInput } from "../bank-rules.schema.ts";
import type { BankAccount } from "../bank.types.ts";
import type { BankRule, RuleTest } from "../bank-rules.types.ts";
import type { TaxCode } from "~/features/ledger/tax.types.ts";
import { TaxCodeSelect, taxCodeValue } from "./tax-code-select.tsx";

import { testRule } from "../bank-rules.api.ts";
import { AccountCombobox } from "~/features/ledger/index.ts";
import { useMoney } from "~/features/ledger/index.ts";

const EMPTY: Values = {
  name: "",
  field: "text",
  operator: "contains",
  value: "",
  direction: "any",
  amount_min: "",
  amount_max: "",
  account_id: 0,
  tax_code_id: null,
  bank_account_id: null,
  memo: "",
};

const valuesOf = (r: BankRule): Values => ({
  name: r.name,
  field: r.field,
  operator: r.operator,
  value: r.value,
  direction: r.direction,
  amount_min: r.amount_min ?? "",
  amount_max: r.amount_max ?? "",
  account_id: r.account_id,
  tax_code_id: r.tax_code_id,
  bank_account_id: r.bank_account_id,
  memo: r.memo ?? "",
});

/**
 * A new rule, or a rule changed (`rule`, with Cancel): what it fits, the account it chooses, the tax code its entries
 * are taxed with (the line's amount the gross) and the memo they get. Try shows the lines it fits among those imported, before saving.
 */
export function BankRuleForm({
  orgId,
  rule,
  accounts,
  bankAccounts,
  taxCodes,
  onSubmit,
  onCancel,
}: {
  orgId: number;
  rule?: BankRule;
  accounts: AccountDto[];
  bankAccounts: BankAccount[];
  /** The codes offered (not archived); a rule's own code is offered even when archived since. */
  taxCodes: TaxCode[];
  onSubmit: (values: BankRuleInput) => Promise<Record<string, string> | null>;
  onCancel?: () => void;
}) {
  const start = rule ? valuesOf(rule) : EMPTY;
  const form = useForm<Values, unknown, BankRuleInput>({ resolver: zodResolver(bankRuleSchema), defaultValues: start });
  const { register, handleSubmit, reset, setValue, setError, watch, formState } = form;
  const [accountId, setAccountId] = useState(rule ? String(rule.account_id) : "");
  const [tried, setTried] = useState<RuleTest | null>(null);
  const { act } = useAction();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const fail = (fields: Record<string, string>) =>
    Object.entries(fields).forEach(([k, message]) => setError(k as keyof Values, { message }));
  const save = handleSubmit(async (values) => {
    const fields = await onSubmit(values);
    if (fields) return fail(fields);
    if (rule) return;
    reset(EMPTY);
    setAccountId("");
    setTried(null);
  });
  const tryIt = handleSubmit(async (values) => {
    const res = await act(() => testRule(orgId, values), { failure: "The rule could not be tried" });
    if (!res.ok) return fail(res.fields);
    setTried(res.data);
  });
  const err = formState.errors;
  const title = rule ? `Edit rule ${rule.name}` : "New rule";
  return (
    <form onSubmit={save} noValidate className="rounded-lg border border-slate-200 bg-slate-50 p-4" aria-labelledby={id("title")}>
      <h3 id={id("title")} className="mb-3 text-lg font-semibold text-ink">
        {title}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InputField id={id("name")} label="Name" error={err.name?.message} {...register("name")} />
        <InputField as="select" id={id("field")} label="Look at" error={err.field?.message} {...register("field")}>
          <option value="text">The bank&apos;s text</option>
          <option value="payee">The payee</option>
        </InputField>
        <InputField as="select" id={id("operator")} label="How" error={err.operator?.message} {...register("operator")}>
          <option value="contains">Contains</option>
          <option value="equals">Equals</option>
          <option value="matches">Matches the pattern</option>
        </InputField>
        <InputField id={id("value")} label="Words or pattern" error={err.value?.message} {...register("value")} />
        <InputField as="select" id={id("direction")} label="Money" error={err.direction?.message} {...register("direction")}>
          <option value="any">In or out</option>
          <option value="in">In</option>
          <option value="out">Out</option>
        </InputField>
        {(["amount_min", "amount_max"] as const).map((k) => (
          <InputField
            key={k}
            id={id(k)}
            label={k === "amount_min" ? "Smallest amount" : "Largest amount"}
            optional
            inputMode="decimal"
            error={err[k]?.message}
            {...register(k)}
          />
        ))}
        <InputField
          as="select"
          id={id("bank")}
          label="Bank account"
          error={err.bank_account_id?.message}
          {...register("bank_account_id", { setValueAs: (v: string | number | null) => (v ? Number(v) : null) })}
        >
          <option value="">Every bank account</option>
          <NamedOptions items={bankAccounts} />
        </InputField>
        <div className="sm:col-span-2">
          <AccountCombobox
            standalone
            id={id("account")}
            label="Post to account"
            accounts={accounts}
            value={accountId}
            onChange={(v) => (setAccountId(v), setValue("account_id", v ? Number(v) : 0, { shouldValidate: formState.isSubmitted }))}
          />
          <FieldError id={id("account-error")} message={err.account_id?.message} />
        </div>
        <TaxCodeSelect
          id={id("tax")}
          codes={rule?.tax_code_id && !taxCodes.some((c) => c.id === rule.tax_code_id) ? [...taxCodes, archivedCode(rule)] : taxCodes}
          chosen={watch("tax_code_id")}
          hint="The bank amount is the gross: the tax is taken out of it."
          error={err.tax_code_id?.message}
          {...register("tax_code_id", { setValueAs: taxCodeValue })}
        />
        <InputField
          id={id("memo")}
          label="Memo"
          optional
          hint="The description of the entries it posts; blank keeps the bank's text."
          fieldClassName="sm:col-span-2"
          error={err.memo?.message}
          {...register("memo")}
        />
      </div>
      <FormButtons
        className="mt-4 flex-wrap"
        submit={rule ? "Save changes" : "Save rule"}
        disabled={formState.isSubmitting}
        onCancel={onCancel}
      >
        <Button variant="secondary" onClick={() => void tryIt()}>
          Try it on past lines
        </Button>
      </FormButtons>
      {tried ? <TriedLines tried={tried} /> : null}
    </form>
  );
}

/** A rule's code no longer listed (archived), shown so that the form keeps it until it is changed. */
const archivedCode = (r: BankRule): TaxCode => ({
  id: r.tax_code_id!,
  code: r.tax_code ?? "",
  name: "archived",
  kind: "input",
  applies_to: "purchases",
  valid_from: null,
  valid_to: null,
  base_boxes: [],
  archived: true,
  parts: [],
});

function TriedLines({ tried }: { tried: RuleTest }) {
  const { money } = useMoney();
  return (
    <div className="mt-4" aria-live="polite">
      <p className="text-sm font-medium text-ink">
        It fits {tried.count} line{tried.count === 1 ? "" : "s"} imported so far
        {tried.count > tried.lines.length ? ` (the newest ${tried.lines.length} below)` : ""}.
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm text-ink">
        {tried.lines.map((l) => (
          <li key={l.id}>
            {l.date} · {l.description} · {money(l.amount)} · {l.bank_account}
          </li>
        ))}
      </ul>
    </div>
  );
}
