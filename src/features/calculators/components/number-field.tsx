import type { InputHTMLAttributes, ReactNode } from "react";
import { cn } from "~/ui/cn.ts";

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-700";

export interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
}

/** A label, the control, an optional hint and the inline error, linked for screen readers. */
export function Field({ id, label, hint, error, required, children }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby / aria-invalid for a control rendered inside <Field>. */
export function describedBy(id: string, o: { hint?: string; error?: string }) {
  const ids = [o.hint ? `${id}-hint` : null, o.error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { "aria-describedby": ids || undefined, "aria-invalid": o.error ? true : undefined };
}

export interface NumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** Shows a $ before the value. */
  currency?: boolean;
}

/** A number input with the spec's bounds as attributes; the form's schema explains a value out of range. */
export function NumberInput({ id, label, hint, error, currency, className, ...input }: NumberInputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} required={input.required}>
      <div className="relative">
        {currency ? (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 mt-1 flex items-center pl-3 text-muted">
            $
          </span>
        ) : null}
        <input
          id={id}
          type="number"
          className={cn(inputClass, currency && "pl-7", className)}
          {...describedBy(id, { hint, error })}
          {...input}
        />
      </div>
    </Field>
  );
}
