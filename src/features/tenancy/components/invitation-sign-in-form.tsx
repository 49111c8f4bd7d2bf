import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { signInWithEmail } from "~/features/auth/auth.api.ts";
import { Button } from "~/ui/button.tsx";
import { CurrentPasswordField } from "~/ui/password-field.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import { invitationSignInFormSchema, type InvitationSignInFormInput } from "../invitation-sign-up.schema.ts";

/**
 * The invitation page for an address that has an account: its password signs in and accepts at once. An account
 * with two-factor sign-in goes through the sign-in page (which asks for the code) and comes back here.
 */
export function InvitationSignInForm({ email, here, accept }: { email: string; here: string; accept: () => Promise<void> }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<InvitationSignInFormInput>({ resolver: zodResolver(invitationSignInFormSchema), reValidateMode: "onSubmit" });
  const login = `/login?from=${encodeURIComponent(here)}`;

  async function onValid({ password }: InvitationSignInFormInput) {
    const res = await signInWithEmail({ email, password, rememberMe: true });
    if (!res.ok) return toastFailure(res, { title: "Sign in failed" });
    if (res.data?.twoFactorRedirect) {
      window.location.assign(login);
      return;
    }
    await accept();
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-4" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="text-lg font-semibold text-ink">
        Sign in to accept
      </h2>
      <p className="text-sm text-muted">
        You already have an account: <strong className="break-all text-ink">{email}</strong>
      </p>
      <CurrentPasswordField id={`${uid}-password`} error={errors.password?.message} {...register("password")} />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Signing in..." : "Sign in and accept"}
        </Button>
        <Link className="text-sm font-semibold text-brand-800 underline" to={login}>
          Other ways to sign in
        </Link>
      </div>
    </form>
  );
}
