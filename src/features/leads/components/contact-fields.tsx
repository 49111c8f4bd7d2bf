import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { InputField } from "~/ui/field.tsx";
import { CONTACT_SERVICES, CONTACT_SERVICE_LABELS } from "../contact-options.ts";
import type { ContactFormValues } from "../contact.schema.ts";

/**
 * The contact form's fields: plain inputs with their server-rendered values (the form works before its script
 * runs), each with its error.
 */
export function ContactFields({
  id,
  errors,
  defaults,
  register,
}: {
  id: (name: string) => string;
  errors: FieldErrors<ContactFormValues>;
  defaults: ContactFormValues;
  register: UseFormRegister<ContactFormValues>;
}) {
  const field = (name: keyof ContactFormValues) => ({
    id: id(name),
    error: errors[name]?.message,
    defaultValue: defaults[name],
    ...register(name),
  });
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="First Name"
          markRequired
          type="text"
          autoComplete="given-name"
          required
          maxLength={100}
          {...field("firstName")}
        />
        <InputField label="Last Name" markRequired type="text" autoComplete="family-name" required maxLength={100} {...field("lastName")} />
      </div>
      <InputField label="Email" markRequired type="email" autoComplete="email" required maxLength={254} {...field("email")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Company" optional type="text" autoComplete="organization" maxLength={200} {...field("company")} />
        <InputField as="select" label="Service of Interest" optional {...field("service")}>
          <option value="">Select a service</option>
          {CONTACT_SERVICES.map((s) => (
            <option key={s} value={s}>
              {CONTACT_SERVICE_LABELS[s]}
            </option>
          ))}
        </InputField>
      </div>
      <InputField as="textarea" label="Message" markRequired rows={6} required maxLength={5000} {...field("message")} />
    </>
  );
}
