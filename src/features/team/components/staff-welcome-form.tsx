import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import { staffWelcomeFormSchema, type StaffWelcomeFormInput } from "../team.schema.ts";
import { acceptStaffInvitation } from "../team.api.ts";
import { PasswordPairFields, UsernameForPasswordManagers } from "~/ui/password-pair-fields.tsx";

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
    const res = await acceptStaffInvitation(token, password);
    if (!res.ok) {
      setServerErrors(setError, res.fields, ["password"]);
      return toastFailure(res, { title: "Password not set" });
    }
    onSignedIn();
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="mt-6 space-y-4">
      <UsernameForPasswordManagers email={email} />
      <PasswordPairFields id={uid} label="Choose a password" register={register} errors={errors} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Setting up..." : "Set up my account"}
      </Button>
    </form>
  );
}
