import { useId } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { submitOrTell } from "~/lib/form.ts";
import { PasswordPairFields } from "~/ui/password-pair-fields.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import type { NewPasswordInput } from "../auth.schema.ts";
import { resetPassword } from "../auth.api.ts";
import { loadAuthRules } from "./auth-rules.ts";

const TRY_AGAIN = "Please try the link again.";
const preload = () => void loadAuthRules().catch(() => {});

/** /reset-password: choose a new password with the token from the mailed link. */
export function ResetPasswordScreen({ token }: { token: string | null }) {
  const uid = useId();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordInput>();

  // The problems of a new password are told as the spec's toasts (no field messages): `newPasswordToast`.
  async function onValid({ password, confirmPassword }: NewPasswordInput) {
    // The password rules load with the other account rules (on focus, or now at the latest).
    const { newPasswordToast } = await loadAuthRules();
    const problem = newPasswordToast({ password, confirmPassword });
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    const res = token ? await resetPassword(token, password) : null;
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
        <form
          method="post"
          noValidate
          onFocus={preload}
          // The rules' chunk could not be loaded (offline, or a new deployment replaced it).
          onSubmit={submitOrTell(handleSubmit(onValid), () => toast.error("Unable to reset password", { description: TRY_AGAIN }))}
          className="mt-6 space-y-4"
        >
          <PasswordPairFields
            id={uid}
            label="New Password"
            confirmLabel="Confirm Password"
            hint={null}
            register={register}
            errors={errors}
          />
          <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
            {isSubmitting ? "Updating..." : "Update Password"}
          </Button>
        </form>
      </div>
    </section>
  );
}
