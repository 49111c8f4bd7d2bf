import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { InputField } from "~/ui/field.tsx";
import type { AccountProfile } from "../account.types.ts";
import { profileSchema, type ProfileInput } from "../account.schema.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { Section, checkForm, useHydrated, type Errors } from "./account-ui.tsx";

const PROFILE_FIELDS = ["firstName", "lastName", "companyName"] as const;

export function ProfileSection({ profile }: { profile: AccountProfile }) {
  const uid = useId();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { data, errors: found } = checkForm<ProfileInput>(e.currentTarget, profileSchema, PROFILE_FIELDS);
    setErrors(found);
    if (!data) {
      toast.error("Profile not saved", { description: Object.values(found).find(Boolean) });
      return;
    }
    setBusy(true);
    const res = await request("/api/account/profile", { json: data });
    setBusy(false);
    if (!res.ok) {
      toastFailure(res, { title: "Profile not saved" });
      return;
    }
    toast.success("Profile updated");
    await revalidator.revalidate();
  }

  return (
    <Section id={`${uid}-title`} title="Profile" intro="Your name and company as they appear on your documents and messages.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id={`${uid}-first`}
            name="firstName"
            label="First name"
            autoComplete="given-name"
            required
            defaultValue={profile.firstName}
            error={errors.firstName}
          />
          <InputField
            id={`${uid}-last`}
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            required
            defaultValue={profile.lastName}
            error={errors.lastName}
          />
        </div>
        <InputField
          id={`${uid}-company`}
          name="companyName"
          label="Company name"
          optional
          autoComplete="organization"
          defaultValue={profile.companyName}
          error={errors.companyName}
        />
        <Button type="submit" disabled={!hydrated || busy}>
          {busy ? "Saving..." : "Save profile"}
        </Button>
      </form>
    </Section>
  );
}
