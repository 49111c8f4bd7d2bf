import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "~/ui/toast.ts";
import { googleErrorMessage } from "../auth-messages.ts";
import { CheckInbox, ResendVerification } from "./check-inbox.tsx";
import { GoogleButton } from "./google-button.tsx";
import { Notice } from "~/ui/notice.tsx";
import { deferredModule } from "~/ui/deferred.tsx";

/** The forms (react-hook-form) are not part of the page's load: they are fetched on the visitor's first interaction (deferred.tsx). */
const forms = deferredModule(() => import("./auth-forms.ts"));
const SignInForm = forms.component((m) => m.SignInForm);
const SignUpForm = forms.component((m) => m.SignUpForm);
const ResetRequestForm = forms.component((m) => m.ResetRequestForm);
const TwoFactorStep = forms.component((m) => m.TwoFactorStep);

export type LoginMode = "signin" | "signup" | "reset" | "verify";

export interface LoginScreenProps {
  /** Where to go after signing in (already checked to be a local path). */
  from: string;
  googleEnabled: boolean;
  /** Open on the code step (a Google sign-in of an account with two-factor sign-in on). */
  codeStep?: boolean;
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

/** /login: sign in, create an account, or ask for a reset link; Google sign-in. */
export function LoginScreen({ from, googleEnabled, notice, googleError, codeStep = false }: LoginScreenProps) {
  const [mode, setMode] = useState<LoginMode>("signin");
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [knownEmail, setKnownEmail] = useState("");
  const [twoFactor, setTwoFactor] = useState(codeStep);
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

        {notice ? <Notice notice={notice} /> : null}

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
