import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { firstMessage } from "~/lib/form.ts";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { setPasswordSchema, type SetPasswordInput } from "../account.schema.ts";
import { Section } from "./account-ui.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";
import { useRecentSignIn } from "./reauth-dialog.tsx";

/** The form's rules, then (once they pass) the match of the two passwords, told under the confirmation. */
const setPasswordFormSchema = setPasswordSchema.refine((v) => v.newPassword === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "Passwords do not match",
  when: ({ issues }) => issues.length === 0,
});

/** A first password for an account made by Google sign-in (POST /api/auth/set-password, after a recent sign-in). */
export function SetPassword({ twoFactor }: { twoFactor: boolean }) {
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
  } = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
    reValidateMode: "onSubmit",
  });

  async function onValid(data: SetPasswordInput) {
    const res = await reauth.run(() => request("/api/auth/set-password", { json: { newPassword: data.newPassword } }));
    if (!res.ok) {
      if (res.fields.newPassword) setError("newPassword", { message: res.fields.newPassword });
      toast.error("Password not set", { description: res.message });
      return;
    }
    reset();
    toast.success("Password set", {
      description: "You can now sign in with your email address and this password too. We sent you a notice by email.",
    });
    await revalidator.revalidate();
  }

  return (
    <Section id={`${uid}-title`} title="Password" intro="You sign in with Google. Set a password to sign in with your email address too.">
      <form
        onSubmit={(e) => void handleSubmit(onValid, (errs) => toast.error("Password not set", { description: firstMessage(errs) }))(e)}
        noValidate
        className="space-y-4"
      >
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly aria-hidden="true" tabIndex={-1} />
        <NewPasswordFields id={uid} register={register} errors={errors} />
        <Button type="submit" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? "Setting..." : "Set a password"}
        </Button>
      </form>
      {reauth.dialog}
    </Section>
  );
}
