import { Field, describedBy, inputClass } from "~/ui/field.tsx";
import { CONTACT_SERVICES, CONTACT_SERVICE_LABELS } from "../contact-options.ts";
import type { ContactFormValues } from "../contact.schema.ts";

type FieldName = keyof ContactFormValues;
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The contact form's fields: plain inputs (the form works before its script runs), each with its error. */
export function ContactFields({
  id,
  errors,
  defaults,
}: {
  id: (name: string) => string;
  errors: FieldErrors;
  defaults: ContactFormValues;
}) {
  const err = (name: FieldName) => errors[name];
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("firstName")} label="First Name" required error={err("firstName")}>
          <input
            id={id("firstName")}
            name="firstName"
            type="text"
            autoComplete="given-name"
            required
            maxLength={100}
            className={inputClass}
            {...describedBy(id("firstName"), { error: err("firstName") })}
            defaultValue={defaults.firstName}
          />
        </Field>
        <Field id={id("lastName")} label="Last Name" required error={err("lastName")}>
          <input
            id={id("lastName")}
            name="lastName"
            type="text"
            autoComplete="family-name"
            required
            maxLength={100}
            className={inputClass}
            {...describedBy(id("lastName"), { error: err("lastName") })}
            defaultValue={defaults.lastName}
          />
        </Field>
      </div>
      <Field id={id("email")} label="Email" required error={err("email")}>
        <input
          id={id("email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          className={inputClass}
          {...describedBy(id("email"), { error: err("email") })}
          defaultValue={defaults.email}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("company")} label="Company" error={err("company")}>
          <input
            id={id("company")}
            name="company"
            type="text"
            autoComplete="organization"
            maxLength={200}
            className={inputClass}
            {...describedBy(id("company"), { error: err("company") })}
            defaultValue={defaults.company}
          />
        </Field>
        <Field id={id("service")} label="Service of Interest" error={err("service")}>
          <select
            id={id("service")}
            name="service"
            className={inputClass}
            {...describedBy(id("service"), { error: err("service") })}
            defaultValue={defaults.service}
          >
            <option value="">Select a service</option>
            {CONTACT_SERVICES.map((s) => (
              <option key={s} value={s}>
                {CONTACT_SERVICE_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={id("message")} label="Message" required error={err("message")}>
        <textarea
          id={id("message")}
          name="message"
          rows={6}
          required
          maxLength={5000}
          className={inputClass}
          {...describedBy(id("message"), { error: err("message") })}
          defaultValue={defaults.message}
        />
      </Field>
    </>
  );
}
