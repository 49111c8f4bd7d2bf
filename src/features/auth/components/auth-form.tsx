import type { ReactNode } from "react";
import type { FieldValues, SubmitHandler, UseFormReturn } from "react-hook-form";
import { firstMessage } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { toast } from "~/ui/toast.ts";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { authSubmit } from "./auth-rules.ts";

/**
 * An account form of /login: its rules load when focus first enters it (`preload`); a submit they refuse is told in
 * a toast titled `failureTitle` with the first problem, unless `tellInvalid` tells it its own way (and answers true).
 * The submit button fills the width, is live once the page's script runs and says `busyLabel` while `onValid` runs.
 */
export function AuthForm<Values extends FieldValues>({
  form: {
    handleSubmit,
    formState: { isSubmitting },
  },
  preload,
  onValid,
  tellInvalid,
  failureTitle,
  submitLabel,
  busyLabel,
  children,
}: {
  form: UseFormReturn<Values>;
  preload: () => void;
  onValid: SubmitHandler<Values>;
  tellInvalid?: () => boolean;
  failureTitle: string;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form
      method="post"
      noValidate
      onFocus={preload}
      onSubmit={authSubmit(
        handleSubmit(onValid, (errs) => {
          if (!tellInvalid?.()) toast.error(failureTitle, { description: firstMessage(errs) });
        }),
      )}
      className="space-y-4"
    >
      {children}
      <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
