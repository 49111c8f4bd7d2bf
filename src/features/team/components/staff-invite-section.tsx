import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { setServerErrors } from "~/lib/form.ts";
import { useAction } from "~/ui/use-action.ts";
import { staffInviteSchema, type StaffInviteInput } from "../team.schema.ts";
import { inviteStaff } from "../team.api.ts";
import { TeamSection } from "./team-section.tsx";

const FIELDS = [
  { name: "email", label: "Email", type: "email", autoComplete: "off", required: true },
  { name: "firstName", label: "First name", type: "text", autoComplete: "off", required: false },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "off", required: false },
] as const;

/** Invite a staff member: their account is created with the staff role and a mail lets them choose a password. */
export function StaffInviteSection() {
  const uid = useId();
  const { act } = useAction();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StaffInviteInput>({ resolver: zodResolver(staffInviteSchema), defaultValues: { email: "", firstName: "", lastName: "" } });

  async function onValid(data: StaffInviteInput) {
    const res = await act(() => inviteStaff(data), {
      failure: "Invitation not sent",
      success: "Invitation sent",
      description: `${data.email.trim()} will get a mail to choose a password.`,
    });
    if (!res.ok)
      return setServerErrors(
        setError,
        res.fields,
        FIELDS.map((f) => f.name),
      );
    reset();
  }

  return (
    <TeamSection
      id={`${uid}-title`}
      title="Invite a staff member"
      intro="Creates the account with the staff role and mails a link, valid 7 days, to choose a password."
    >
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          {FIELDS.map((f) => (
            <InputField
              key={f.name}
              id={`${uid}-${f.name}`}
              label={f.label}
              markRequired={f.required}
              optional={!f.required}
              type={f.type}
              autoComplete={f.autoComplete}
              required={f.required}
              maxLength={f.name === "email" ? 254 : 100}
              error={errors[f.name]?.message}
              {...register(f.name)}
            />
          ))}
        </div>
        <Button type="submit" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? "Sending..." : "Send invitation"}
        </Button>
      </form>
    </TeamSection>
  );
}
