import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { accountCreateSchema, type AccountCreate } from "../accounting.schema.ts";
import { ACCOUNT_TYPES } from "../reports.ts";
import { Button } from "~/ui/button.tsx";
import type { AccountDto } from "../accounting.types.ts";
import { cn } from "~/ui/cn.ts";
import { InputField, inputClass } from "~/ui/field.tsx";

/** Create or edit an account; while editing, the code is locked. */
export function AccountForm({
  editing,
  onSubmit,
  onCancel,
}: {
  editing: AccountDto | null;
  onSubmit: (values: AccountCreate) => Promise<boolean>;
  onCancel: () => void;
}) {
  const form = useForm<AccountCreate>({
    resolver: zodResolver(accountCreateSchema),
    defaultValues: { account_code: "", account_name: "", account_type: "" as AccountCreate["account_type"] },
  });
  const { register, handleSubmit, reset, formState } = form;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    reset(
      editing
        ? { account_code: editing.account_code, account_name: editing.account_name, account_type: editing.account_type }
        : { account_code: "", account_name: "", account_type: "" as AccountCreate["account_type"] },
    );
    if (editing) {
      // The form sits above the chart: an Edit low in a long chart brings it into view, on the name (the code is locked).
      const form = formRef.current;
      form?.scrollIntoView({ behavior: "instant", block: "start" });
      form?.querySelector<HTMLInputElement>("#account_name")?.focus({ preventScroll: true });
    }
  }, [editing, reset]);
  const submit = handleSubmit(async (values) => {
    if (await onSubmit(values)) {
      reset({ account_code: "", account_name: "", account_type: "" as AccountCreate["account_type"] });
    }
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
        <InputField as="select" id="account_type" label="Account type" error={err.account_type?.message} {...register("account_type")}>
          <option value="">Select a type</option>
          {ACCOUNT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </InputField>
      </div>
      <div className="mt-4 flex gap-2">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Saving..." : editing ? "Update Account" : "Create Account"}
        </Button>
        {editing ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
