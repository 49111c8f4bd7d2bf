import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cn } from "~/ui/cn.ts";
import { inputClass } from "~/ui/table.tsx";

/**
 * The books' one amount field: text typed as 1234.56 or 1,234.56 (never a number input, which a mouse wheel changes),
 * aligned right, its error below it and linked to it. `field` is react-hook-form's `register(name)`.
 */
export function AmountInput({
  id,
  label,
  labelClassName,
  error,
  readOnly,
  field,
}: {
  id: string;
  label: ReactNode;
  labelClassName: string;
  error?: string;
  readOnly?: boolean;
  field: UseFormRegisterReturn;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {/* eslint-disable-next-line no-restricted-syntax -- raw control: the books' amount field, its label given by the line or the form (sighted or not), its error smaller */}
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        readOnly={readOnly}
        className={cn(inputClass, "text-right tabular-nums", error && "border-red-700")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...field}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
