import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { cn } from "~/ui/cn.ts";
import { FieldError, InputField } from "~/ui/field.tsx";
import {
  CONSULTATION_SERVICES,
  CONSULTATION_SERVICE_LABELS,
  PREFERRED_TIMES,
  PREFERRED_TIME_LABELS,
  REVENUE_RANGES,
  REVENUE_RANGE_LABELS,
  WIZARD_STEPS,
  type ConsultationFormValues,
} from "../consultation.schema.ts";

type FieldName = keyof ConsultationFormValues;

const CHALLENGES_HINT = "What would you like to solve? A few sentences are enough.";

/** The wizard's steps, the current one marked (for sight and for screen readers). */
export function StepList({ step }: { step: number }) {
  return (
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
  );
}

/** The fields of one step of the consultation wizard. */
export function StepFields({
  step,
  id,
  register,
  errors,
}: {
  step: number;
  id: (name: string) => string;
  register: UseFormRegister<ConsultationFormValues>;
  errors: FieldErrors<ConsultationFormValues>;
}) {
  const err = (name: FieldName) => errors[name]?.message;
  const text = (name: FieldName, label: string, opts: { required?: boolean; type?: string; autoComplete?: string; maxLength: number }) => (
    <InputField
      id={id(name)}
      label={label}
      markRequired={opts.required}
      optional={!opts.required}
      error={err(name)}
      type={opts.type ?? "text"}
      autoComplete={opts.autoComplete}
      required={opts.required}
      maxLength={opts.maxLength}
      {...register(name)}
    />
  );

  return (
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
          <InputField
            as="select"
            id={id("annualRevenueRange")}
            label="Annual Revenue"
            optional
            error={err("annualRevenueRange")}
            {...register("annualRevenueRange")}
          >
            <option value="">Select a range</option>
            {REVENUE_RANGES.map((r) => (
              <option key={r} value={r}>
                {REVENUE_RANGE_LABELS[r]}
              </option>
            ))}
          </InputField>
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
                  {/* eslint-disable-next-line no-restricted-syntax -- raw control: a choice card, the whole card its label (a checkbox of the group above) */}
                  <input type="checkbox" value={s} className="h-4 w-4 accent-brand-700" {...register("servicesInterested")} />
                  {CONSULTATION_SERVICE_LABELS[s]}
                </label>
              ))}
            </div>
            <FieldError id={`${id("services")}-error`} message={err("servicesInterested")} />
          </fieldset>
          <InputField
            as="textarea"
            id={id("challenges")}
            label="Your Current Challenges"
            markRequired
            error={err("challenges")}
            hint={CHALLENGES_HINT}
            rows={5}
            required
            maxLength={5000}
            {...register("challenges")}
          />
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
                {/* eslint-disable-next-line no-restricted-syntax -- raw control: a choice card, the whole card its label (a radio button of the group above) */}
                <input type="radio" value={t} className="h-4 w-4 accent-brand-700" {...register("preferredTime")} />
                {t ? PREFERRED_TIME_LABELS[t as (typeof PREFERRED_TIMES)[number]] : "No preference"}
              </label>
            ))}
          </div>
          <p className="mt-3 text-sm text-muted">We'll confirm an exact time by email within 24 hours.</p>
        </fieldset>
      ) : null}
    </div>
  );
}
