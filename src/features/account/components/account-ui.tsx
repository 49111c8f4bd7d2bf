import { useId, type ReactNode } from "react";
import type { FieldValues, SubmitHandler, UseFormReturn } from "react-hook-form";
import { toast } from "~/ui/toast.ts";
import { firstMessage } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";

export function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-muted">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * A section holding one form: its fields (`children`), then the submit button, live once the page's script runs and
 * showing `busyLabel` while `onValid` runs. A submit the form's rules refuse is told in a toast titled `failureTitle`.
 * `after` follows the form (the re-authentication dialog).
 */
export function FormSection<Values extends FieldValues, Output>({
  title,
  intro,
  form: {
    handleSubmit,
    formState: { isSubmitting },
  },
  onValid,
  failureTitle,
  submitLabel,
  busyLabel,
  children,
  after,
}: {
  title: string;
  intro: ReactNode;
  form: UseFormReturn<Values, unknown, Output>;
  onValid: SubmitHandler<Output>;
  failureTitle: string;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  const uid = useId();
  const hydrated = useHydrated();
  return (
    <Section id={`${uid}-title`} title={title} intro={intro}>
      <form
        onSubmit={(e) => void handleSubmit(onValid, (errs) => toast.error(failureTitle, { description: firstMessage(errs) }))(e)}
        noValidate
        className="space-y-4"
      >
        {children}
        <Button type="submit" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </form>
      {after}
    </Section>
  );
}
