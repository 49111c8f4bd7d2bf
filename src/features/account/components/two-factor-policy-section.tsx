import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { useAction } from "~/ui/use-action.ts";
import type { TwoFactorPolicyView } from "../account.types.ts";
import { twoFactorPolicySchema, type TwoFactorPolicyInput } from "../account.schema.ts";
import { saveTwoFactorPolicy } from "../account.api.ts";
import { useRecentSignIn } from "./reauth-dialog.tsx";
import { CheckboxField } from "~/ui/field.tsx";

const OPTIONS = [
  {
    name: "requireForStaff",
    label: "Require two-factor sign-in for staff and admins",
    hint: "Staff and admins without an authenticator app are sent to set one up after their password.",
  },
  {
    name: "requireForClients",
    label: "Require two-factor sign-in for clients",
    hint: "Clients without an authenticator app are sent to set one up after their password.",
  },
] as const;

/** The firm's two-factor policy, for admins (shown on the firm's Team page, whose loader reads it). */
export function TwoFactorPolicySection({ policy }: { policy: TwoFactorPolicyView }) {
  const uid = useId();
  const reauth = useRecentSignIn();
  const { act } = useAction();
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<TwoFactorPolicyInput>({ resolver: zodResolver(twoFactorPolicySchema), values: policy });

  async function onValid(data: TwoFactorPolicyInput) {
    await act(() => reauth.run(() => saveTwoFactorPolicy(data)), { failure: "Policy not saved", success: "Two-factor policy saved" });
  }

  return (
    <section aria-labelledby={`${uid}-title`} className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${uid}-title`} className="text-lg font-semibold text-ink">
        Two-factor sign-in policy
      </h2>
      <p className="mt-1 text-sm text-muted">Require a code from an authenticator app after the password.</p>
      <form onSubmit={(e) => void handleSubmit(onValid)(e)} className="mt-4 space-y-4">
        {OPTIONS.map((o) => (
          <CheckboxField
            key={o.name}
            id={`${uid}-${o.name}`}
            label={o.label}
            hint={o.hint}
            labelClassName="font-medium text-ink"
            {...register(o.name)}
          />
        ))}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save policy"}
        </Button>
      </form>
      {reauth.dialog}
    </section>
  );
}
