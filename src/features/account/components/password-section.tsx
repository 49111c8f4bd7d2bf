import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useAction } from "~/ui/use-action.ts";
import { changePassword } from "~/features/auth/auth.api.ts";
import { CurrentPasswordField } from "~/ui/password-field.tsx";
import { changePasswordSchema, type ChangePasswordInput } from "../account.schema.ts";
import { FormSection } from "./account-ui.tsx";
import { PasswordPairFields, UsernameForPasswordManagers } from "~/ui/password-pair-fields.tsx";
import { NEW_PASSWORD_PAIR, withMatchingPasswords } from "./matching-passwords.ts";
import { useRecentSignIn } from "./reauth-dialog.tsx";
import { SetPassword } from "./set-password.tsx";

const passwordFormSchema = withMatchingPasswords(changePasswordSchema);

/**
 * The password on /account: changed with the current one, or, for an account made by Google sign-in that has none,
 * set for the first time (after a recent sign-in).
 */
export function PasswordSection({ twoFactor = false, hasPassword = true }: { twoFactor?: boolean; hasPassword?: boolean }) {
  return hasPassword ? <ChangePassword twoFactor={twoFactor} /> : <SetPassword twoFactor={twoFactor} />;
}

function ChangePassword({ twoFactor }: { twoFactor: boolean }) {
  const uid = useId();
  const reauth = useRecentSignIn({ twoFactor });
  const { act } = useAction();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    reValidateMode: "onSubmit",
  });

  async function onValid(data: ChangePasswordInput) {
    const res = await act(
      async () => {
        const res = await reauth.run(() =>
          changePassword({ currentPassword: data.currentPassword, newPassword: data.newPassword, revokeOtherSessions: true }),
        );
        return !res.ok && res.code === "INVALID_PASSWORD" ? { ...res, message: "Your current password is not correct" } : res;
      },
      {
        failure: "Password not changed",
        success: "Password changed",
        description: "Every other session was signed out. We sent you a notice by email.",
      },
    );
    if (!res.ok) {
      if (res.code === "INVALID_PASSWORD") form.setError("currentPassword", { message: res.message });
      return;
    }
    form.reset();
  }

  return (
    <FormSection
      title="Password"
      intro="Changing your password signs out every other browser and device where you are signed in."
      form={form}
      onValid={onValid}
      failureTitle="Password not changed"
      submitLabel="Change password"
      busyLabel="Changing..."
      after={reauth.dialog}
    >
      <UsernameForPasswordManagers />
      <CurrentPasswordField
        id={`${uid}-current`}
        label="Current password"
        error={form.formState.errors.currentPassword?.message}
        {...form.register("currentPassword")}
      />
      <PasswordPairFields id={uid} {...NEW_PASSWORD_PAIR} register={form.register} errors={form.formState.errors} />
    </FormSection>
  );
}
