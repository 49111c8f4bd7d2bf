import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { request } from "~/lib/api-client.ts";
import { Button } from "~/ui/button.tsx";
import { Field, describedBy, inputClass } from "~/ui/field.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import { staffInviteSchema, type StaffInviteInput } from "../team.schema.ts";
import { TeamSection } from "./team-section.tsx";

const FIELDS = [
  { name: "email", label: "Email", type: "email", autoComplete: "off", required: true },
  { name: "firstName", label: "First name", type: "text", autoComplete: "off", required: false },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "off", required: false },
] as const;

/** Invite a staff member: their account is created with the staff role and a mail lets them choose a password. */
export function StaffInviteSection() {
  const uid = useId();
  const revalidator = useRevalidator();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StaffInviteInput>({ resolver: zodResolver(staffInviteSchema), defaultValues: { email: "", firstName: "", lastName: "" } });

  async function onValid(data: StaffInviteInput) {
    const res = await request("/api/firm/team/invitations", { json: data });
    if (!res.ok) {
      for (const [name, message] of Object.entries(res.fields)) {
        if (FIELDS.some((f) => f.name === name)) setError(name as keyof StaffInviteInput, { message });
      }
      return toastFailure(res, { title: "Invitation not sent" });
    }
    toast.success("Invitation sent", { description: `${data.email.trim()} will get a mail to choose a password.` });
    reset();
    await revalidator.revalidate();
  }

  return (
    <TeamSection
      id={`${uid}-title`}
      title="Invite a staff member"
      intro="Creates the account with the staff role and mails a link, valid 7 days, to choose a password."
    >
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          {FIELDS.map((f) => {
            const id = `${uid}-${f.name}`;
            const error = errors[f.name]?.message;
            return (
              <Field key={f.name} id={id} label={f.label} required={f.required} error={error}>
                <input
                  id={id}
                  type={f.type}
                  autoComplete={f.autoComplete}
                  required={f.required}
                  maxLength={f.name === "email" ? 254 : 100}
                  className={inputClass}
                  {...describedBy(id, { error })}
                  {...register(f.name)}
                />
              </Field>
            );
          })}
        </div>
        <Button type="submit" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? "Sending..." : "Send invitation"}
        </Button>
      </form>
    </TeamSection>
  );
}
