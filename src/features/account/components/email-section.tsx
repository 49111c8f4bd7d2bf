import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useAction } from "~/ui/use-action.ts";
import { changeEmail } from "~/features/auth/auth.api.ts";
import { InputField } from "~/ui/field.tsx";
import { changeEmailSchema } from "../account.schema.ts";
import { FormSection } from "./account-ui.tsx";
import { useRecentSignIn } from "./reauth-dialog.tsx";

type ChangeEmail = z.input<typeof changeEmailSchema>;

export function EmailSection({ email, twoFactor = false }: { email: string; twoFactor?: boolean }) {
  const uid = useId();
  const reauth = useRecentSignIn({ twoFactor });
  const { act } = useAction();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ChangeEmail, unknown, z.output<typeof changeEmailSchema>>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: "" },
    reValidateMode: "onSubmit",
  });

  async function onValid(data: z.output<typeof changeEmailSchema>) {
    const res = await act(() => reauth.run(() => changeEmail(data.newEmail)), {
      failure: "Email not changed",
      success: "Check your new inbox",
      description: `We sent a link to ${data.newEmail}. Your address changes when you open it.`,
    });
    if (!res.ok) {
      if (res.code !== "REAUTH_CANCELLED") form.setError("newEmail", { message: res.message });
      return;
    }
    form.reset();
    setSentTo(data.newEmail);
  }

  return (
    <FormSection
      title="Email address"
      intro={
        <>
          You sign in with <span className="font-medium text-ink">{email}</span>. To change it, we send a link to the new address; the
          change happens when you open it, and we tell your current address.
        </>
      }
      form={form}
      onValid={onValid}
      failureTitle="Email not changed"
      submitLabel="Send confirmation link"
      busyLabel="Sending..."
      after={reauth.dialog}
    >
      <InputField
        id={`${uid}-new-email`}
        label="New email address"
        type="email"
        autoComplete="email"
        required
        error={form.formState.errors.newEmail?.message}
        {...form.register("newEmail")}
      />
      {sentTo ? (
        <p role="status" className="text-sm text-emerald-900">
          Link sent to {sentTo}. It works for 24 hours.
        </p>
      ) : null}
    </FormSection>
  );
}
