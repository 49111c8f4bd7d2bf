import { InputField, type InputFieldProps } from "./field.tsx";

type InputProps = Extract<InputFieldProps, { as?: "input" }>;

/**
 * The account's password as it is now (signing in, or confirming who you are), labelled "Password" unless `label`
 * says otherwise, required, with the browser's saved-password autofill. A new password: `PasswordPairFields`.
 */
export function CurrentPasswordField({ label = "Password", ...props }: Omit<InputProps, "label" | "type" | "as"> & { label?: string }) {
  return <InputField label={label} type="password" autoComplete="current-password" required {...props} />;
}
