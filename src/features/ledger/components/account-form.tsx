import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { accountCreateSchema, type AccountCreate, type AccountFormValues } from "../ledger.schema.ts";
import { ACCOUNT_TYPES, type AccountType } from "../account-types.ts";
import { DETAIL_TYPE_LABELS, DETAIL_TYPES_BY_ACCOUNT_TYPE, defaultDetailType, detailTypeFits } from "../account-types.ts";
import type { Account } from "../ledger.types.ts";
import { cn } from "~/ui/cn.ts";
import { InputField, inputClass } from "~/ui/field.tsx";
import { FormButtons } from "~/ui/form-buttons.tsx";
import { descendantIds } from "../account-tree.ts";
import { AccountOptions } from "./account-options.tsx";

const EMPTY: AccountFormValues = {
  account_code: "",
  account_name: "",
  account_type: "" as AccountType,
  detail_type: undefined,
  parent_id: null,
};

/** Create or edit an account; while editing, the code is locked. The parent is an active account of the same type. */
export function AccountForm({
  editing,
  accounts,
  onSubmit,
  onCancel,
}: {
  editing: Account | null;
  accounts: Account[];
  onSubmit: (values: AccountCreate) => Promise<boolean>;
  onCancel: () => void;
}) {
  const form = useForm<AccountFormValues, unknown, AccountCreate>({ resolver: zodResolver(accountCreateSchema), defaultValues: EMPTY });
  const { register, handleSubmit, reset, formState, watch, setValue, getValues } = form;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    reset(
      editing
        ? {
            account_code: editing.account_code,
            account_name: editing.account_name,
            account_type: editing.account_type,
            detail_type: editing.detail_type,
            parent_id: editing.parent_id,
          }
        : EMPTY,
    );
    if (editing) {
      // The form sits above the chart: an Edit low in a long chart brings it into view, on the name (the code is locked).
      const form = formRef.current;
      form?.scrollIntoView({ behavior: "instant", block: "start" });
      form?.querySelector<HTMLInputElement>("#account_name")?.focus({ preventScroll: true });
    }
  }, [editing, reset]);
  const type = watch("account_type") as AccountType | "";
  const typeField = register("account_type", {
    // A new type brings its default detail type (by the name) unless the one chosen fits it; the parent must share it.
    onChange: () => {
      const t = getValues("account_type") as AccountType | "";
      const detail = getValues("detail_type");
      if (!t) setValue("detail_type", undefined);
      else if (!detail || !detailTypeFits(t, detail)) setValue("detail_type", defaultDetailType(t, getValues("account_name")));
      const parent = accounts.find((a) => a.id === getValues("parent_id"));
      if (parent && parent.account_type !== t) setValue("parent_id", null);
    },
  });
  const excluded = editing ? descendantIds(accounts, editing.id) : new Set<number>();
  const parents = accounts.filter((a) => a.account_type === type && a.is_active && !excluded.has(a.id));
  const submit = handleSubmit(async (values) => {
    if (await onSubmit(values)) reset(EMPTY);
  });
  const err = formState.errors;
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="scroll-mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
      aria-labelledby="account-form-title"
    >
      <h3 id="account-form-title" className="mb-3 text-lg font-semibold text-ink">
        {editing ? `Edit account ${editing.account_code}` : "New account"}
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          id="account_code"
          label="Account code"
          className={cn(inputClass, "read-only:bg-slate-100")}
          readOnly={Boolean(editing)}
          aria-readonly={Boolean(editing)}
          error={err.account_code?.message}
          {...register("account_code")}
        />
        <InputField id="account_name" label="Account name" error={err.account_name?.message} {...register("account_name")} />
        <InputField as="select" id="account_type" label="Account type" error={err.account_type?.message} {...typeField}>
          <option value="">Select a type</option>
          {ACCOUNT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </InputField>
        <InputField
          as="select"
          id="detail_type"
          label="Detail type"
          hint={type ? undefined : "Choose the account type first"}
          disabled={!type}
          error={err.detail_type?.message}
          {...register("detail_type", { setValueAs: (v: string) => (v === "" ? undefined : v) })}
        >
          {type ? null : <option value="">—</option>}
          {(type ? DETAIL_TYPES_BY_ACCOUNT_TYPE[type] : []).map((d) => (
            <option key={d} value={d}>
              {DETAIL_TYPE_LABELS[d]}
            </option>
          ))}
        </InputField>
        <InputField
          as="select"
          id="parent_id"
          label="Parent account"
          optional
          error={err.parent_id?.message}
          {...register("parent_id", { setValueAs: (v: unknown) => (v === "" || v === null ? null : Number(v)) })}
        >
          <option value="">None (top level)</option>
          <AccountOptions accounts={parents} />
        </InputField>
      </div>
      <FormButtons
        className="mt-4"
        submit={formState.isSubmitting ? "Saving..." : editing ? "Update Account" : "Create Account"}
        disabled={formState.isSubmitting}
        onCancel={editing ? onCancel : undefined}
      />
    </form>
  );
}
