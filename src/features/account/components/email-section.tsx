import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { InputField } from "~/ui/field.tsx";
import { changeEmailSchema } from "../account.schema.ts";
import { Section, checkForm, useHydrated, type Errors } from "./account-ui.tsx";
import { useRecentSignIn } from "./reauth-dialog.tsx";

export function EmailSection({ email, twoFactor = false }: { email: string; twoFactor?: boolean }) {
  const uid = useId();
  const reauth = useRecentSignIn({ twoFactor });
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const { data, errors: found } = checkForm(form, changeEmailSchema, ["newEmail"]);
    setErrors(found);
    if (!data) {
      toast.error("Email not changed", { description: found.newEmail });
      return;
    }
    setBusy(true);
    const res = await reauth.run(() => request("/api/auth/change-email", { json: { newEmail: data.newEmail } }));
    setBusy(false);
    if (!res.ok) {
      if (res.code !== "REAUTH_CANCELLED") setErrors({ newEmail: res.message });
      toast.error("Email not changed", { description: res.message });
      return;
    }
    form.reset();
    setSentTo(data.newEmail);
    toast.success("Check your new inbox", { description: `We sent a link to ${data.newEmail}. Your address changes when you open it.` });
  }

  return (
    <Section
      id={`${uid}-title`}
      title="Email address"
      intro={
        <>
          You sign in with <span className="font-medium text-ink">{email}</span>. To change it, we send a link to the new address; the
          change happens when you open it, and we tell your current address.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <InputField
          id={`${uid}-new-email`}
          name="newEmail"
          label="New email address"
          type="email"
          autoComplete="email"
          required
          error={errors.newEmail}
        />
        {sentTo ? (
          <p role="status" className="text-sm text-emerald-900">
            Link sent to {sentTo}. It works for 24 hours.
          </p>
        ) : null}
        <Button type="submit" disabled={!hydrated || busy}>
          {busy ? "Sending..." : "Send confirmation link"}
        </Button>
      </form>
      {reauth.dialog}
    </Section>
  );
}
