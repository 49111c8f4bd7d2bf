import type { z } from "zod";
import { fieldGroup, type FieldGroupProps } from "~/lib/form.ts";
import { InputField } from "~/ui/field.tsx";

type NewPassword = { newPassword: string; confirmPassword: string };

/** A form's rules, then (once they pass) the match of the two new passwords, told under the confirmation. */
export function withMatchingPasswords<S extends z.ZodType<NewPassword>>(schema: S): S {
  return schema.refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
    when: ({ issues }) => issues.length === 0,
  });
}

/** The new password twice, and its rules: changing the password, or setting a first one. */
export function NewPasswordFields<T extends NewPassword>({ id, ...form }: FieldGroupProps<T>) {
  const field = fieldGroup<NewPassword, T>(form);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={`${id}-new`}
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          {...field("newPassword")}
        />
        <InputField
          id={`${id}-confirm`}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...field("confirmPassword")}
        />
      </div>
      <p className="text-xs text-muted">At least 8 characters. Very common passwords are refused.</p>
    </>
  );
}

/** Lets password managers tie the new password to the account (they look for a username before it). */
export function UsernameForPasswordManagers({ email }: { email?: string }) {
  return <input type="text" name="username" autoComplete="username" hidden readOnly aria-hidden="true" tabIndex={-1} value={email} />;
}
