import type { InputHTMLAttributes } from "react";
import { cn } from "~/ui/cn.ts";
import { Field, describedBy, inputClass } from "~/ui/field.tsx";

export interface NumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** Shows a $ before the value. */
  currency?: boolean;
}

/**
 * A number input with the spec's bounds as attributes; the form's schema explains a value out of range.
 * Required inputs carry the "*"; the others (a default or context only) go without the "(optional)" marker.
 */
export function NumberInput({ id, label, hint, error, currency, className, ...input }: NumberInputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} required={input.required} showOptional={false}>
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
