import { useId } from "react";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { SignUpFormInput } from "../auth.schema.ts";
import { InputField } from "~/ui/field.tsx";
import { firstError, useAuthForm, type FormValues } from "./use-auth-form.ts";

const SIGN_UP_FIELDS = ["firstName", "lastName", "companyName", "email", "password", "confirmPassword"] as const;

export function SignUpForm({ from, onDone }: { from: string; onDone: (email: string) => void }) {
  const uid = useId();
  const { errors, submitting, hydrated, handleSubmit, formProps } = useAuthForm({
    fields: SIGN_UP_FIELDS,
    schema: (rules) => rules.signUpFormSchema,
  });

  const mismatch = ({ password, confirmPassword }: FormValues<(typeof SIGN_UP_FIELDS)[number]>) =>
    Boolean(password && confirmPassword && password !== confirmPassword);
  const mismatchToast = () => toast.error("Password mismatch", { description: "Passwords do not match. Please try again." });

  async function onValid(data: SignUpFormInput, values: FormValues<(typeof SIGN_UP_FIELDS)[number]>) {
    if (mismatch(values)) {
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
      {...formProps}
      method="post"
      noValidate
      onSubmit={handleSubmit(onValid, (errs, values) =>
        mismatch(values) ? mismatchToast() : toast.error("Registration failed", { description: firstError(errs) }),
      )}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id={`${uid}-first`} name="firstName" label="First name" autoComplete="given-name" required error={errors.firstName} />
        <InputField id={`${uid}-last`} name="lastName" label="Last name" autoComplete="family-name" required error={errors.lastName} />
      </div>
      <InputField
        id={`${uid}-company`}
        name="companyName"
        label="Company name"
        optional
        autoComplete="organization"
        error={errors.companyName}
      />
      <InputField id={`${uid}-email`} name="email" label="Email" type="email" autoComplete="email" required error={errors.email} />
      <InputField
        id={`${uid}-password`}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        error={errors.password}
      />
      <InputField
        id={`${uid}-confirm`}
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <p className="text-xs text-muted">At least 8 characters. Very common passwords are refused.</p>
      <Button type="submit" className="w-full" disabled={!hydrated || submitting}>
        {submitting ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
