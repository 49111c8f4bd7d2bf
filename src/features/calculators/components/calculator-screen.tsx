import { useEffect, useRef, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { calculate, CALCULATOR_TITLES, reportFor, type Calculation, type CalculatorType, type SavedSubmission } from "../calculators.ts";
import type { CalculatorQueryResult, RndFormValues, RoiFormValues } from "../calculators.schema.ts";
import { formatSavedAt } from "./format-date.ts";
import { ResultsView } from "./results-view.tsx";
import { RndForm, emptyRndValues } from "./rnd-form.tsx";
import { RoiForm, emptyRoiValues } from "./roi-form.tsx";
import { SaveResultsForm } from "./save-results-form.tsx";

const INTROS: Record<CalculatorType, string> = {
  roi: "Enter your current and projected yearly figures and the cost of the investment to see annual savings, ROI and payback period.",
  rnd_tax_credit:
    "Enter your research wages, supplies and contractor costs to estimate your qualified research expenses and R&D tax credit.",
};

type Phase = { kind: "form" } | { kind: "results"; calc: Calculation; saved: SavedSubmission | null } | { kind: "saved"; email: string };

/**
 * One calculator: the input form, then on Calculate the results with a Save form; saving replaces the
 * results with the confirmation. A reopened saved result starts on its results.
 */
export function CalculatorScreen({
  type,
  opened,
  prefill,
  accountEmail,
}: {
  type: CalculatorType;
  opened: SavedSubmission | null;
  /** A submission of the form without JavaScript, checked and computed by the server. */
  prefill: CalculatorQueryResult | null;
  /** The signed-in account's address: where saved results are mailed. */
  accountEmail: string;
}) {
  const [phase, setPhase] = useState<Phase>(
    opened
      ? { kind: "results", calc: opened, saved: opened }
      : prefill?.calc
        ? { kind: "results", calc: prefill.calc, saved: null }
        : { kind: "form" },
  );
  const [values, setValues] = useState<RoiFormValues | RndFormValues>(
    opened?.inputs ?? prefill?.values ?? (type === "roi" ? emptyRoiValues : emptyRndValues),
  );
  // Shown until the next successful Calculate (the form remounts when going back from the results).
  const [serverErrors, setServerErrors] = useState<FieldErrors | undefined>(() =>
    prefill && !prefill.calc
      ? Object.fromEntries(Object.entries(prefill.fields).map(([k, message]) => [k, { type: "server", message }]))
      : undefined,
  );

  const focusRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (phase.kind !== "form") focusRef.current?.focus();
  }, [phase]);

  function onCalculate(calc: Calculation) {
    setValues(calc.inputs);
    setServerErrors(undefined);
    setPhase({ kind: "results", calc, saved: null });
  }

  return (
    <>
      <ButtonLink to="/calculators" variant="ghost" className="-ml-4 mb-6">
        <span aria-hidden="true">←</span> Back to Calculators
      </ButtonLink>
      <h1 className="text-4xl font-bold text-ink">{CALCULATOR_TITLES[type]}</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">{INTROS[type]}</p>
      <div className="mt-10">
        {phase.kind === "form" ? (
          type === "roi" ? (
            <RoiForm
              initial={values as RoiFormValues}
              serverErrors={serverErrors}
              onCalculate={(inputs) => onCalculate(calculate({ calculatorType: "roi", inputs }))}
            />
          ) : (
            <RndForm
              initial={values as RndFormValues}
              serverErrors={serverErrors}
              onCalculate={(inputs) => onCalculate(calculate({ calculatorType: "rnd_tax_credit", inputs }))}
            />
          )
        ) : phase.kind === "results" ? (
          <div className="space-y-10">
            <ResultsView ref={focusRef} report={reportFor(phase.calc)} />
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => setPhase({ kind: "form" })}>
                {phase.saved ? "Edit and recalculate" : "Edit inputs"}
              </Button>
            </div>
            {phase.saved ? (
              <p className="text-muted">
                Saved <time dateTime={phase.saved.createdAt}>{formatSavedAt(phase.saved.createdAt)}</time>; the detailed analysis was sent
                to {phase.saved.email}.
              </p>
            ) : (
              <SaveResultsForm calc={phase.calc} email={accountEmail} onSaved={(email) => setPhase({ kind: "saved", email })} />
            )}
          </div>
        ) : (
          <section aria-labelledby="results-saved-heading" className="rounded-lg border border-accent-600 bg-emerald-50 p-8">
            <h2 id="results-saved-heading" ref={focusRef} tabIndex={-1} className="text-2xl font-bold text-ink">
              Results Saved!
            </h2>
            <p className="mt-2 text-ink">
              A detailed analysis has been sent to {phase.email}. You can reopen these results any time from the calculators page.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button onClick={() => setPhase({ kind: "form" })}>New calculation</Button>
              <ButtonLink to="/calculators" variant="secondary">
                View saved results
              </ButtonLink>
            </div>
          </section>
        )}
      </div>
    </>
  );
}
