import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { CheckboxField, InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { setServerErrors } from "~/lib/form.ts";
import { AccountOptions, useBooks } from "~/features/ledger/index.ts";
import { salesSettingsSchema, type SalesSettingsInput } from "../sales.schema.ts";
import type { SalesSettings } from "../sales.types.ts";
import { saveSalesSettings } from "../documents.api.ts";

const accountId = (v: string | number) => Number(v) || 0;

/**
 * The settings of sales and purchases: the receivables and payables control accounts (they change only while no
 * customer's or supplier's item is on them), whether a bill waits for approval before it is posted, and whether the
 * client sends her own invoices in books the firm keeps. Read by every member, changed by those who hold
 * "books.sales.settings".
 */
export function SalesSettingsForm({ settings }: { settings: SalesSettings }) {
  const { organization, accounts, can } = useBooks();
  const canWrite = can["books.sales.settings"];
  const uid = useId();
  const { register, handleSubmit, setError, formState } = useForm<SalesSettingsInput>({
    resolver: zodResolver(salesSettingsSchema),
    defaultValues: settings,
  });
  const { act, pending } = useAction();
  const save = handleSubmit(async (values) => {
    const res = await act(() => saveSalesSettings(organization.id, values), { failure: "Settings not saved", success: "Settings saved" });
    if (!res.ok) setServerErrors(setError, res.fields);
  });
  const err = formState.errors;
  const heading = `${uid}-heading`;
  return (
    <form onSubmit={save} noValidate aria-labelledby={heading} className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 id={heading} className="text-lg font-semibold text-ink">
        Settings of sales and purchases
      </h3>
      <fieldset disabled={!canWrite} className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">Control accounts and approval</legend>
        <InputField
          as="select"
          id={`${uid}-receivable`}
          label="Receivables account"
          hint="Where what customers owe is kept"
          error={err.receivable_account_id?.message}
          {...register("receivable_account_id", { setValueAs: accountId })}
        >
          <AccountOptions accounts={accounts.filter((a) => a.account_type === "Asset")} />
        </InputField>
        <InputField
          as="select"
          id={`${uid}-payable`}
          label="Payables account"
          hint="Where what is owed to suppliers is kept"
          error={err.payable_account_id?.message}
          {...register("payable_account_id", { setValueAs: accountId })}
        >
          <AccountOptions accounts={accounts.filter((a) => a.account_type === "Liability")} />
        </InputField>
        <CheckboxField
          id={`${uid}-bills`}
          label="Bills need approval"
          hint="A bill entered is submitted, then approved by another step before it is posted"
          {...register("bills_need_approval")}
        />
        <CheckboxField
          id={`${uid}-send`}
          label="The client may send her own invoices"
          hint="In books the firm keeps: the client's owner sends invoices by mail herself"
          {...register("client_may_send")}
        />
      </fieldset>
      {canWrite ? (
        <Button type="submit" size="sm" disabled={pending}>
          Save settings
        </Button>
      ) : (
        <p className="text-sm text-muted">Only those who keep these books change these settings.</p>
      )}
    </form>
  );
}
