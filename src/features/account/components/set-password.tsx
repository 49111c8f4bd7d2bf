import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useAction } from "~/ui/use-action.ts";
import { setPassword } from "~/features/auth/auth.api.ts";
import { setServerErrors } from "~/lib/form.ts";
import { setPasswordSchema, type SetPasswordInput } from "../account.schema.ts";
import { FormSection } from "./account-ui.tsx";
import { PasswordPairFields, UsernameForPasswordManagers } from "~/ui/password-pair-fields.tsx";
import { NEW_PASSWORD_PAIR, withMatchingPasswords } from "./matching-passwords.ts";
import { useRecentSignIn } from "./reauth-dialog.tsx";

const setPasswordFormSchema = withMatchingPasswords(setPasswordSchema);

/** A first password for an account made by Google sign-in (POST /api/auth/set-password, after a recent sign-in). */
export function SetPassword({ twoFactor }: { twoFactor: boolean }) {
  const uid = useId();
  const reauth = useRecentSignIn({ twoFactor });
  const { act } = useAction();
  const form = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
    reValidateMode: "onSubmit",
  });

  async function onValid(data: SetPasswordInput) {
    const res = await act(() => reauth.run(() => setPassword(data.newPassword)), {
      failure: "Password not set",
      success: "Password set",
      description: "You can now sign in with your email address and this password too. We sent you a notice by email.",
    });
    if (!res.ok) return setServerErrors(form.setError, res.fields, ["newPassword"]);
    form.reset();
  }

  return (
    <FormSection
      title="Password"
      intro="You sign in with Google. Set a password to sign in with your email address too."
      form={form}
      onValid={onValid}
      failureTitle="Password not set"
      submitLabel="Set a password"
      busyLabel="Setting..."
      after={reauth.dialog}
    >
      <UsernameForPasswordManagers />
      <PasswordPairFields id={uid} {...NEW_PASSWORD_PAIR} register={form.register} errors={form.formState.errors} />
    </FormSection>
  );
}
