import type { ComponentProps } from "react";

export const authInputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-invalid:border-red-700";

/** A labelled input with its error linked by aria-describedby. */
export function AuthField({
  id,
  label,
  error,
  optional,
  ...input
}: { id: string; label: string; error?: string; optional?: boolean } & ComponentProps<"input">) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {optional ? <span className="font-normal text-muted"> (optional)</span> : null}
      </label>
      <input
        id={id}
        className={authInputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
