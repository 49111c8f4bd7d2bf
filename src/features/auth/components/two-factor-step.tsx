import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { backupCodeSchema, totpCodeSchema } from "~/features/account/account.schema.ts";
import { request } from "~/lib/api-client.ts";
import { UNEXPECTED } from "../auth-messages.ts";
import { inputClass } from "~/ui/field.tsx";

/** Answers after which the code step is over and the password must be given again. */
const STEP_OVER = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

/**
 * The second step of signing in when two-factor sign-in is on: a code from the authenticator app, or one of
 * the backup codes; "Trust this browser for 30 days" skips this step on this browser next time.
 */
export function TwoFactorStep({ from, onRestart }: { from: string; onRestart: (message: string) => void }) {
  const uid = useId();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, [backup]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const code = (form.elements.namedItem("code") as HTMLInputElement).value;
    const trustDevice = (form.elements.namedItem("trustDevice") as HTMLInputElement).checked;
    const parsed = (backup ? backupCodeSchema : totpCodeSchema).safeParse({ code, trustDevice });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Enter your code";
      setError(message);
      inputRef.current?.focus();
      toast.error("Verification failed", { description: message });
      return;
    }
    setBusy(true);
    const res = await request(`/api/auth${backup ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp"}`, { json: parsed.data });
    if (!res.ok) {
      setBusy(false);
      if (res.code && STEP_OVER.has(res.code)) {
        onRestart("The code step has ended. Please sign in again.");
        return;
      }
      const message =
        res.status === 0 || res.status >= 500
          ? UNEXPECTED
          : res.code === "INVALID_CODE" || res.code === "INVALID_BACKUP_CODE"
            ? backup
              ? "That backup code is not valid or was already used."
              : "That code is not right. Check your app and enter the current code."
            : res.message;
      setError(message);
      inputRef.current?.select();
      toast.error("Verification failed", { description: message });
      return;
    }
    toast.success("Welcome back!", { description: "You have successfully logged in." });
    await revalidator.revalidate();
    // The login page's loader, revalidated, has usually moved on already (to `from`, or to two-factor enrolment).
    if (window.location.pathname === "/login") navigate(from, { replace: true });
  }

  const errorId = `${uid}-error`;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <div>
        <h2 id={`${uid}-title`} className="text-lg font-semibold text-ink">
          {backup ? "Enter a backup code" : "Enter your authentication code"}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {backup
            ? "Use one of the backup codes you saved when you set up two-factor sign-in. Each code works once."
            : "Open your authenticator app and enter the 6-digit code for Ledgerline Advisors."}
        </p>
      </div>
      <div>
        <label htmlFor={`${uid}-code`} className="block text-sm font-medium text-ink">
          {backup ? "Backup code" : "Authentication code"}
        </label>
        <input
          key={backup ? "backup" : "totp"}
          ref={inputRef}
          id={`${uid}-code`}
          name="code"
          type="text"
          inputMode={backup ? "text" : "numeric"}
          autoComplete={backup ? "off" : "one-time-code"}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={backup ? 40 : 7}
          required
          className={`${inputClass} font-mono tracking-widest`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={() => setError(null)}
        />
        {error ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <input
          id={`${uid}-trust`}
          name="trustDevice"
          type="checkbox"
          className="h-4 w-4 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
        />
        <label htmlFor={`${uid}-trust`} className="text-sm text-ink">
          Trust this browser for 30 days
        </label>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <div className="space-y-2 text-center text-sm">
        <p>
          <button
            type="button"
            className="font-semibold text-brand-700 underline hover:text-brand-800"
            onClick={() => {
              setError(null);
              setBackup((b) => !b);
            }}
          >
            {backup ? "Use a code from your authenticator app" : "Use a backup code instead"}
          </button>
        </p>
        <p>
          <button type="button" className="text-muted underline hover:text-ink" onClick={() => onRestart("")}>
            Back to sign in
          </button>
        </p>
      </div>
    </form>
  );
}
