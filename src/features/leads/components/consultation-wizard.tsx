import { useEffect, useId, useRef, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { WIZARD_STEPS, consultationSchema, type ConsultationFormValues, type ConsultationInput } from "../consultation.schema.ts";
import { sendConsultationRequest } from "../leads.api.ts";
import { Modal } from "~/ui/modal.tsx";
import { Honeypot } from "./honeypot.tsx";
import { StepFields, StepList } from "./consultation-steps.tsx";
import { ConsultationThanks, WizardButtons } from "./consultation-wizard-parts.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";

type FieldName = keyof ConsultationFormValues;

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
    const outcome = await sendConsultationRequest(data);
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

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Schedule Your Free Consultation"
      description="30 minutes with an advisor, free and without obligation."
      trigger={
        <Button variant="accent" size="lg">
          {triggerLabel}
        </Button>
      }
      // After submitting, the confirmation's own Close button is the one way out; typing is never lost to a stray click.
      closeButton={!submitted}
      dismissOnOutsideClick={false}
    >
      {submitted ? (
        <ConsultationThanks headingRef={headingRef} firstName={values.firstName} email={values.email} onClose={() => onOpenChange(false)} />
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
          <StepList step={step} />

          <h3 ref={headingRef} tabIndex={-1} className="mt-6 text-lg font-semibold text-ink focus:outline-none">
            Step {step + 1} of {WIZARD_STEPS.length}: {current.title}
          </h3>

          <StepFields step={step} id={id} register={register} errors={errors} />

          <Honeypot id={id("website")} inputProps={register("website")} />

          <WizardButtons
            step={step}
            last={last}
            stepValid={stepValid}
            submitting={isSubmitting}
            hintId={id("next-hint")}
            onPrevious={() => go(step - 1)}
          />
        </form>
      )}
    </Modal>
  );
}
