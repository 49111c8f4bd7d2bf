import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { UNEXPECTED, googleErrorMessage } from "../auth-messages.ts";
import type { ResetRequestInput, SignInInput, SignUpFormInput } from "../auth.schema.ts";
import { InputField } from "~/ui/field.tsx";
import { TwoFactorStep } from "./two-factor-step.tsx";
import { useAuthForm, type FormErrors, type FormValues } from "./use-auth-form.ts";

export type LoginMode = "signin" | "signup" | "reset" | "verify";

export interface LoginPageProps {
  /** Where to go after signing in (already checked to be a local path). */
  from: string;
  googleEnabled: boolean;
  /** Shown once above the form: the verification link worked, or did not. */
  notice: { kind: "success" | "error"; text: string } | null;
  /** Google sent the visitor back with an error. */
  googleError: { code: string | null; description: string | null } | null;
}

const headings: Record<LoginMode, { title: string; intro: string }> = {
  signin: { title: "Sign in to your account", intro: "Use your calculators and accounting workspace." },
  signup: { title: "Create your account", intro: "Save calculator results and keep your books in one place." },
  reset: { title: "Reset your password", intro: "We'll email you a link to choose a new password." },
  verify: { title: "Check your inbox", intro: "One more step: confirm your email address." },
};

/** The message of the first problem the schema reported. */
function firstError(errors: FormErrors<string>): string | undefined {
  return Object.values(errors).find((message) => typeof message === "string");
}

/** /login: sign in, create an account, or ask for a reset link; Google sign-in. */
export function LoginPage({ from, googleEnabled, notice, googleError }: LoginPageProps) {
  const [mode, setMode] = useState<LoginMode>("signin");
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [knownEmail, setKnownEmail] = useState("");
  const [twoFactor, setTwoFactor] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [mode]);

  useEffect(() => {
    if (googleError) toast.error("Google Sign-In failed", { description: googleErrorMessage(googleError.code, googleError.description) });
  }, [googleError]);

  const switchTo = (next: LoginMode) => {
    setUnverifiedEmail(null);
    setMode(next);
  };

  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
          {headings[mode].title}
        </h1>
        <p className="mt-1 text-sm text-muted">{headings[mode].intro}</p>

        {notice ? (
          <p
            role={notice.kind === "error" ? "alert" : "status"}
            className={
              notice.kind === "error"
                ? "mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
                : "mt-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
            }
          >
            {notice.text}
          </p>
        ) : null}

        <div className="mt-6">
          {mode === "signin" && twoFactor ? (
            <TwoFactorStep
              from={from}
              onRestart={(message) => {
                setTwoFactor(false);
                if (message) toast.error("Login failed", { description: message });
              }}
            />
          ) : mode === "signin" ? (
            <SignInForm
              from={from}
              defaultEmail={knownEmail}
              onUnverified={setUnverifiedEmail}
              onTwoFactor={(email) => {
                setKnownEmail(email);
                setTwoFactor(true);
              }}
            />
          ) : mode === "signup" ? (
            <SignUpForm
              from={from}
              onDone={(email) => {
                setKnownEmail(email);
                switchTo("verify");
              }}
            />
          ) : mode === "verify" ? (
            <CheckInbox email={knownEmail} from={from} onWrongAddress={() => switchTo("signup")} />
          ) : (
            <ResetRequestForm
              onDone={(email) => {
                setKnownEmail(email);
                switchTo("signin");
              }}
            />
          )}
        </div>

        {mode === "signin" && unverifiedEmail ? <ResendVerification email={unverifiedEmail} from={from} /> : null}

        {(mode === "signin" || mode === "signup") && !twoFactor ? <GoogleButton enabled={googleEnabled} from={from} /> : null}

        <div className="mt-6 space-y-2 text-center text-sm" hidden={twoFactor}>
          {mode === "signin" ? (
            <>
              <p>
                <button
                  type="button"
                  className="font-semibold text-brand-700 underline hover:text-brand-800"
                  onClick={() => switchTo("reset")}
                >
                  Forgot your password?
                </button>
              </p>
              <p className="text-muted">
                No account yet?{" "}
                <button
                  type="button"
                  className="font-semibold text-brand-700 underline hover:text-brand-800"
                  onClick={() => switchTo("signup")}
                >
                  Create an account
                </button>
              </p>
            </>
          ) : (
            <p className="text-muted">
              {mode === "signup" ? "Already have an account? " : mode === "verify" ? "Verified already? " : "Remembered it? "}
              <button
                type="button"
                className="font-semibold text-brand-700 underline hover:text-brand-800"
                onClick={() => switchTo("signin")}
              >
                Back to sign in
              </button>
            </p>
          )}
        </div>
      </div>

      <p className="mt-6 text-center text-xs text-muted">
        By continuing you agree to our{" "}
        <Link to="/terms" className="underline text-brand-800">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className="underline text-brand-800">
          Privacy Policy
        </Link>
        .
      </p>
      <p className="mt-2 text-center text-sm text-muted">
        Not a client yet?{" "}
        <Link to="/consultation" className="font-semibold text-brand-800 underline">
          Book a free consultation
        </Link>
      </p>
    </section>
  );
}

const SIGN_IN_FIELDS = ["email", "password", "rememberMe"] as const;

function SignInForm({
  from,
  defaultEmail,
  onUnverified,
  onTwoFactor,
}: {
  from: string;
  defaultEmail: string;
  onUnverified: (email: string | null) => void;
  /** The password was right and the account asks for a second factor. */
  onTwoFactor: (email: string) => void;
}) {
  const uid = useId();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { errors, submitting, hydrated, handleSubmit, formProps } = useAuthForm({
    fields: SIGN_IN_FIELDS,
    schema: (rules) => rules.signInSchema,
  });

  async function onValid(data: SignInInput) {
    onUnverified(null);
    const res = await request("/api/auth/sign-in/email", {
      json: { email: data.email, password: data.password, rememberMe: data.rememberMe },
    });
    if (!res.ok) {
      if (res.status === 403 && res.code === "EMAIL_NOT_VERIFIED") {
        onUnverified(data.email);
        toast.error("Login failed", {
          description: `${res.message}. Please verify your email address first: use the link we sent you, or send a new one below.`,
        });
        return;
      }
      toastFailure(res, { title: "Login failed" });
      return;
    }
    if ((res.data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) {
      onTwoFactor(data.email);
      return;
    }
    toast.success("Welcome back!", { description: "You have successfully logged in." });
    // The session is in the cookie now: reload the page data (header, auth context), then go on.
    await revalidator.revalidate();
    navigate(from, { replace: true });
  }

  return (
    <form
      {...formProps}
      method="post"
      noValidate
      onSubmit={handleSubmit(onValid, (errs) => toast.error("Login failed", { description: firstError(errs) }))}
      className="space-y-4"
    >
      <InputField
        id={`${uid}-email`}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={defaultEmail}
        error={errors.email}
      />
      <InputField
        id={`${uid}-password`}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="flex items-center gap-2">
        <input
          id={`${uid}-remember`}
          name="rememberMe"
          type="checkbox"
          defaultChecked
          className="h-4 w-4 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
        />
        <label htmlFor={`${uid}-remember`} className="text-sm text-ink">
          Remember me
        </label>
      </div>
      <Button type="submit" className="w-full" disabled={!hydrated || submitting}>
        {submitting ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}

const SIGN_UP_FIELDS = ["firstName", "lastName", "companyName", "email", "password", "confirmPassword"] as const;

function SignUpForm({ from, onDone }: { from: string; onDone: (email: string) => void }) {
  const uid = useId();
  const { errors, submitting, hydrated, handleSubmit, formProps } = useAuthForm({
    fields: SIGN_UP_FIELDS,
    schema: (rules) => rules.signUpFormSchema,
  });

  const mismatch = ({ password, confirmPassword }: FormValues<(typeof SIGN_UP_FIELDS)[number]>) =>
    Boolean(password && confirmPassword && password !== confirmPassword);
  const mismatchToast = () => toast.error("Password mismatch", { description: "Passwords do not match. Please try again." });

  async function onValid(data: SignUpFormInput, values: FormValues<(typeof SIGN_UP_FIELDS)[number]>) {
    if (mismatch(values)) {
      mismatchToast();
      return;
    }
    const res = await request("/api/auth/sign-up/email", {
      json: {
        email: data.email,
        password: data.password,
        name: `${data.firstName} ${data.lastName}`.trim(),
        firstName: data.firstName,
        lastName: data.lastName,
        companyName: data.companyName || null,
        // The page to carry on to once verified; the server builds the link's callback from local paths only.
        callbackURL: from,
      },
    });
    if (!res.ok) {
      toastFailure(res, { title: "Registration failed" });
      return;
    }
    // The next view says it, naming the address, with a way to get the mail again.
    onDone(data.email);
  }

  return (
    <form
      {...formProps}
      method="post"
      noValidate
      onSubmit={handleSubmit(onValid, (errs, values) =>
        mismatch(values) ? mismatchToast() : toast.error("Registration failed", { description: firstError(errs) }),
      )}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id={`${uid}-first`} name="firstName" label="First name" autoComplete="given-name" required error={errors.firstName} />
        <InputField id={`${uid}-last`} name="lastName" label="Last name" autoComplete="family-name" required error={errors.lastName} />
      </div>
      <InputField
        id={`${uid}-company`}
        name="companyName"
        label="Company name"
        optional
        autoComplete="organization"
        error={errors.companyName}
      />
      <InputField id={`${uid}-email`} name="email" label="Email" type="email" autoComplete="email" required error={errors.email} />
      <InputField
        id={`${uid}-password`}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        error={errors.password}
      />
      <InputField
        id={`${uid}-confirm`}
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <p className="text-xs text-muted">At least 8 characters. Very common passwords are refused.</p>
      <Button type="submit" className="w-full" disabled={!hydrated || submitting}>
        {submitting ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}

const RESET_REQUEST_FIELDS = ["email"] as const;

function ResetRequestForm({ onDone }: { onDone: (email: string) => void }) {
  const uid = useId();
  const { errors, submitting, hydrated, handleSubmit, formProps } = useAuthForm({
    fields: RESET_REQUEST_FIELDS,
    schema: (rules) => rules.resetRequestSchema,
  });

  async function onValid(data: ResetRequestInput) {
    const res = await request("/api/auth/request-password-reset", { json: { email: data.email, redirectTo: "/reset-password" } });
    if (!res.ok) {
      toastFailure(res, { title: "Error" });
      return;
    }
    toast.success("Password reset email sent", { description: "Check your email for password reset instructions." });
    onDone(data.email);
  }

  return (
    <form
      {...formProps}
      method="post"
      noValidate
      onSubmit={handleSubmit(onValid, (errs) => toast.error("Error", { description: firstError(errs) }))}
      className="space-y-4"
    >
      <InputField id={`${uid}-email`} name="email" label="Email" type="email" autoComplete="email" required error={errors.email} />
      <Button type="submit" className="w-full" disabled={!hydrated || submitting}>
        {submitting ? "Sending..." : "Send Reset Link"}
      </Button>
    </form>
  );
}

/** Sends the verification mail again; the link carries on to `from` like the first one. */
function useResend(email: string, from: string) {
  const [sending, setSending] = useState(false);
  async function resend() {
    setSending(true);
    const res = await request("/api/auth/send-verification-email", { json: { email, callbackURL: from } });
    setSending(false);
    if (res.ok) toast.success("Verification email sent", { description: `Check ${email} for the verification link.` });
    else toastFailure(res, { title: "Error" });
  }
  return { sending, resend };
}

function ResendVerification({ email, from }: { email: string; from: string }) {
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
function CheckInbox({ email, from, onWrongAddress }: { email: string; from: string; onWrongAddress: () => void }) {
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

function GoogleButton({ enabled, from }: { enabled: boolean; from: string }) {
  const noteId = useId();
  const [busy, setBusy] = useState(false);

  async function start() {
    if (!enabled) return;
    setBusy(true);
    const back = `/login?from=${encodeURIComponent(from)}&google=failed`;
    const res = await request<{ url?: string }>("/api/auth/sign-in/social", {
      json: {
        provider: "google",
        callbackURL: from,
        newUserCallbackURL: from,
        errorCallbackURL: back,
        disableRedirect: true,
      },
    });
    if (res.ok && res.data.url) {
      window.location.assign(res.data.url);
      return;
    }
    setBusy(false);
    toast.error("Google Sign-In failed", { description: res.ok ? UNEXPECTED : res.message });
  }

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button
        variant="secondary"
        className="mt-4 w-full"
        onClick={start}
        disabled={!enabled || busy}
        aria-describedby={enabled ? undefined : noteId}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
          <path
            fill="#FFC107"
            d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
          />
          <path
            fill="#FF3D00"
            d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
          />
          <path
            fill="#4CAF50"
            d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
          />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
        </svg>
        {busy ? "Redirecting to Google..." : "Continue with Google"}
      </Button>
      {enabled ? null : (
        <p id={noteId} className="mt-2 text-center text-xs text-muted">
          Google sign-in is not configured on this site.
        </p>
      )}
    </div>
  );
}
