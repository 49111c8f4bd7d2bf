import { useId } from "react";
import { useNavigate } from "react-router";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { callAuth } from "../auth-client.ts";
import { newPasswordToast, type NewPasswordInput } from "../auth.schema.ts";
import { AuthField } from "./auth-field.tsx";

const TRY_AGAIN = "Please try the link again.";

/** /reset-password (SPEC §2, §4, §5, §8): choose a new password with the token from the mailed link. */
export function ResetPasswordPage({ token }: { token: string | null }) {
  const uid = useId();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<NewPasswordInput>({ defaultValues: { password: "", confirmPassword: "" } });

  async function onSubmit(data: NewPasswordInput) {
    const problem = newPasswordToast(data);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    const res = token ? await callAuth("/reset-password", { token, newPassword: data.password }) : null;
    if (!res?.ok) {
      toast.error("Unable to reset password", { description: res?.message?.trim() || TRY_AGAIN });
      return;
    }
    toast.success("Password updated", { description: "Your password has been reset successfully." });
    navigate("/login", { replace: true });
  }

  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Set a new password</h1>
        <p className="mt-2 text-sm text-muted">
          If you opened this page from the link in our email, your session is already verified: choose your new password below.
        </p>
        {token ? null : (
          <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            This page needs the link from your password reset email. Ask for a new one on the sign-in page if it has expired.
          </p>
        )}
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-6 space-y-4">
          <AuthField
            id={`${uid}-password`}
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            {...register("password")}
          />
          <AuthField
            id={`${uid}-confirm`}
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
            {...register("confirmPassword")}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Updating..." : "Update Password"}
          </Button>
        </form>
      </div>
    </section>
  );
}
