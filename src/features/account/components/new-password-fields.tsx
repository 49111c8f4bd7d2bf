import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { InputField } from "~/ui/field.tsx";

type NewPassword = { newPassword: string; confirmPassword: string };

/** The new password twice, and its rules: changing the password, or setting a first one. */
export function NewPasswordFields<T extends NewPassword>({
  id,
  register,
  errors,
}: {
  id: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  // The two names exist on every form this is used in (T extends NewPassword).
  const reg = register as unknown as UseFormRegister<NewPassword>;
  const errs = errors as FieldErrors<NewPassword>;
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
          error={errs.newPassword?.message}
          {...reg("newPassword")}
        />
        <InputField
          id={`${id}-confirm`}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          error={errs.confirmPassword?.message}
          {...reg("confirmPassword")}
        />
      </div>
      <p className="text-xs text-muted">At least 8 characters. Very common passwords are refused.</p>
    </>
  );
}
