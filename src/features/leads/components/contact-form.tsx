import { useEffect, useId, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { CONTACT_SERVICES, CONTACT_SERVICE_LABELS, contactSchema, type ContactFormValues, type ContactInput } from "../contact.schema.ts";
import { Field, Honeypot, describedBy, inputClass } from "./field.tsx";
import { submitLead } from "./submit-lead.ts";

const REQUIRED = ["firstName", "lastName", "email", "message"] as const;

export interface ContactFormProps {
  /** Signed token of when the server rendered the form (anti-spam). */
  formToken: string;
  /** Prefilled values (a job application from /careers, a signed-in user's name). */
  initial?: Partial<ContactFormValues>;
}

/** The contact form (SPEC §2 /contact, §5): posts to /api/leads/contact; works as a plain form without JavaScript. */
export function ContactForm({ formToken, initial }: ContactFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  // Before hydration the browser's own required-field checks apply; after it, ours (with the spec's toast).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const empty: ContactFormValues = {
    firstName: "",
    lastName: "",
    email: "",
    company: "",
    service: "",
    message: "",
    website: "",
    formToken,
  };
  const defaults: ContactFormValues = { ...empty, ...initial };
  // defaultValue on each control as well: the server-rendered HTML carries the prefill and the token,
  // so the form works before (or without) hydration.
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: defaults,
  });

  function onInvalid(errs: FieldErrors<ContactFormValues>) {
    const values = getValues();
    const missing = REQUIRED.some((f) => errs[f] && !String(values[f] ?? "").trim());
    const first = Object.values(errs).find((e) => e?.message)?.message;
    toast.error("Validation Error", { description: missing || !first ? "Please fill in all required fields." : String(first) });
  }

  async function onValid(data: ContactInput) {
    const outcome = await submitLead("/api/leads/contact", data);
    if (outcome.kind === "stored") {
      toast.success("Message Sent!", { description: "Thank you for your message. We'll get back to you within 24 hours." });
      reset(empty);
    } else if (outcome.kind === "invalid") {
      for (const [name, message] of Object.entries(outcome.fields)) {
        if (name in empty) setError(name as keyof ContactFormValues, { message });
      }
      toast.error("Validation Error", { description: "Please fill in all required fields." });
    } else if (outcome.kind === "rate-limited") {
      toast.error("Error", { description: outcome.message });
    } else {
      toast.error("Error", { description: "Failed to send message. Please try again." });
    }
  }

  const err = (name: keyof ContactFormValues) => errors[name]?.message;

  return (
    <form
      method="post"
      action="/api/leads/contact"
      noValidate={hydrated}
      aria-label="Contact form"
      className="relative space-y-5"
      onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)}
    >
      <p className="text-sm text-muted">
        Fields marked{" "}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
        <span className="sr-only">as required</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("firstName")} label="First Name" required error={err("firstName")}>
          <input
            id={id("firstName")}
            type="text"
            autoComplete="given-name"
            required
            maxLength={100}
            className={inputClass}
            {...describedBy(id("firstName"), { error: err("firstName") })}
            defaultValue={defaults.firstName}
            {...register("firstName")}
          />
        </Field>
        <Field id={id("lastName")} label="Last Name" required error={err("lastName")}>
          <input
            id={id("lastName")}
            type="text"
            autoComplete="family-name"
            required
            maxLength={100}
            className={inputClass}
            {...describedBy(id("lastName"), { error: err("lastName") })}
            defaultValue={defaults.lastName}
            {...register("lastName")}
          />
        </Field>
      </div>
      <Field id={id("email")} label="Email" required error={err("email")}>
        <input
          id={id("email")}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          className={inputClass}
          {...describedBy(id("email"), { error: err("email") })}
          defaultValue={defaults.email}
          {...register("email")}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id("company")} label="Company" error={err("company")}>
          <input
            id={id("company")}
            type="text"
            autoComplete="organization"
            maxLength={200}
            className={inputClass}
            {...describedBy(id("company"), { error: err("company") })}
            defaultValue={defaults.company}
            {...register("company")}
          />
        </Field>
        <Field id={id("service")} label="Service of Interest" error={err("service")}>
          <select
            id={id("service")}
            className={inputClass}
            {...describedBy(id("service"), { error: err("service") })}
            defaultValue={defaults.service}
            {...register("service")}
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
          rows={6}
          required
          maxLength={5000}
          className={inputClass}
          {...describedBy(id("message"), { error: err("message") })}
          defaultValue={defaults.message}
          {...register("message")}
        />
      </Field>
      <Honeypot id={id("website")} inputProps={register("website")} />
      <input type="hidden" defaultValue={formToken} {...register("formToken")} />
      <Button type="submit" variant="primary" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
