import { useId, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { InputField } from "~/ui/field.tsx";
import { changePasswordSchema, type ChangePasswordInput } from "../account.schema.ts";
import { Section, checkForm, useHydrated, type Errors } from "./account-ui.tsx";
import { useRecentSignIn } from "./reauth-dialog.tsx";
import { SetPassword } from "./set-password.tsx";

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

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
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { data, errors: found } = checkForm<ChangePasswordInput>(e.currentTarget, changePasswordSchema, PASSWORD_FIELDS);
    if (data && data.newPassword !== data.confirmPassword) found.confirmPassword = "Passwords do not match";
    setErrors(found);
    if (!data || found.confirmPassword) {
      toast.error("Password not changed", { description: Object.values(found).find(Boolean) });
      return;
    }
    setBusy(true);
    const res = await reauth.run(() =>
      request("/api/auth/change-password", {
        json: {
          currentPassword: data.currentPassword,
          newPassword: data.newPassword,
          revokeOtherSessions: true,
        },
      }),
    );
    setBusy(false);
    if (!res.ok) {
      const message = res.code === "INVALID_PASSWORD" ? "Your current password is not correct" : res.message;
      if (res.code === "INVALID_PASSWORD") setErrors({ currentPassword: message });
      toast.error("Password not changed", { description: message });
      return;
    }
    formRef.current?.reset();
    toast.success("Password changed", { description: "Every other session was signed out. We sent you a notice by email." });
    await revalidator.revalidate();
  }

  return (
    <Section
      id={`${uid}-title`}
      title="Password"
      intro="Changing your password signs out every other browser and device where you are signed in."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly aria-hidden="true" tabIndex={-1} />
        <InputField
          id={`${uid}-current`}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id={`${uid}-new`}
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            error={errors.newPassword}
          />
          <InputField
            id={`${uid}-confirm`}
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
        </div>
        <p className="text-xs text-muted">At least 8 characters. Very common passwords are refused.</p>
        <Button type="submit" disabled={!hydrated || busy}>
          {busy ? "Changing..." : "Change password"}
        </Button>
      </form>
      {reauth.dialog}
    </Section>
  );
}
