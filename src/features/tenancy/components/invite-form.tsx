import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "~/ui/toast.ts";
import type { z } from "zod";
import { setServerErrors } from "~/lib/form.ts";
import { Button } from "~/ui/button.tsx";
import { EmailField } from "~/ui/email-field.tsx";
import { InputField } from "~/ui/field.tsx";
import { useAction } from "~/ui/use-action.ts";
import { ORGANIZATION_ROLES } from "../tenancy.types.ts";
import { inviteSchema, type InviteInput } from "../members.schema.ts";
import { inviteMember } from "../members.api.ts";
import { useBooksOrgId } from "~/features/ledger/index.ts";

/** Invite by email with a role; the server mails a one-time link valid 7 days. */
export function InviteForm() {
  const uid = useId();
  const orgId = useBooksOrgId();
  const { act } = useAction();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof inviteSchema>, unknown, InviteInput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: "", role: "viewer" },
  });

  async function onValid(values: InviteInput) {
    const res = await act(() => inviteMember(orgId, values), { failure: "Invitation not sent" });
    if (!res.ok) return setServerErrors(setError, res.fields, ["email", "role"]);
    reset({ email: "", role: values.role });
    toast.success("Invitation sent", { description: `${values.email} will receive a link valid for 7 days.` });
  }

  return (
    <form
      noValidate
      aria-labelledby={`${uid}-heading`}
      className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6"
      onSubmit={(e) => void handleSubmit(onValid)(e)}
    >
      <h2 id={`${uid}-heading`} className="text-xl font-bold text-ink">
        Invite a member
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <EmailField
          id={`${uid}-email`}
          markRequired
          autoComplete="off"
          maxLength={254}
          error={errors.email?.message}
          {...register("email")}
        />
        <InputField as="select" id={`${uid}-role`} label="Role" markRequired error={errors.role?.message} {...register("role")}>
          {ORGANIZATION_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </InputField>
        <Button type="submit" disabled={isSubmitting} className="sm:mt-7">
          {isSubmitting ? "Sending..." : "Send invitation"}
        </Button>
      </div>
    </form>
  );
}
