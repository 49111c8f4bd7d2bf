import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import type { ContactFormValues } from "../contact.schema.ts";
import { ContactFields, type FieldErrors } from "./contact-fields.tsx";
import { Honeypot } from "./honeypot.tsx";
import { request } from "~/lib/api-client.ts";
import { toastFailure } from "~/ui/toast-failure.ts";

type FieldName = keyof ContactFormValues;

/** The form's fields in page order (the first invalid one gets the focus). */
const FIELDS = [
  "firstName",
  "lastName",
  "email",
  "company",
  "service",
  "message",
  "website",
  "formToken",
] as const satisfies readonly FieldName[];
const REQUIRED = ["firstName", "lastName", "email", "message"] as const;

/**
 * The shared schema (zod, the same rules as POST /api/leads/contact) is not part of the page's first load:
 * it loads when the visitor first focuses the form, or at the latest on submit.
 */
const loadSchema = () => import("../contact.schema.ts");

function readValues(form: HTMLFormElement): ContactFormValues {
  const data = new FormData(form);
  return Object.fromEntries(FIELDS.map((name) => [name, String(data.get(name) ?? "")])) as ContactFormValues;
}

/** The first message for each field, as the schema reports them (in the schema's field order). */
async function validate(values: ContactFormValues) {
  const { contactSchema } = await loadSchema();
  const parsed = contactSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} as FieldErrors };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0];
    if (typeof name === "string" && (FIELDS as readonly string[]).includes(name) && !errors[name as FieldName]) {
      errors[name as FieldName] = issue.message;
    }
  }
  return { data: null, errors };
}

export interface ContactFormProps {
  /** Signed token of when the server rendered the form (anti-spam). */
  formToken: string;
  /** Prefilled values (a job application from /careers, a signed-in user's name). */
  initial?: Partial<ContactFormValues>;
}

/**
 * The contact form of /contact: posts to /api/leads/contact; works as a plain form without JavaScript.
 * The controls are uncontrolled: the server-rendered HTML carries the prefill and the token (defaultValue), so
 * the form works before (or without) hydration, and what is typed before hydration is kept.
 */
export function ContactForm({ formToken, initial }: ContactFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  // Before hydration the browser's own required-field checks apply; after it, ours (with the spec's toast).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // After a submit attempt, a field is checked again as it changes (until the form is sent and cleared).
  const attempted = useRef(false);

  const defaults: ContactFormValues = {
    firstName: "",
    lastName: "",
    email: "",
    company: "",
    service: "",
    message: "",
    website: "",
    ...initial,
    formToken,
  };

  function focusFirst(errs: FieldErrors) {
    const first = FIELDS.find((name) => errs[name]);
    const el = first ? formRef.current?.elements.namedItem(first) : null;
    if (el instanceof HTMLElement) el.focus();
  }

  function clear(form: HTMLFormElement) {
    for (const name of FIELDS) {
      const el = form.elements.namedItem(name);
      if (
        name !== "formToken" &&
        (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)
      ) {
        el.value = "";
      }
    }
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    const form = e.currentTarget;
    attempted.current = true;
    setSubmitting(true);
    try {
      const values = readValues(form);
      const { data, errors: found } = await validate(values);
      if (!data) {
        setErrors(found);
        focusFirst(found);
        const missing = REQUIRED.some((f) => found[f] && !String(values[f] ?? "").trim());
        const first = Object.values(found)[0];
        toast.error("Validation Error", { description: missing || !first ? "Please fill in all required fields." : first });
        return;
      }
      setErrors({});
      const outcome = await request<{ id: string }>("/api/leads/contact", { json: data });
      if (outcome.ok) {
        toast.success("Message Sent!", { description: "Thank you for your message. We'll get back to you within 24 hours." });
        clear(form);
        attempted.current = false;
      } else if (outcome.status === 400 && Object.keys(outcome.fields).length) {
        const named: FieldErrors = {};
        for (const [name, message] of Object.entries(outcome.fields)) {
          if ((FIELDS as readonly string[]).includes(name)) named[name as FieldName] = message;
        }
        setErrors(named);
        toast.error("Validation Error", { description: "Please fill in all required fields." });
      } else if (outcome.status === 429) {
        toastFailure(outcome, { title: "Error" });
      } else {
        toastFailure(outcome, { title: "Error", description: "Failed to send message. Please try again." });
      }
    } catch {
      // The schema's chunk could not be loaded (offline, or a new deployment replaced it).
      toast.error("Error", { description: "Failed to send message. Please try again." });
    } finally {
      setSubmitting(false);
    }
  }

  async function onChange(e: FormEvent<HTMLFormElement>) {
    const form = e.currentTarget;
    const target = e.target;
    const name = (
      target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement ? target.name : ""
    ) as FieldName;
    if (!attempted.current || !(FIELDS as readonly string[]).includes(name)) return;
    try {
      const { errors: found } = await validate(readValues(form));
      setErrors((prev) => {
        if (prev[name] === found[name]) return prev;
        const next = { ...prev };
        if (found[name]) next[name] = found[name];
        else delete next[name];
        return next;
      });
    } catch {
      // Checked again on submit.
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      action="/api/leads/contact"
      noValidate={hydrated}
      aria-label="Contact form"
      className="relative space-y-5"
      onFocus={() => void loadSchema().catch(() => {})}
      onSubmit={(e) => void onSubmit(e)}
      onChange={(e) => void onChange(e)}
    >
      <p className="text-sm text-muted">
        Fields marked{" "}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
        <span className="sr-only">as required</span> are required.
      </p>
      <ContactFields id={id} errors={errors} defaults={defaults} />
      <Honeypot id={id("website")} inputProps={{ name: "website", defaultValue: defaults.website }} />
      <input type="hidden" name="formToken" defaultValue={formToken} />
      <Button type="submit" variant="primary" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
