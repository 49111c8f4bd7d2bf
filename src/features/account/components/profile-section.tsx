import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { firstMessage } from "~/lib/form.ts";
import { InputField } from "~/ui/field.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import type { AccountProfile } from "../account.types.ts";
import { profileSchema, type ProfileInput } from "../account.schema.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { Section } from "./account-ui.tsx";

export function ProfileSection({ profile }: { profile: AccountProfile }) {
  const uid = useId();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName, companyName: profile.companyName },
    reValidateMode: "onSubmit",
  });

  async function onValid(data: ProfileInput) {
    const res = await request("/api/account/profile", { json: data });
    if (!res.ok) {
      toastFailure(res, { title: "Profile not saved" });
      return;
    }
    toast.success("Profile updated");
    await revalidator.revalidate();
  }

  return (
    <Section id={`${uid}-title`} title="Profile" intro="Your name and company as they appear on your documents and messages.">
      <form
        onSubmit={(e) => void handleSubmit(onValid, (errs) => toast.error("Profile not saved", { description: firstMessage(errs) }))(e)}
        noValidate
        className="space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id={`${uid}-first`}
            label="First name"
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...register("firstName")}
          />
          <InputField
            id={`${uid}-last`}
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...register("lastName")}
          />
        </div>
        <InputField
          id={`${uid}-company`}
          label="Company name"
          optional
          autoComplete="organization"
          error={errors.companyName?.message}
          {...register("companyName")}
        />
        <Button type="submit" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? "Saving..." : "Save profile"}
        </Button>
      </form>
    </Section>
  );
}
