import type { ReactNode } from "react";
import type { FieldValues, SubmitHandler, UseFormReturn } from "react-hook-form";
import { Button } from "~/ui/button.tsx";

/**
 * A form of the Closing section (lock date, unlock, fiscal year): a bordered box named by its heading `title`, its
 * fields (`children`), then the submit button, which says `busyLabel` while `onValid` runs. `id` is the form's
 * prefix for ids (its fields' and the heading's, `${id}-heading`); `disabled` holds the button back besides.
 */
export function ClosingForm<Values extends FieldValues, Output>({
  id,
  title,
  form: {
    handleSubmit,
    formState: { isSubmitting },
  },
  onValid,
  submitLabel,
  busyLabel,
  danger = false,
  disabled = false,
  children,
}: {
  id: string;
  title: string;
  form: UseFormReturn<Values, unknown, Output>;
  onValid: SubmitHandler<Output>;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onValid)(e)}
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-lg border border-slate-200 p-4"
    >
      <h3 id={`${id}-heading`} className="text-base font-semibold text-ink">
        {title}
      </h3>
      {children}
      <Button type="submit" variant={danger ? "danger" : undefined} disabled={disabled || isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
