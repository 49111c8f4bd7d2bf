import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { accountCreateSchema, type AccountCreate } from "../accounting.schema.ts";
import { ACCOUNT_TYPES } from "../reports.ts";
import { Button } from "~/ui/button.tsx";
import type { AccountDto } from "../accounting.types.ts";
import { inputClass, labelClass } from "./ui.tsx";

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
        <div>
          <label htmlFor="account_code" className={labelClass}>
            Account code
          </label>
          <input
            id="account_code"
            className={inputClass}
            readOnly={Boolean(editing)}
            aria-readonly={Boolean(editing)}
            aria-invalid={Boolean(err.account_code)}
            aria-describedby={err.account_code ? "account_code-error" : undefined}
            {...register("account_code")}
          />
          {err.account_code ? (
            <p id="account_code-error" className="mt-1 text-sm text-red-700">
              {err.account_code.message}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="account_name" className={labelClass}>
            Account name
          </label>
          <input
            id="account_name"
            className={inputClass}
            aria-invalid={Boolean(err.account_name)}
            aria-describedby={err.account_name ? "account_name-error" : undefined}
            {...register("account_name")}
          />
          {err.account_name ? (
            <p id="account_name-error" className="mt-1 text-sm text-red-700">
              {err.account_name.message}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="account_type" className={labelClass}>
            Account type
          </label>
          <select
            id="account_type"
            className={inputClass}
            aria-invalid={Boolean(err.account_type)}
            aria-describedby={err.account_type ? "account_type-error" : undefined}
            {...register("account_type")}
          >
            <option value="">Select a type</option>
            {ACCOUNT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          {err.account_type ? (
            <p id="account_type-error" className="mt-1 text-sm text-red-700">
              {err.account_type.message}
            </p>
          ) : null}
        </div>
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
