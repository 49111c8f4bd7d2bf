import { Button } from "~/ui/button.tsx";
import { sendVerificationEmail } from "../auth.api.ts";
import { useAction } from "~/ui/use-action.ts";

/** Sends the verification mail again; the link carries on to `from` like the first one. */
function useResend(email: string, from: string) {
  const { act, pending } = useAction();
  const resend = () =>
    void act(() => sendVerificationEmail(email, from), {
      failure: "Error",
      success: "Verification email sent",
      description: `Check ${email} for the verification link.`,
    });
  return { sending: pending, resend };
}

export function ResendVerification({ email, from }: { email: string; from: string }) {
  const { sending, resend } = useResend(email, from);
  return (
    <div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-950">
      <p>Your email address is not verified yet. Open the link in the email we sent you, or get a new one.</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={resend} disabled={sending}>
        {sending ? "Sending..." : "Resend verification email"}
      </Button>
    </div>
  );
}

/** After sign-up: where the verification mail went, what to do with it, and a way to get it again. */
export function CheckInbox({ email, from, onWrongAddress }: { email: string; from: string; onWrongAddress: () => void }) {
  const { sending, resend } = useResend(email, from);
  return (
    <div className="space-y-4 text-sm text-ink" data-testid="check-inbox">
      <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900">
        <strong className="font-semibold">Registration successful!</strong> Please check your email to verify your account.
      </p>
      <p>
        We sent a verification link to <strong className="break-all font-semibold">{email}</strong>. Open it within 24 hours: it confirms
        your address and signs you in.
      </p>
      <p className="text-muted">No email after a few minutes? Look in your spam folder, or send it again.</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={resend} disabled={sending}>
          {sending ? "Sending..." : "Resend verification email"}
        </Button>
        <button type="button" className="font-semibold text-brand-700 underline hover:text-brand-800" onClick={onWrongAddress}>
          Use a different email
        </button>
      </div>
    </div>
  );
}
