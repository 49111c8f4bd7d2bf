import type { ReactNode } from "react";
import type { AccountProfile, AccountSession } from "../account.types.ts";
import { TwoFactorSection } from "./two-factor-section.tsx";
import { Notice } from "~/ui/notice.tsx";
import { ProfileSection } from "./profile-section.tsx";
import { EmailSection } from "./email-section.tsx";
import { PasswordSection } from "./password-section.tsx";
import { SessionsSection } from "./sessions-section.tsx";
import { DataSection } from "./data-section.tsx";

/** /account: the signed-in user's profile, password, two-factor sign-in and sessions. */
export function AccountScreen({
  profile,
  sessions,
  notice = null,
  children,
}: {
  profile: AccountProfile;
  sessions: AccountSession[];
  notice?: { kind: "success" | "error"; text: string } | null;
  /** Sections of other features (the notification mails), after the sessions. */
  children?: ReactNode;
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
        <EmailSection email={profile.email} twoFactor={profile.twoFactorEnabled} />
        <PasswordSection twoFactor={profile.twoFactorEnabled} hasPassword={profile.hasPassword} />
        <TwoFactorSection enabled={profile.twoFactorEnabled} email={profile.email} hasPassword={profile.hasPassword} />
        <SessionsSection sessions={sessions} />
        {children}
        <DataSection twoFactor={profile.twoFactorEnabled} hasPassword={profile.hasPassword} />
      </div>
    </div>
  );
}
