import { TwoFactorSection } from "./two-factor-section.tsx";

/**
 * /account/two-factor-setup: where the firm's two-factor policy sends a user without a second factor, after their
 * password (or Google sign-in). Nothing else is reachable until it is done (or they sign out).
 */
export function TwoFactorSetupScreen({
  email,
  required,
  next,
  hasPassword,
}: {
  email: string;
  required: boolean;
  next: string;
  hasPassword: boolean;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-12">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Set up two-factor sign-in</h1>
      <p className="mt-2 text-sm text-muted">
        {required
          ? "Ledgerline Advisors requires two-factor sign-in for your account. Set up an authenticator app to continue."
          : "Two-factor sign-in is set up for your account."}
      </p>
      <div className="mt-8">
        <TwoFactorSection
          title="Your authenticator app"
          enabled={!required}
          email={email}
          hasPassword={hasPassword}
          onEnabled={() => window.location.assign(next)}
        />
      </div>
      <p className="mt-6 text-sm text-muted">Not now? Sign out from the menu at the top of the page.</p>
    </div>
  );
}
