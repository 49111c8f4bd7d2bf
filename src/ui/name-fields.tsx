import { fieldGroup, type FieldGroupProps } from "~/lib/form.ts";
import { InputField } from "./field.tsx";

type Names = { firstName: string; lastName: string; companyName: string };

/**
 * A person's first and last name side by side (required), then their company (optional): signing up, and the
 * profile. The ids start with `id`.
 */
export function NameFields<T extends Names>({ id, ...form }: FieldGroupProps<T>) {
  const field = fieldGroup<Names, T>(form);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id={`${id}-first`} label="First name" autoComplete="given-name" required {...field("firstName")} />
        <InputField id={`${id}-last`} label="Last name" autoComplete="family-name" required {...field("lastName")} />
      </div>
      <InputField id={`${id}-company`} label="Company name" optional autoComplete="organization" {...field("companyName")} />
    </>
  );
}
