import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import { invitationSignUpFormSchema, type InvitationSignUpFormInput } from "../invitation-sign-up.schema.ts";
import { signUpWithInvitation } from "../members.api.ts";
import { PasswordPairFields } from "~/ui/password-pair-fields.tsx";

/**
 * The invitation page for someone without an account: a name and a password, and they are in the books. The
 * address is the invitation's (the link proves it), so it is shown, not asked.
 */
export function InvitationSignUpForm({ token, email, onJoined }: { token: string; email: string; onJoined: (orgId: number) => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InvitationSignUpFormInput>({ resolver: zodResolver(invitationSignUpFormSchema), reValidateMode: "onSubmit" });

  async function onValid({ firstName, lastName, password }: InvitationSignUpFormInput) {
    const res = await signUpWithInvitation(token, { firstName, lastName, password });
    if (!res.ok) {
      setServerErrors(setError, res.fields);
      return toastFailure(res, { title: "Account not created" });
    }
    onJoined(res.data.organization_id);
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-4" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="text-lg font-semibold text-ink">
        Create your account
      </h2>
      <p className="text-sm text-muted">
        Your email address: <strong className="break-all text-ink">{email}</strong>
      </p>
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
      <PasswordPairFields id={uid} register={register} errors={errors} />
      <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? "Joining..." : "Create account and join"}
      </Button>
    </form>
  );
}
