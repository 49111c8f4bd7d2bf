import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { InputField } from "~/ui/field.tsx";
import { setPasswordSchema, type SetPasswordInput } from "../account.schema.ts";
import { Section, checkForm, useHydrated, type Errors } from "./account-ui.tsx";
import { useRecentSignIn } from "./reauth-dialog.tsx";

const SET_FIELDS = ["newPassword", "confirmPassword"] as const;

/** A first password for an account made by Google sign-in (POST /api/auth/set-password, after a recent sign-in). */
export function SetPassword({ twoFactor }: { twoFactor: boolean }) {
  const uid = useId();
  const reauth = useRecentSignIn({ twoFactor });
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const { data, errors: found } = checkForm<SetPasswordInput>(form, setPasswordSchema, SET_FIELDS);
    if (data && data.newPassword !== data.confirmPassword) found.confirmPassword = "Passwords do not match";
    setErrors(found);
    if (!data || found.confirmPassword) {
      toast.error("Password not set", { description: Object.values(found).find(Boolean) });
      return;
    }
    setBusy(true);
    const res = await reauth.run(() => request("/api/auth/set-password", { json: { newPassword: data.newPassword } }));
    setBusy(false);
    if (!res.ok) {
      if (res.fields.newPassword) setErrors({ newPassword: res.fields.newPassword });
      toast.error("Password not set", { description: res.message });
      return;
    }
    form.reset();
    toast.success("Password set", {
      description: "You can now sign in with your email address and this password too. We sent you a notice by email.",
    });
    await revalidator.revalidate();
  }

  return (
    <Section id={`${uid}-title`} title="Password" intro="You sign in with Google. Set a password to sign in with your email address too.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <input type="text" name="username" autoComplete="username" hidden readOnly aria-hidden="true" tabIndex={-1} />
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
          {busy ? "Setting..." : "Set a password"}
        </Button>
      </form>
      {reauth.dialog}
    </Section>
  );
}
