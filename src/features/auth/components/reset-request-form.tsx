import { useId } from "react";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { ResetRequestInput } from "../auth.schema.ts";
import { InputField } from "~/ui/field.tsx";
import { firstError, useAuthForm } from "./use-auth-form.ts";

const RESET_REQUEST_FIELDS = ["email"] as const;

export function ResetRequestForm({ onDone }: { onDone: (email: string) => void }) {
  const uid = useId();
  const { errors, submitting, hydrated, handleSubmit, formProps } = useAuthForm({
    fields: RESET_REQUEST_FIELDS,
    schema: (rules) => rules.resetRequestSchema,
  });

  async function onValid(data: ResetRequestInput) {
    const res = await request("/api/auth/request-password-reset", { json: { email: data.email, redirectTo: "/reset-password" } });
    if (!res.ok) {
      toastFailure(res, { title: "Error" });
      return;
    }
    toast.success("Password reset email sent", { description: "Check your email for password reset instructions." });
    onDone(data.email);
  }

  return (
    <form
      {...formProps}
      method="post"
      noValidate
      onSubmit={handleSubmit(onValid, (errs) => toast.error("Error", { description: firstError(errs) }))}
      className="space-y-4"
    >
      <InputField id={`${uid}-email`} name="email" label="Email" type="email" autoComplete="email" required error={errors.email} />
      <Button type="submit" className="w-full" disabled={!hydrated || submitting}>
        {submitting ? "Sending..." : "Send Reset Link"}
      </Button>
    </form>
  );
}
