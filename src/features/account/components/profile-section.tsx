import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { NameFields } from "~/ui/name-fields.tsx";
import { useAction } from "~/ui/use-action.ts";
import type { AccountProfile } from "../account.types.ts";
import { profileSchema, type ProfileInput } from "../account.schema.ts";
import { saveProfile } from "../account.api.ts";
import { FormSection } from "./account-ui.tsx";

export function ProfileSection({ profile }: { profile: AccountProfile }) {
  const uid = useId();
  const { act } = useAction();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName, companyName: profile.companyName },
    reValidateMode: "onSubmit",
  });

  async function onValid(data: ProfileInput) {
    await act(() => saveProfile(data), { failure: "Profile not saved", success: "Profile updated" });
  }

  return (
    <FormSection
      title="Profile"
      intro="Your name and company as they appear on your documents and messages."
      form={form}
      onValid={onValid}
      failureTitle="Profile not saved"
      submitLabel="Save profile"
      busyLabel="Saving..."
    >
      <NameFields id={uid} register={form.register} errors={form.formState.errors} />
    </FormSection>
  );
}
