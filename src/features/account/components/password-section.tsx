import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { firstMessage } from "~/lib/form.ts";
import { InputField } from "~/ui/field.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { changePasswordSchema, type ChangePasswordInput } from "../account.schema.ts";
import { Section } from "./account-ui.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";
import { useRecentSignIn } from "./reauth-dialog.tsx";
import { SetPassword } from "./set-password.tsx";

/** The form's rules, then (once they pass) the match of the two new passwords, told under the confirmation. */
const passwordFormSchema = changePasswordSchema.refine((v) => v.newPassword === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "Passwords do not match",
  when: ({ issues }) => issues.length === 0,
});

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
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    reValidateMode: "onSubmit",
  });

  async function onValid(data: ChangePasswordInput) {
    const res = await reauth.run(() =>
      request("/api/auth/change-password", {
        json: {
          currentPassword: data.currentPassword,
          newPassword: data.newPassword,
          revokeOtherSessions: true,
        },
      }),
    );
    if (!res.ok) {
      const message = res.code === "INVALID_PASSWORD" ? "Your current password is not correct" : res.message;
      if (res.code === "INVALID_PASSWORD") setError("currentPassword", { message });
      toast.error("Password not changed", { description: message });
      return;
    }
    reset();
    toast.success("Password changed", { description: "Every other session was signed out. We sent you a notice by email." });
    await revalidator.revalidate();
  }

  return (
    <Section
      id={`${uid}-title`}
      title="Password"
      intro="Changing your password signs out every other browser and device where you are signed in."
    >
      <form
        onSubmit={(e) => void handleSubmit(onValid, (errs) => toast.error("Password not changed", { description: firstMessage(errs) }))(e)}
        noValidate
        className="space-y-4"
      >
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly aria-hidden="true" tabIndex={-1} />
        <InputField
          id={`${uid}-current`}
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...register("currentPassword")}
        />
        <NewPasswordFields id={uid} register={register} errors={errors} />
        <Button type="submit" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? "Changing..." : "Change password"}
        </Button>
      </form>
      {reauth.dialog}
    </Section>
  );
}
