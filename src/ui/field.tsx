import type { ComponentProps, ReactNode } from "react";

/** What an input typing a decimal (an amount, a quantity) carries: a phone's number pad, no browser suggestions. */
export const decimalField = { inputMode: "decimal", autoComplete: "off" } as const;

/** The look of a text input, select or textarea (a red border while aria-invalid="true"). */
export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-invalid:border-red-700";

export interface FieldProps {
  /** The control's id; the hint and the error get `${id}-hint` and `${id}-error`. */
  id: string;
  label: string;
  /** Marks the label with a "*" (hidden from screen readers: the control carries `required` itself). */
  required?: boolean;
  /** Marks a field that is not required with "(optional)" (part of its accessible name). Default true. */
  showOptional?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}

/**
 * Label, control, optional hint and the field's error. The control inside links the hint and the error
 * with the attributes from describedBy (given the same id, hint and error).
 */
export function Field({ id, label, required, showOptional = true, error, hint, children, className }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : showOptional ? (
          <span className="font-normal text-muted"> (optional)</span>
        ) : null}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A field's hint and its error under its control, as `${id}-hint` and `${id}-error` (each only when there is one). */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

/** An error message under a control or a group (rendered only when there is a message). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/**
 * aria-invalid and aria-describedby for a control inside <Field>: pass the same hint and error as the Field,
 * so the control names exactly the hint and error elements that are rendered.
 */
export function describedBy(id: string, { hint, error }: { hint?: string; error?: string }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  };
}

interface InputFieldOwnProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Marks a field that is not required with "(optional)". */
  optional?: boolean;
  /** Marks a required field's label with "*" (forms that say "Fields marked * are required"). */
  markRequired?: boolean;
  /** Classes of the field's wrapper (label, control, hint and error); `className` goes to the control. */
  fieldClassName?: string;
  /** A sign shown inside the input before the value, such as "$" (hidden from screen readers: the label says it). */
  prefix?: string;
}

export type InputFieldProps = InputFieldOwnProps &
  (
    | ({ as?: "input" } & ComponentProps<"input">)
    | ({ as: "textarea" } & ComponentProps<"textarea">)
    | ({ as: "select" } & ComponentProps<"select">)
  );

/**
 * The form field in one element: a label, a text input (or a textarea, or a select with its options as children)
 * inside <Field>, its hint and error linked. `optional` marks a field that is not required with "(optional)";
 * required ones carry no mark unless `markRequired` (the sign-in and account screens, where nearly every field is
 * required). Spread react-hook-form's `register(name)` on it like on an <input>.
 */
export function InputField({ id, label, error, hint, optional, markRequired, fieldClassName, prefix, ...control }: InputFieldProps) {
  const shared = { id, className: prefix ? `${inputClass} pl-7` : inputClass, ...describedBy(id, { hint, error }) };
  return (
    <Field
      id={id}
      label={label}
      required={markRequired}
      showOptional={Boolean(optional)}
      error={error}
      hint={hint}
      className={fieldClassName}
    >
      {control.as === "textarea" ? (
        <textarea {...shared} {...withoutAs(control)} />
      ) : control.as === "select" ? (
        <select {...shared} {...withoutAs(control)} />
      ) : prefix ? (
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 mt-1 flex items-center pl-3 text-muted">
            {prefix}
          </span>
          <input {...shared} {...withoutAs(control)} />
        </div>
      ) : (
        <input {...shared} {...withoutAs(control)} />
      )}
    </Field>
  );
}

function withoutAs<T extends { as?: string }>({ as: _as, ...rest }: T): Omit<T, "as"> {
  return rest;
}

/**
 * The one checkbox: a box, its label beside it and an optional hint under the label (linked). `tone="danger"` for a
 * box that confirms something that cannot be taken back. Spread react-hook-form's `register(name)` on it, or pass
 * `checked` and `onChange`.
 */
export function CheckboxField({
  id,
  label,
  hint,
  tone = "brand",
  fieldClassName,
  labelClassName = "text-sm text-ink",
  ...control
}: Omit<ComponentProps<"input">, "type"> & {
  id: string;
  label: ReactNode;
  hint?: string;
  tone?: "brand" | "danger";
  /** Classes of the wrapper (box, label and hint). */
  fieldClassName?: string;
  labelClassName?: string;
}) {
  return (
    <div className={`flex items-start gap-2 ${fieldClassName ?? ""}`}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={`mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 focus:ring-2 focus:ring-brand-600 ${tone === "danger" ? "accent-red-700" : "accent-brand-700"}`}
        {...control}
      />
      <div>
        <label htmlFor={id} className={labelClassName}>
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
