import { useId } from "react";
import { useForm } from "react-hook-form";
import { toastFailure } from "~/ui/toast-failure.ts";
import { Button } from "~/ui/button.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import type { Calculation } from "../calculators.ts";
import { saveSubmission } from "../calculators.api.ts";

/**
 * Saves the results through the API (which recomputes them itself) and has the analysis sent to the account's own
 * address: the form asks for nothing. Calls onSaved with that address once stored; on failure shows the specified
 * toast (a rate limit: the server's message).
 */
export function SaveResultsForm({ calc, email, onSaved }: { calc: Calculation; email: string; onSaved: (email: string) => void }) {
  const uid = useId();
  // Saving goes through the JSON API, so the button waits for the page's script.
  const hydrated = useHydrated();
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = useForm();

  async function onValid() {
    const res = await saveSubmission(calc);
    if (res.ok) onSaved(email);
    // The specified text for a failed save; a rate limit tells the server's message and when to retry.
    else toastFailure(res, { title: "Error", description: "Failed to save results. Please try again." });
  }

  return (
    <form
      noValidate
      aria-labelledby={`${uid}-heading`}
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-6"
      onSubmit={(e) => void handleSubmit(onValid)(e)}
    >
      <h2 id={`${uid}-heading`} className="text-xl font-bold text-ink">
        Save and email your results
      </h2>
      <p className="text-sm text-muted">We will email you a detailed analysis with a PDF copy, and keep the results in your account.</p>
      <p className="text-sm text-ink" data-testid="save-recipient">
        The analysis goes to your account&apos;s email address, <strong className="break-all">{email}</strong>.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <Button type="submit" className="shrink-0 self-start" disabled={!hydrated || isSubmitting} aria-describedby={`${uid}-lead`}>
          {isSubmitting ? "Saving..." : "Save Results"}
        </Button>
        <p id={`${uid}-lead`} className="text-sm text-slate-700" data-testid="save-lead-notice">
          Saving also sends your name, email and these figures to Ledgerline Advisors, so that an advisor can follow up with you.
        </p>
      </div>
    </form>
  );
}
