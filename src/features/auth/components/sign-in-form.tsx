import { useId } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useRevalidator } from "react-router";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { firstMessage } from "~/lib/form.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { InputField } from "~/ui/field.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import type { SignInInput } from "../auth.schema.ts";
import { authResolver, authSubmit } from "./auth-rules.ts";

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
  const hydrated = useHydrated();
  // No defaultValues: the inputs' own (server-rendered) values are read, so what is typed before hydration stays.
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver });

  async function onValid(data: SignInInput) {
    onUnverified(null);
    const res = await request("/api/auth/sign-in/email", {
      json: { email: data.email, password: data.password, rememberMe: data.rememberMe },
    });
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
    if ((res.data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) {
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
    <form
      method="post"
      noValidate
      onFocus={resolver.preload}
      onSubmit={authSubmit(handleSubmit(onValid, (errs) => toast.error("Login failed", { description: firstMessage(errs) })))}
      className="space-y-4"
    >
      <InputField
        id={`${uid}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={defaultEmail}
        error={errors.email?.message}
        {...register("email")}
      />
      <InputField
        id={`${uid}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register("password")}
      />
      <div className="flex items-center gap-2">
        <input
          id={`${uid}-remember`}
          type="checkbox"
          defaultChecked
          className="h-4 w-4 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
          {...register("rememberMe")}
        />
        <label htmlFor={`${uid}-remember`} className="text-sm text-ink">
          Remember me
        </label>
      </div>
      <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
