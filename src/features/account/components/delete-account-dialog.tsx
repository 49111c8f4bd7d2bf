import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { Modal } from "~/ui/modal.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import type { DeletionPlan } from "../account.types.ts";
import { deleteAccount, getDeletionPlan, reauthenticate } from "../account.api.ts";
import { reauthSchema, type ReauthInput } from "../account.schema.ts";
import { GoogleReauthForm } from "./google-reauth.tsx";
import { REAUTH_REQUIRED } from "./reauth-dialog.tsx";
import { ReauthFields } from "./reauth-fields.tsx";

/** Where the browser goes once the account is gone. */
const AFTER_DELETION = "/?account=deleted";

/**
 * The dialog's rules: the re-authentication's (none for an account without a password: it needs a recent sign-in),
 * and each organization deleted with the account typed by name.
 */
function deletionFormSchema(deleted: DeletionPlan["deleted"], hasPassword: boolean) {
  const credentials = hasPassword ? reauthSchema : reauthSchema.partial();
  return credentials.extend({ confirmOrganizations: z.array(z.string()) }).superRefine((v, ctx) => {
    deleted.forEach((o, i) => {
      if ((v.confirmOrganizations[i] ?? "").trim() !== o.name.trim())
        ctx.addIssue({ code: "custom", path: ["confirmOrganizations", i], message: `Type ${o.name} to confirm` });
    });
  });
}
type DeletionForm = z.input<ReturnType<typeof deletionFormSchema>>;
type DeletionData = z.output<ReturnType<typeof deletionFormSchema>>;

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
  const passwordRef = useRef<HTMLInputElement>(null);
  const [plan, setPlan] = useState<DeletionPlan | null>(null);
  // Once the account is gone, the button stays busy while the browser leaves.
  const [leaving, setLeaving] = useState(false);
  const [viaGoogle, setViaGoogle] = useState(false);
  const resolver = useMemo(() => zodResolver(deletionFormSchema(plan?.deleted ?? [], hasPassword)), [plan, hasPassword]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeletionForm, unknown, DeletionData>({
    resolver,
    // Without a password the credentials stay unset (their rules are optional then), not empty.
    defaultValues: hasPassword ? { password: "", confirmOrganizations: [] } : { confirmOrganizations: [] },
    reValidateMode: "onSubmit",
  });

  useEffect(() => {
    void getDeletionPlan().then((res) => {
      if (res.ok) setPlan(res.data.plan);
      else toastFailure(res, { title: "Could not prepare the deletion" });
    });
  }, []);

  async function onValid({ confirmOrganizations, ...credentials }: DeletionData) {
    if (hasPassword) {
      // With a password, the form's rules require it.
      const reauth = await reauthenticate(credentials as ReauthInput);
      if (!reauth.ok) {
        if (Object.keys(reauth.fields).length) setServerErrors(setError, reauth.fields);
        else toastFailure(reauth, { title: "Account not deleted" });
        return;
      }
    }
    const res = await deleteAccount({ confirmOrganizations });
    if (res.ok) {
      setLeaving(true);
      window.location.assign(AFTER_DELETION);
      return;
    }
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
        <form onSubmit={(e) => void handleSubmit(onValid)(e)} noValidate className="space-y-4">
          {plan.left.length ? (
            <p className="text-sm text-ink">You will leave: {plan.left.map((o) => o.name).join(", ")}. Their books stay.</p>
          ) : null}
          {plan.deleted.map((o, i) => (
            <InputField
              key={o.organizationId}
              id={`${uid}-org-${i}`}
              label={`Type ${o.name} to delete it with all its books`}
              hint="You are its only member: its chart of accounts and journal entries are deleted too."
              autoComplete="off"
              required
              error={errors.confirmOrganizations?.[i]?.message ?? (i === 0 ? errors.confirmOrganizations?.message : undefined)}
              {...register(`confirmOrganizations.${i}`)}
            />
          ))}
          {hasPassword ? (
            <ReauthFields
              id={uid}
              password={register("password")}
              code={twoFactor ? register("code") : null}
              errors={{ password: errors.password?.message, code: errors.code?.message }}
              passwordRef={passwordRef}
            />
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={isSubmitting || leaving}>
              {isSubmitting || leaving ? "Deleting..." : "Delete my account"}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
