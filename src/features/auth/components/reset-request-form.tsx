import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { firstMessage } from "~/lib/form.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { InputField } from "~/ui/field.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import type { ResetRequestInput } from "../auth.schema.ts";
import { authResolver, authSubmit } from "./auth-rules.ts";

const resolver = authResolver((rules) => rules.resetRequestSchema);

export function ResetRequestForm({ onDone }: { onDone: (email: string) => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestInput>({ resolver });

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
      method="post"
      noValidate
      onFocus={resolver.preload}
      onSubmit={authSubmit(handleSubmit(onValid, (errs) => toast.error("Error", { description: firstMessage(errs) })))}
      className="space-y-4"
    >
      <InputField
        id={`${uid}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? "Sending..." : "Send Reset Link"}
      </Button>
    </form>
  );
}
