import { fieldGroup, type FieldGroupProps } from "~/lib/form.ts";
import { InputField } from "./field.tsx";

type PasswordPair = { password: string; confirmPassword: string };

/**
 * A first password typed twice, its rules as the first field's hint: accepting an invitation, or a staff member's
 * welcome. The ids are `${id}-password` and `${id}-confirm`.
 */
export function PasswordPairFields<T extends PasswordPair>({ id, label = "Password", ...form }: FieldGroupProps<T> & { label?: string }) {
  const field = fieldGroup<PasswordPair, T>(form);
  return (
    <>
      <InputField
        id={`${id}-password`}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters. Very common passwords are refused."
        {...field("password")}
      />
      <InputField
        id={`${id}-confirm`}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        {...field("confirmPassword")}
      />
    </>
  );
}
