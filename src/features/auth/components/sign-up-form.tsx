import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { firstMessage } from "~/lib/form.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { InputField } from "~/ui/field.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import type { SignUpFormInput } from "../auth.schema.ts";
import { authResolver, authSubmit } from "./auth-rules.ts";

const resolver = authResolver((rules) => rules.signUpFormSchema);

export function SignUpForm({ from, onDone }: { from: string; onDone: (email: string) => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput>({ resolver });

  const mismatch = () => {
    const { password, confirmPassword } = getValues();
    return Boolean(password && confirmPassword && password !== confirmPassword);
  };
  const mismatchToast = () => toast.error("Password mismatch", { description: "Passwords do not match. Please try again." });

  async function onValid(data: SignUpFormInput) {
    if (mismatch()) {
      mismatchToast();
      return;
    }
    const res = await request("/api/auth/sign-up/email", {
      json: {
        email: data.email,
        password: data.password,
        name: `${data.firstName} ${data.lastName}`.trim(),
        firstName: data.firstName,
        lastName: data.lastName,
        companyName: data.companyName || null,
        // The page to carry on to once verified; the server builds the link's callback from local paths only.
        callbackURL: from,
      },
    });
    if (!res.ok) {
      toastFailure(res, { title: "Registration failed" });
      return;
    }
    // The next view says it, naming the address, with a way to get the mail again.
    onDone(data.email);
  }

  return (
    <form
      method="post"
      noValidate
      onFocus={resolver.preload}
      onSubmit={authSubmit(
        handleSubmit(onValid, (errs) =>
          mismatch() ? mismatchToast() : toast.error("Registration failed", { description: firstMessage(errs) }),
        ),
      )}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={`${uid}-first`}
          label="First name"
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <InputField
          id={`${uid}-last`}
          label="Last name"
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          {...register("lastName")}
        />
      </div>
      <InputField
        id={`${uid}-company`}
        label="Company name"
        optional
        autoComplete="organization"
        error={errors.companyName?.message}
        {...register("companyName")}
      />
      <InputField
        id={`${uid}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <InputField
        id={`${uid}-password`}
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        error={errors.password?.message}
        {...register("password")}
      />
      <InputField
        id={`${uid}-confirm`}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <p className="text-xs text-muted">At least 8 characters. Very common passwords are refused.</p>
      <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
