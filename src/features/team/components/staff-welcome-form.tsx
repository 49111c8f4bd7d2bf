import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { request } from "~/lib/api-client.ts";
import { setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import { staffWelcomeFormSchema, type StaffWelcomeFormInput } from "../team.schema.ts";

/** The welcome page's form: the invited staff member chooses a password and is signed in. */
export function StaffWelcomeForm({ token, email, onSignedIn }: { token: string; email: string; onSignedIn: () => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StaffWelcomeFormInput>({ resolver: zodResolver(staffWelcomeFormSchema), reValidateMode: "onSubmit" });

  async function onValid({ password }: StaffWelcomeFormInput) {
    const res = await request(`/api/firm/team/invitations/${token}/accept`, { json: { password } });
    if (!res.ok) {
      setServerErrors(setError, res.fields, ["password"]);
      return toastFailure(res, { title: "Password not set" });
    }
    onSignedIn();
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="mt-6 space-y-4">
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <InputField
        id={`${uid}-password`}
        label="Choose a password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters. Very common passwords are refused."
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
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Setting up..." : "Set up my account"}
      </Button>
    </form>
  );
}
