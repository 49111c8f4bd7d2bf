import { useId } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useRevalidator } from "react-router";
import { toast } from "~/ui/toast.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { CheckboxField } from "~/ui/field.tsx";
import { EmailField } from "~/ui/email-field.tsx";
import { CurrentPasswordField } from "~/ui/password-field.tsx";
import type { SignInInput } from "../auth.schema.ts";
import { signInWithEmail } from "../auth.api.ts";
import { AuthForm } from "./auth-form.tsx";
import { authResolver } from "./auth-rules.ts";

const resolver = authResolver((rules) => rules.signInSchema);

export function SignInForm({
  from,
  defaultEmail,
  onUnverified,
  onTwoFactor,
}: {
  from: string;
  defaultEmail: string;
  onUnverified: (email: string | null) => void;
  /** The password was right and the account asks for a second factor. */
  onTwoFactor: (email: string) => void;
}) {
  const uid = useId();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // No defaultValues: the inputs' own (server-rendered) values are read, so what is typed before hydration stays.
  const form = useForm<SignInInput>({ resolver });
  const {
    register,
    formState: { errors },
  } = form;

  async function onValid(data: SignInInput) {
    onUnverified(null);
    const res = await signInWithEmail({ email: data.email, password: data.password, rememberMe: data.rememberMe });
    if (!res.ok) {
      if (res.status === 403 && res.code === "EMAIL_NOT_VERIFIED") {
        onUnverified(data.email);
        toast.error("Login failed", {
          description: `${res.message}. Please verify your email address first: use the link we sent you, or send a new one below.`,
        });
        return;
      }
      toastFailure(res, { title: "Login failed" });
      return;
    }
    if (res.data?.twoFactorRedirect) {
      onTwoFactor(data.email);
      return;
    }
    toast.success("Welcome back!", { description: "You have successfully logged in." });
    // The session is in the cookie now: reload the page data (header, auth context), then go on.
    await revalidator.revalidate();
    // The login page's loader, revalidated, has usually moved on already (to `from`, or to two-factor enrolment).
    if (window.location.pathname === "/login") navigate(from, { replace: true });
  }

  return (
    <AuthForm
      form={form}
      preload={resolver.preload}
      onValid={onValid}
      failureTitle="Login failed"
      submitLabel="Sign In"
      busyLabel="Signing in..."
    >
      <EmailField id={`${uid}-email`} defaultValue={defaultEmail} error={errors.email?.message} {...register("email")} />
      <CurrentPasswordField id={`${uid}-password`} error={errors.password?.message} {...register("password")} />
      <CheckboxField id={`${uid}-remember`} label="Remember me" defaultChecked {...register("rememberMe")} />
    </AuthForm>
  );
}
