import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { request } from "~/lib/api-client.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { DeletionPlan } from "../account.types.ts";
import { reauthSchema } from "../account.schema.ts";
import { checkForm, type Errors } from "./account-ui.tsx";
import { GoogleReauthForm } from "./google-reauth.tsx";
import { REAUTH_REQUIRED } from "./reauth-dialog.tsx";

/** Where the browser goes once the account is gone. */
const AFTER_DELETION = "/?account=deleted";

/**
 * Deleting the account: the plan for each organization (deleted with its books after its name is typed, or waiting
 * for another owner), then the password (and code) again, then the deletion. An account without a password needs a
 * recent sign-in instead: over 10 minutes after it, Google is asked again first.
 */
export function DeleteAccountDialog({
  twoFactor,
  hasPassword = true,
  onClose,
}: {
  twoFactor: boolean;
  hasPassword?: boolean;
  onClose: () => void;
}) {
  const uid = useId();
  const [viaGoogle, setViaGoogle] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [plan, setPlan] = useState<DeletionPlan | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void request<{ plan: DeletionPlan }>("/api/account/deletion").then((res) => {
      if (res.ok) setPlan(res.data.plan);
      else toastFailure(res, { title: "Could not prepare the deletion" });
    });
  }, []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!plan) return;
    const form = e.currentTarget;
    const { data, errors: found } = hasPassword
      ? checkForm(form, reauthSchema, twoFactor ? ["password", "code"] : ["password"])
      : { data: null, errors: {} as Errors };
    const names = plan.deleted.map((o, i) => {
      const el = form.elements.namedItem(`org-${i}`);
      return el instanceof HTMLInputElement ? el.value : "";
    });
    plan.deleted.forEach((o, i) => {
      if (names[i]!.trim() !== o.name.trim()) found[`org-${i}`] = `Type ${o.name} to confirm`;
    });
    setErrors(found);
    if ((hasPassword && !data) || Object.values(found).some(Boolean)) return;
    setBusy(true);
    if (data) {
      const reauth = await request("/api/account/reauthenticate", { json: data });
      if (!reauth.ok) {
        setBusy(false);
        if (Object.keys(reauth.fields).length) setErrors(reauth.fields);
        else toastFailure(reauth, { title: "Account not deleted" });
        return;
      }
    }
    const res = await request("/api/account/delete", { json: { confirmOrganizations: names } });
    if (res.ok) {
      window.location.assign(AFTER_DELETION);
      return;
    }
    setBusy(false);
    if (res.code === REAUTH_REQUIRED && !hasPassword) setViaGoogle(true);
    else toastFailure(res, { title: "Account not deleted" });
  }

  const blocked = plan?.needOwner ?? [];
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title="Delete account"
      description="Your profile, sessions, second factor and saved calculator results are deleted. This cannot be undone."
      initialFocus={passwordRef}
      dismissOnOutsideClick={false}
    >
      {!plan ? (
        <p className="text-sm text-muted">Loading...</p>
      ) : blocked.length ? (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          {blocked.map((o) => (
            <p key={o.organizationId}>
              Make another member an owner of <strong>{o.name}</strong> before deleting your account: it has other members and you are its
              only owner.
            </p>
          ))}
        </div>
      ) : viaGoogle ? (
        <div className="space-y-4">
          <p role="alert" className="text-sm text-ink">
            You signed in more than 10 minutes ago. Sign in with Google again, then delete your account.
          </p>
          <GoogleReauthForm
            twoFactor={twoFactor}
            actions={
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
            }
          />
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {plan.left.length ? (
            <p className="text-sm text-ink">You will leave: {plan.left.map((o) => o.name).join(", ")}. Their books stay.</p>
          ) : null}
          {plan.deleted.map((o, i) => (
            <InputField
              key={o.organizationId}
              id={`${uid}-org-${i}`}
              name={`org-${i}`}
              label={`Type ${o.name} to delete it with all its books`}
              hint="You are its only member: its chart of accounts and journal entries are deleted too."
              autoComplete="off"
              required
              error={errors[`org-${i}`] ?? (i === 0 ? errors.confirmOrganizations : undefined)}
            />
          ))}
          {hasPassword ? (
            <InputField
              ref={passwordRef}
              id={`${uid}-password`}
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              error={errors.password}
            />
          ) : null}
          {hasPassword && twoFactor ? (
            <InputField
              id={`${uid}-code`}
              name="code"
              label="Authenticator code or backup code"
              autoComplete="one-time-code"
              required
              error={errors.code}
            />
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? "Deleting..." : "Delete my account"}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
