import { useId, type ComponentProps, type FormEvent, type ReactNode } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { InputField } from "~/ui/field.tsx";
import { FormButtons } from "~/ui/form-buttons.tsx";

/** What `onValid` answers: the message to show under the field, or null once done. */
export type OneFieldSubmit<Output> = (data: Output) => Promise<string | null>;

/**
 * react-hook-form for a form of one text field, `name`, checked with `schema` on submit (without a schema the value
 * goes as typed). Spread `field` on the InputField; `onSubmit` runs `onValid` and shows its message under the field.
 */
export function useOneFieldForm<Name extends string, Output>(
  name: Name,
  schema: z.ZodType<Output, Record<Name, string>> | undefined,
  onValid: OneFieldSubmit<Output>,
) {
  type Values = Record<Name, string> & FieldValues;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: schema ? zodResolver(schema) : undefined,
    defaultValues: { [name]: "" } as DefaultValues<Values>,
    reValidateMode: "onSubmit",
  });
  const path = name as unknown as Path<Values>;
  async function submit(data: Output) {
    const message = await onValid(data);
    if (message) setError(path, { message });
  }
  return {
    isSubmitting,
    onSubmit: (e: FormEvent) => void handleSubmit(submit)(e),
    field: { error: errors[name]?.message as string | undefined, ...register(path) },
  };
}

/** How the one field looks: its label and input attributes; its id ends with `idSuffix` (default: the field's name). */
export type OneFieldLook = { label: string; idSuffix?: string } & Pick<
  ComponentProps<"input">,
  "type" | "autoComplete" | "inputMode" | "maxLength" | "autoFocus" | "className"
>;

/** An authenticator or backup code, asked to confirm it is you. */
export const PROOF_CODE_FIELD = {
  label: "Authenticator code or backup code",
  autoComplete: "one-time-code",
  autoFocus: true,
} satisfies OneFieldLook;

/**
 * One required field, then its submit button ("Checking..." while it runs) and Cancel: the password or a code asked
 * before a change of two-factor sign-in. `children` come first in the form (a hidden username for password managers).
 */
export function OneFieldForm<Name extends string, Output>({
  name,
  schema,
  field: { idSuffix = name, ...look },
  submitLabel,
  danger = false,
  onValid,
  onCancel,
  children,
}: {
  name: Name;
  schema: z.ZodType<Output, Record<Name, string>>;
  field: OneFieldLook;
  submitLabel: string;
  danger?: boolean;
  onValid: OneFieldSubmit<Output>;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const uid = useId();
  const form = useOneFieldForm(name, schema, onValid);
  return (
    <form onSubmit={form.onSubmit} noValidate className="space-y-3">
      {children}
      <InputField id={`${uid}-${idSuffix}`} required {...look} {...form.field} />
      <FormButtons
        className="flex-wrap"
        submit={form.isSubmitting ? "Checking..." : submitLabel}
        disabled={form.isSubmitting}
        danger={danger}
        onCancel={onCancel}
      />
    </form>
  );
}
