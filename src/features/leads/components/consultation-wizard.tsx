import { useEffect, useId, useRef, useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { Field, FieldError, describedBy, inputClass } from "~/ui/field.tsx";
import {
  CONSULTATION_SERVICES,
  CONSULTATION_SERVICE_LABELS,
  PREFERRED_TIMES,
  PREFERRED_TIME_LABELS,
  REVENUE_RANGES,
  REVENUE_RANGE_LABELS,
  WIZARD_STEPS,
  consultationSchema,
  type ConsultationFormValues,
  type ConsultationInput,
} from "../consultation.schema.ts";
import { Honeypot } from "./honeypot.tsx";
import { request } from "~/lib/api-client.ts";
import { toastFailure } from "~/ui/toast-failure.ts";

type FieldName = keyof ConsultationFormValues;

const CHALLENGES_HINT = "What would you like to solve? A few sentences are enough.";

/** Which step shows a field (to go back to it when the server names it). */
function stepOf(name: string): number {
  const i = WIZARD_STEPS.findIndex((s) => name in s.schema.shape);
  return i === -1 ? 0 : i;
}

export interface ConsultationWizardProps {
  formToken: string;
  /** A signed-in user's known details. */
  initial?: Partial<ConsultationFormValues>;
  triggerLabel?: string;
  /** Mount with the dialog open (when the page loads the wizard on the button press, see consultation-button.tsx). */
  defaultOpen?: boolean;
}

/**
 * The 4-step consultation request in a modal dialog: Next only when the step is valid,
 * Previous disabled on step 1, Submit on step 4, then a confirmation with Close. Focus stays in the dialog.
 */
export function ConsultationWizard({
  formToken,
  initial,
  triggerLabel = "Schedule Your Free Consultation",
  defaultOpen = false,
}: ConsultationWizardProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [open, setOpen] = useState(defaultOpen);
  const [step, setStep] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const empty: ConsultationFormValues = {
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    companyName: "",
    annualRevenueRange: "",
    servicesInterested: [],
    challenges: "",
    preferredTime: "",
    website: "",
    formToken,
  };
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConsultationFormValues, unknown, ConsultationInput>({
    resolver: zodResolver(consultationSchema),
    mode: "onTouched",
    defaultValues: { ...empty, ...initial },
  });

  const values = watch();
  const current = WIZARD_STEPS[step]!;
  const stepValid = current.schema.safeParse(values).success;
  const last = step === WIZARD_STEPS.length - 1;

  // A new step (or the confirmation) is announced by moving focus to its heading.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step, submitted]);

  function go(to: number) {
    moved.current = true;
    setStep(Math.max(0, Math.min(WIZARD_STEPS.length - 1, to)));
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next && submitted) {
      // Done: the next request starts fresh. Closing midway keeps what was typed.
      reset({ ...empty, ...initial });
      setSubmitted(false);
      moved.current = false;
      setStep(0);
    }
  }

  function onInvalid(errs: FieldErrors<ConsultationFormValues>) {
    const first = Object.keys(errs)[0];
    if (first) go(stepOf(first));
    toast.error("Validation Error", { description: "Please fill in all required fields." });
  }

  async function onValid(data: ConsultationInput) {
    const outcome = await request<{ id: string }>("/api/leads/consultation", { json: data });
    if (outcome.ok) {
      moved.current = true;
      setSubmitted(true);
      toast.success("Consultation Requested!", { description: "We'll contact you within 24 hours to schedule your call." });
    } else if (outcome.status === 400 && Object.keys(outcome.fields).length) {
      const names = Object.keys(outcome.fields);
      for (const name of names) if (name in empty) setError(name as FieldName, { message: outcome.fields[name] });
      if (names[0]) go(stepOf(names[0]));
      toast.error("Validation Error", { description: "Please fill in all required fields." });
    } else if (outcome.status === 429) {
      toastFailure(outcome, { title: "Error" });
    } else {
      toastFailure(outcome, { title: "Error", description: "Failed to submit request. Please try again." });
    }
  }

  const err = (name: FieldName) => errors[name]?.message;
  const text = (name: FieldName, label: string, opts: { required?: boolean; type?: string; autoComplete?: string; maxLength: number }) => (
    <Field id={id(name)} label={label} required={opts.required} error={err(name)}>
      <input
        id={id(name)}
        type={opts.type ?? "text"}
        autoComplete={opts.autoComplete}
        required={opts.required}
        maxLength={opts.maxLength}
        className={inputClass}
        {...describedBy(id(name), { error: err(name) })}
        {...register(name)}
      />
    </Field>
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="accent" size="lg">
          {triggerLabel}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl sm:p-8"
          onInteractOutside={(e) => e.preventDefault()}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-2xl font-bold text-ink">Schedule Your Free Consultation</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                30 minutes with an advisor, free and without obligation.
              </Dialog.Description>
            </div>
            {submitted ? null : (
              // After submitting, the confirmation's own Close button is the one way out.
              <Dialog.Close className="rounded-md p-1 text-muted hover:bg-slate-100 hover:text-ink" aria-label="Close">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </Dialog.Close>
            )}
          </div>

          {submitted ? (
            <div className="mt-8 text-center" data-testid="consultation-submitted">
              <h3 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-ink focus:outline-none">
                Thank you, {values.firstName}!
              </h3>
              <p className="mt-3 text-muted">
                Your request is in. An advisor will email you at <strong className="text-ink">{values.email}</strong> to set up a time for
                your free 30-minute call.
              </p>
              <Dialog.Close asChild>
                <Button variant="primary" size="lg" className="mt-6">
                  Close
                </Button>
              </Dialog.Close>
            </div>
          ) : (
            <form
              noValidate
              aria-label="Consultation request"
              className="relative mt-6"
              onSubmit={(e) => {
                if (!last) {
                  // Steps 1-3: Next (or Enter in a field) moves on when the step is valid.
                  e.preventDefault();
                  if (stepValid) go(step + 1);
                  return;
                }
                void handleSubmit(onValid, onInvalid)(e);
              }}
            >
              <ol className="grid grid-cols-4 gap-2" aria-label="Steps">
                {WIZARD_STEPS.map((s, i) => (
                  <li key={s.title} aria-current={i === step ? "step" : undefined} className="text-xs font-medium sm:text-sm">
                    <span className={cn("block h-1.5 rounded-full", i <= step ? "bg-brand-700" : "bg-slate-200")} aria-hidden="true" />
                    <span className={cn("mt-2 block", i === step ? "text-brand-800" : "text-muted")}>
                      <span className="sr-only">{i < step ? "Completed: " : i === step ? "Current: " : ""}</span>
                      {s.title}
                    </span>
                  </li>
                ))}
              </ol>

              <h3 ref={headingRef} tabIndex={-1} className="mt-6 text-lg font-semibold text-ink focus:outline-none">
                Step {step + 1} of {WIZARD_STEPS.length}: {current.title}
              </h3>

              <div className="mt-4 space-y-5">
                {step === 0 ? (
                  <>
                    <div className="grid gap-5 sm:grid-cols-2">
                      {text("firstName", "First Name", { required: true, autoComplete: "given-name", maxLength: 100 })}
                      {text("lastName", "Last Name", { required: true, autoComplete: "family-name", maxLength: 100 })}
                    </div>
                    {text("email", "Email", { required: true, type: "email", autoComplete: "email", maxLength: 254 })}
                    {text("phone", "Phone", { type: "tel", autoComplete: "tel", maxLength: 40 })}
                  </>
                ) : null}

                {step === 1 ? (
                  <>
                    {text("companyName", "Company Name", { required: true, autoComplete: "organization", maxLength: 200 })}
                    <Field id={id("annualRevenueRange")} label="Annual Revenue" error={err("annualRevenueRange")}>
                      <select
                        id={id("annualRevenueRange")}
                        className={inputClass}
                        {...describedBy(id("annualRevenueRange"), { error: err("annualRevenueRange") })}
                        {...register("annualRevenueRange")}
                      >
                        <option value="">Select a range</option>
                        {REVENUE_RANGES.map((r) => (
                          <option key={r} value={r}>
                            {REVENUE_RANGE_LABELS[r]}
                          </option>
                        ))}
                      </select>
                    </Field>
                  </>
                ) : null}

                {step === 2 ? (
                  <>
                    <fieldset aria-describedby={`${id("services")}-hint${err("servicesInterested") ? ` ${id("services")}-error` : ""}`}>
                      <legend className="text-sm font-medium text-ink">
                        Services Interested In
                        <span aria-hidden="true" className="text-red-700">
                          {" "}
                          *
                        </span>
                      </legend>
                      <p id={`${id("services")}-hint`} className="mt-1 text-sm text-muted">
                        Choose at least one.
                      </p>
                      <div className="mt-2 grid gap-2 sm:grid-cols-2">
                        {CONSULTATION_SERVICES.map((s) => (
                          <label
                            key={s}
                            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 text-ink has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                          >
                            <input type="checkbox" value={s} className="h-4 w-4 accent-brand-700" {...register("servicesInterested")} />
                            {CONSULTATION_SERVICE_LABELS[s]}
                          </label>
                        ))}
                      </div>
                      <FieldError id={`${id("services")}-error`} message={err("servicesInterested")} />
                    </fieldset>
                    <Field id={id("challenges")} label="Your Current Challenges" required error={err("challenges")} hint={CHALLENGES_HINT}>
                      <textarea
                        id={id("challenges")}
                        rows={5}
                        required
                        maxLength={5000}
                        className={inputClass}
                        {...describedBy(id("challenges"), { error: err("challenges"), hint: CHALLENGES_HINT })}
                        {...register("challenges")}
                      />
                    </Field>
                  </>
                ) : null}

                {step === 3 ? (
                  <fieldset>
                    <legend className="text-sm font-medium text-ink">
                      Preferred Time for the Call <span className="font-normal text-muted">(optional)</span>
                    </legend>
                    <div className="mt-2 grid gap-2">
                      {["", ...PREFERRED_TIMES].map((t) => (
                        <label
                          key={t || "none"}
                          className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 text-ink has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                        >
                          <input type="radio" value={t} className="h-4 w-4 accent-brand-700" {...register("preferredTime")} />
                          {t ? PREFERRED_TIME_LABELS[t as (typeof PREFERRED_TIMES)[number]] : "No preference"}
                        </label>
                      ))}
                    </div>
                    <p className="mt-3 text-sm text-muted">We'll confirm an exact time by email within 24 hours.</p>
                  </fieldset>
                ) : null}
              </div>

              <Honeypot id={id("website")} inputProps={register("website")} />

              <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-200 pt-5">
                <Button variant="secondary" disabled={step === 0} onClick={() => go(step - 1)}>
                  Previous
                </Button>
                <div className="flex items-center gap-3">
                  {!stepValid ? (
                    <p id={id("next-hint")} className="hidden text-sm text-muted sm:block">
                      Fill in the required fields (*) to continue.
                    </p>
                  ) : null}
                  {/* Distinct keys: the Submit button must be a new element, never the Next button turned into a submit mid-click. */}
                  {last ? (
                    <Button key="submit" type="submit" variant="accent" disabled={isSubmitting}>
                      {isSubmitting ? "Submitting..." : "Submit Request"}
                    </Button>
                  ) : (
                    <Button
                      key="next"
                      type="submit"
                      variant="primary"
                      disabled={!stepValid}
                      aria-describedby={!stepValid ? id("next-hint") : undefined}
                    >
                      Next
                    </Button>
                  )}
                </div>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
