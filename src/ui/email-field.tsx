import { InputField, type InputFieldProps } from "./field.tsx";

type InputProps = Extract<InputFieldProps, { as?: "input" }>;

/** An email address field, labelled "Email" and required, with the email keyboard and the browser's address autofill. */
export function EmailField(props: Omit<InputProps, "label" | "type" | "as">) {
  return <InputField label="Email" type="email" autoComplete="email" required {...props} />;
}
