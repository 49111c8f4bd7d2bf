import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { request } from "~/lib/api-client.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { Button } from "~/ui/button.tsx";
import { EmailField } from "~/ui/email-field.tsx";
import { InputField } from "~/ui/field.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import type { Calculation } from "../calculators.ts";
import { saveDetailsSchema, type SaveDetailsValues } from "../calculators.schema.ts";

type SaveDetails = { email: string; name: string | null };

/**
 * Asks where to send the analysis and saves it through the API (which recomputes the results itself).
 * Calls onSaved with the address once stored; on failure shows the specified toast (a rate limit: the server's message).
 */
export function SaveResultsForm({
  calc,
  defaultEmail,
  onSaved,
}: {
  calc: Calculation;
  defaultEmail: string;
  onSaved: (email: string) => void;
}) {
  const uid = useId();
  // Saving goes through the JSON API, so the button waits for the page's script.
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SaveDetailsValues, unknown, SaveDetails>({
    resolver: zodResolver(saveDetailsSchema),
    defaultValues: { email: defaultEmail, name: "" },
  });

  async function onValid(details: SaveDetails) {
    const res = await request("/api/calculators/submissions", {
      json: { calculatorType: calc.calculatorType, inputs: calc.inputs, email: details.email, name: details.name },
    });
    if (res.ok) onSaved(details.email);
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
      <div className="grid gap-4 sm:grid-cols-2">
        <EmailField id={`${uid}-email`} markRequired maxLength={254} error={errors.email?.message} {...register("email")} />
        <InputField
          id={`${uid}-name`}
          label="Name"
          optional
          type="text"
          autoComplete="name"
          maxLength={100}
          error={errors.name?.message}
          {...register("name")}
        />
      </div>
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
