import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { lazyZodResolver, setServerErrors, submitOrTell } from "~/lib/form.ts";
import { useHydrated } from "~/ui/use-hydrated.ts";
import type { ContactFormValues, ContactInput } from "../contact.schema.ts";
import { CONTACT_PATH, sendContactMessage } from "../leads.api.ts";
import { ContactFields } from "./contact-fields.tsx";
import { Honeypot } from "./honeypot.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";

type FieldName = keyof ContactFormValues;

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
const FAILED = "Failed to send message. Please try again.";

/**
 * The shared schema (zod, the same rules as POST /api/leads/contact) is not part of the page's first load:
 * it loads when the visitor first focuses the form, or at the latest on submit.
 */
const resolver = lazyZodResolver(() => import("../contact.schema.ts").then((rules) => rules.contactSchema));

export interface ContactFormProps {
  /** Signed token of when the server rendered the form (anti-spam). */
  formToken: string;
  /** Prefilled values (a job application from /careers, a signed-in user's name). */
  initial?: Partial<ContactFormValues>;
}

/**
 * The contact form of /contact: posts to /api/leads/contact; works as a plain form without JavaScript.
 * The controls are uncontrolled: the server-rendered HTML carries the prefill and the token (defaultValue, and no
 * defaultValues for react-hook-form, which reads the inputs), so the form works before (or without) hydration, and
 * what is typed before hydration is kept. After a failed submit, a field is checked again as it changes.
 */
export function ContactForm({ formToken, initial }: ContactFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  // Before hydration the browser's own required-field checks apply; after it, ours (with the spec's toast).
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactInput>({ resolver });

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

  async function onValid(data: ContactInput) {
    const outcome = await sendContactMessage(data);
    if (outcome.ok) {
      // A signed-in client's message went to her conversation with the firm (decision 100): she is told where.
      const where = outcome.data.conversation
        ? `It is in your conversation with the firm: Books, then Messages (${outcome.data.conversation}).`
        : "Thank you for your message. We'll get back to you within 24 hours.";
      toast.success("Message Sent!", { description: where });
      // Cleared, prefill included; the token stays.
      reset({ firstName: "", lastName: "", email: "", company: "", service: "", message: "", website: "", formToken });
    } else if (outcome.status === 400 && Object.keys(outcome.fields).length) {
      setServerErrors(setError, outcome.fields, FIELDS);
      toast.error("Validation Error", { description: "Please fill in all required fields." });
    } else if (outcome.status === 429) {
      toastFailure(outcome, { title: "Error" });
    } else {
      toastFailure(outcome, { title: "Error", description: FAILED });
    }
  }

  function onInvalid(found: typeof errors) {
    const values = getValues();
    const missing = REQUIRED.some((f) => found[f] && !String(values[f] ?? "").trim());
    const first = FIELDS.map((f) => found[f]?.message).find(Boolean);
    toast.error("Validation Error", { description: missing || !first ? "Please fill in all required fields." : first });
  }

  return (
    <form
      method="post"
      action={CONTACT_PATH}
      noValidate={hydrated}
      aria-label="Contact form"
      className="relative space-y-5"
      onFocus={resolver.preload}
      // The schema's chunk could not be loaded (offline, or a new deployment replaced it).
      onSubmit={submitOrTell(handleSubmit(onValid, onInvalid), () => toast.error("Error", { description: FAILED }))}
    >
      <p className="text-sm text-muted">
        Fields marked{" "}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
        <span className="sr-only">as required</span> are required.
      </p>
      <ContactFields id={id} errors={errors} defaults={defaults} register={register} />
      <Honeypot id={id("website")} inputProps={{ defaultValue: defaults.website, ...register("website") }} />
      <input type="hidden" defaultValue={formToken} {...register("formToken")} />
      <Button type="submit" variant="primary" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
