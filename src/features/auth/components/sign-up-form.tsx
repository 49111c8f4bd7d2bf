import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "~/ui/toast.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { PasswordPairFields } from "~/ui/password-pair-fields.tsx";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../password-limits.ts";
import { EmailField } from "~/ui/email-field.tsx";
import { NameFields } from "~/ui/name-fields.tsx";
import type { SignUpFormInput } from "../auth.schema.ts";
import { signUpWithEmail } from "../auth.api.ts";
import { AuthForm } from "./auth-form.tsx";
import { authResolver } from "./auth-rules.ts";

const resolver = authResolver((rules) => rules.signUpFormSchema);

export function SignUpForm({ from, onDone }: { from: string; onDone: (email: string) => void }) {
  const uid = useId();
  const form = useForm<SignUpFormInput>({ resolver });
  const {
    register,
    getValues,
    formState: { errors },
  } = form;

  /** Two passwords that differ are told in the spec's toast, whatever else is wrong; true when told. */
  const tellMismatch = () => {
    const { password, confirmPassword } = getValues();
    if (!password || !confirmPassword || password === confirmPassword) return false;
    toast.error("Password mismatch", { description: "Passwords do not match. Please try again." });
    return true;
  };

  async function onValid(data: SignUpFormInput) {
    if (tellMismatch()) return;
    const res = await signUpWithEmail({
      email: data.email,
      password: data.password,
      name: `${data.firstName} ${data.lastName}`.trim(),
      firstName: data.firstName,
      lastName: data.lastName,
      companyName: data.companyName || null,
      // The page to carry on to once verified; the server builds the link's callback from local paths only.
      callbackURL: from,
    });
    if (!res.ok) {
      toastFailure(res, { title: "Registration failed" });
      return;
    }
    // The next view says it, naming the address, with a way to get the mail again.
    onDone(data.email);
  }

  return (
    <AuthForm
      form={form}
      preload={resolver.preload}
      onValid={onValid}
      tellInvalid={tellMismatch}
      failureTitle="Registration failed"
      submitLabel="Create Account"
      busyLabel="Creating account..."
    >
      <NameFields id={uid} register={register} errors={errors} />
      <EmailField id={`${uid}-email`} error={errors.email?.message} {...register("email")} />
      <PasswordPairFields id={uid} minLength={PASSWORD_MIN_LENGTH} maxLength={PASSWORD_MAX_LENGTH} register={register} errors={errors} />
    </AuthForm>
  );
}
