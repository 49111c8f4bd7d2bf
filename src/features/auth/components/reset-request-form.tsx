import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "~/ui/toast.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { EmailField } from "~/ui/email-field.tsx";
import type { ResetRequestInput } from "../auth.schema.ts";
import { requestPasswordReset } from "../auth.api.ts";
import { AuthForm } from "./auth-form.tsx";
import { authResolver } from "./auth-rules.ts";

const resolver = authResolver((rules) => rules.resetRequestSchema);

export function ResetRequestForm({ onDone }: { onDone: (email: string) => void }) {
  const uid = useId();
  const form = useForm<ResetRequestInput>({ resolver });

  async function onValid(data: ResetRequestInput) {
    const res = await requestPasswordReset(data.email, "/reset-password");
    if (!res.ok) {
      toastFailure(res, { title: "Error" });
      return;
    }
    toast.success("Password reset email sent", { description: "Check your email for password reset instructions." });
    onDone(data.email);
  }

  return (
    <AuthForm
      form={form}
      preload={resolver.preload}
      onValid={onValid}
      failureTitle="Error"
      submitLabel="Send Reset Link"
      busyLabel="Sending..."
    >
      <EmailField id={`${uid}-email`} error={form.formState.errors.email?.message} {...form.register("email")} />
    </AuthForm>
  );
}
