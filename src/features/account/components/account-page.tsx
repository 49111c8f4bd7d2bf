import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { InputField } from "~/ui/field.tsx";
import type { AccountProfile, AccountSession } from "../account.types.ts";
import { changeEmailSchema, changePasswordSchema, profileSchema, type ChangePasswordInput, type ProfileInput } from "../account.schema.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { Section, checkForm, type Errors } from "./account-ui.tsx";
import { TwoFactorSection } from "./two-factor-section.tsx";
import { Notice } from "~/ui/notice.tsx";

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** /account: the signed-in user's profile, password, two-factor sign-in and sessions. */
export function AccountPage({
  profile,
  sessions,
  notice = null,
}: {
  profile: AccountProfile;
  sessions: AccountSession[];
  notice?: { kind: "success" | "error"; text: string } | null;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-12">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Your account</h1>
      <p className="mt-1 text-sm text-muted">
        Signed in as <span className="font-medium text-ink">{profile.email}</span>
      </p>
      {notice ? <Notice notice={notice} /> : null}
      <div className="mt-8 space-y-6">
        <ProfileSection profile={profile} />
        <EmailSection email={profile.email} />
        <PasswordSection />
        <TwoFactorSection enabled={profile.twoFactorEnabled} email={profile.email} />
        <SessionsSection sessions={sessions} />
      </div>
    </div>
  );
}

const PROFILE_FIELDS = ["firstName", "lastName", "companyName"] as const;

function ProfileSection({ profile }: { profile: AccountProfile }) {
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

function EmailSection({ email }: { email: string }) {
  const uid = useId();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const { data, errors: found } = checkForm(form, changeEmailSchema, ["newEmail"]);
    setErrors(found);
    if (!data) {
      toast.error("Email not changed", { description: found.newEmail });
      return;
    }
    setBusy(true);
    const res = await request("/api/auth/change-email", { json: { newEmail: data.newEmail } });
    setBusy(false);
    if (!res.ok) {
      setErrors({ newEmail: res.message });
      toast.error("Email not changed", { description: res.message });
      return;
    }
    form.reset();
    setSentTo(data.newEmail);
    toast.success("Check your new inbox", { description: `We sent a link to ${data.newEmail}. Your address changes when you open it.` });
  }

  return (
    <Section
      id={`${uid}-title`}
      title="Email address"
      intro={
        <>
          You sign in with <span className="font-medium text-ink">{email}</span>. To change it, we send a link to the new address; the
          change happens when you open it, and we tell your current address.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <InputField
          id={`${uid}-new-email`}
          name="newEmail"
          label="New email address"
          type="email"
          autoComplete="email"
          required
          error={errors.newEmail}
        />
        {sentTo ? (
          <p role="status" className="text-sm text-emerald-900">
            Link sent to {sentTo}. It works for 24 hours.
          </p>
        ) : null}
        <Button type="submit" disabled={!hydrated || busy}>
          {busy ? "Sending..." : "Send confirmation link"}
        </Button>
      </form>
    </Section>
  );
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

function PasswordSection() {
  const uid = useId();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { data, errors: found } = checkForm<ChangePasswordInput>(e.currentTarget, changePasswordSchema, PASSWORD_FIELDS);
    if (data && data.newPassword !== data.confirmPassword) found.confirmPassword = "Passwords do not match";
    setErrors(found);
    if (!data || found.confirmPassword) {
      toast.error("Password not changed", { description: Object.values(found).find(Boolean) });
      return;
    }
    setBusy(true);
    const res = await request("/api/auth/change-password", {
      json: {
        currentPassword: data.currentPassword,
        newPassword: data.newPassword,
        revokeOtherSessions: true,
      },
    });
    setBusy(false);
    if (!res.ok) {
      const message = res.code === "INVALID_PASSWORD" ? "Your current password is not correct" : res.message;
      if (res.code === "INVALID_PASSWORD") setErrors({ currentPassword: message });
      toast.error("Password not changed", { description: message });
      return;
    }
    formRef.current?.reset();
    toast.success("Password changed", { description: "Every other session was signed out. We sent you a notice by email." });
    await revalidator.revalidate();
  }

  return (
    <Section
      id={`${uid}-title`}
      title="Password"
      intro="Changing your password signs out every other browser and device where you are signed in."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly aria-hidden="true" tabIndex={-1} />
        <InputField
          id={`${uid}-current`}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id={`${uid}-new`}
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            error={errors.newPassword}
          />
          <InputField
            id={`${uid}-confirm`}
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
        </div>
        <p className="text-xs text-muted">At least 8 characters. Very common passwords are refused.</p>
        <Button type="submit" disabled={!hydrated || busy}>
          {busy ? "Changing..." : "Change password"}
        </Button>
      </form>
    </Section>
  );
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatDate = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

function SessionsSection({ sessions }: { sessions: AccountSession[] }) {
  const uid = useId();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current);

  async function end(session: AccountSession) {
    setBusy(session.id);
    const res = await request("/api/account/sessions/revoke", { json: { sessionId: session.id } });
    setBusy(null);
    if (!res.ok) toastFailure(res, { title: "Session not ended" });
    else toast.success("Session ended", { description: `${session.browser} on ${session.os} is signed out.` });
    await revalidator.revalidate();
  }

  async function endOthers() {
    setBusy("others");
    const res = await request("/api/account/sessions/revoke-others", { json: {} });
    setBusy(null);
    if (!res.ok) toastFailure(res, { title: "Sessions not ended" });
    else toast.success("Other sessions ended", { description: "You are signed out everywhere else." });
    await revalidator.revalidate();
  }

  return (
    <Section id={`${uid}-title`} title="Sessions" intro="Browsers and devices where you are signed in. End any you do not recognise.">
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-ink">
                {s.browser} on {s.os}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">This browser</span>
                ) : null}
              </p>
              <p className="mt-1 text-muted">
                {s.ipAddress ? <>IP {s.ipAddress} · </> : null}Signed in {formatDate(s.createdAt)} · Last active{" "}
                {formatDate(s.lastActiveAt)}
              </p>
            </div>
            {s.current ? null : (
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0 self-start sm:self-center"
                disabled={!hydrated || busy !== null}
                onClick={() => void end(s)}
                aria-label={`Sign out ${s.browser} on ${s.os}, last active ${formatDate(s.lastActiveAt)}`}
              >
                {busy === s.id ? "Signing out..." : "Sign out"}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length ? (
        <Button variant="secondary" className="mt-4" disabled={!hydrated || busy !== null} onClick={() => void endOthers()}>
          {busy === "others" ? "Signing out..." : "Sign out all other sessions"}
        </Button>
      ) : (
        <p className="mt-4 text-sm text-muted">You are not signed in anywhere else.</p>
      )}
    </Section>
  );
}
