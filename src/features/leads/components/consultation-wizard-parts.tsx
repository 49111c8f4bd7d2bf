import type { RefObject } from "react";
import { Button } from "~/ui/button.tsx";

/** The wizard's last view: thanks, where the advisor will write, and Close (the dialog's one way out then). */
export function ConsultationThanks({
  headingRef,
  firstName,
  email,
  onClose,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  firstName: string;
  email: string;
  onClose: () => void;
}) {
  return (
    <div className="mt-8 text-center" data-testid="consultation-submitted">
      <h3 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-ink focus:outline-none">
        Thank you, {firstName}!
      </h3>
      <p className="mt-3 text-muted">
        Your request is in. An advisor will email you at <strong className="text-ink">{email}</strong> to set up a time for your free
        30-minute call.
      </p>
      <Button variant="primary" size="lg" className="mt-6" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}

/** Previous, and Next (steps 1-3, once the step is valid) or Submit Request (step 4). */
export function WizardButtons({
  step,
  last,
  stepValid,
  submitting,
  hintId,
  onPrevious,
}: {
  step: number;
  last: boolean;
  stepValid: boolean;
  submitting: boolean;
  hintId: string;
  onPrevious: () => void;
}) {
  return (
    <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-200 pt-5">
      <Button variant="secondary" disabled={step === 0} onClick={onPrevious}>
        Previous
      </Button>
      <div className="flex items-center gap-3">
        {!stepValid ? (
          <p id={hintId} className="hidden text-sm text-muted sm:block">
            Fill in the required fields (*) to continue.
          </p>
        ) : null}
        {/* Distinct keys: the Submit button must be a new element, never the Next button turned into a submit mid-click. */}
        {last ? (
          <Button key="submit" type="submit" variant="accent" disabled={submitting}>
            {submitting ? "Submitting..." : "Submit Request"}
          </Button>
        ) : (
          <Button key="next" type="submit" variant="primary" disabled={!stepValid} aria-describedby={!stepValid ? hintId : undefined}>
            Next
          </Button>
        )}
      </div>
    </div>
  );
}
