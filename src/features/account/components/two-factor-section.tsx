import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button.tsx";
import { request } from "~/lib/api-client.ts";
import { Section } from "./account-ui.tsx";
import { CodeConfirmForm, PasswordConfirmForm } from "./two-factor-forms.tsx";
import { useRecentSignIn } from "./reauth-dialog.tsx";
import { QrCode } from "./qr-code.tsx";

type Step =
  | { kind: "idle" }
  | { kind: "password"; purpose: "enable" | "disable" | "codes" }
  | { kind: "scan"; totpURI: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[] };

/** The base32 secret of an otpauth:// URI, in groups of four for typing. */
function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

function downloadCodes(codes: string[], email: string) {
  const text = [
    "Ledgerline Advisors - backup codes for two-factor sign-in",
    `Account: ${email}`,
    "Each code works once, when your authenticator app is not at hand.",
    "",
    ...codes,
    "",
  ].join("\n");
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "ledgerline-backup-codes.txt";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function BackupCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const uid = useId();
  return (
    <div role="region" aria-labelledby={`${uid}-codes`} className="rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 id={`${uid}-codes`} className="font-semibold text-amber-950">
        Your backup codes
      </h3>
      <p className="mt-1 text-sm text-amber-950">
        Keep these somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-ink" aria-label="Backup codes">
        {codes.map((c) => (
          <li key={c} className="rounded bg-white px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => downloadCodes(codes, email)}>
          Download as a text file
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </div>
  );
}

/** Two-factor sign-in with an authenticator app: enrolment (QR code, secret, a first code), backup codes, turning off. */
export function TwoFactorSection({
  enabled,
  email,
  onEnabled,
  title = "Two-factor sign-in",
}: {
  enabled: boolean;
  email: string;
  /** Called once the backup codes are saved after turning it on (the enrolment page moves on). */
  onEnabled?: () => void;
  title?: string;
}) {
  const uid = useId();
  const revalidator = useRevalidator();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const headingRef = useRef<HTMLParagraphElement>(null);
  const reauth = useRecentSignIn({ twoFactor: enabled });

  const reset = () => setStep({ kind: "idle" });

  async function onPassword(password: string, purpose: "enable" | "disable" | "codes"): Promise<string | null> {
    const path =
      purpose === "enable" ? "/two-factor/enable" : purpose === "disable" ? "/two-factor/disable" : "/two-factor/generate-backup-codes";
    const res = await reauth.run(() => request<{ totpURI?: string; backupCodes?: string[] }>(`/api/auth${path}`, { json: { password } }));
    if (!res.ok) {
      const message = res.code === "INVALID_PASSWORD" ? "Your password is not correct" : res.message;
      toast.error("Two-factor sign-in", { description: message });
      return message;
    }
    if (purpose === "enable" && res.data.totpURI && res.data.backupCodes) {
      setStep({ kind: "scan", totpURI: res.data.totpURI, backupCodes: res.data.backupCodes });
    } else if (purpose === "codes" && res.data.backupCodes) {
      setStep({ kind: "codes", backupCodes: res.data.backupCodes });
    } else {
      toast.success("Two-factor sign-in is off", { description: "Signing in needs only your password now." });
      reset();
      await revalidator.revalidate();
    }
    return null;
  }

  async function onConfirm(code: string, backupCodes: string[]): Promise<string | null> {
    const res = await request("/api/auth/two-factor/verify-totp", { json: { code } });
    if (!res.ok) {
      const message = res.code === "INVALID_CODE" ? "That code is not right. Check your app and try the current code." : res.message;
      toast.error("Two-factor sign-in not turned on", { description: message });
      return message;
    }
    toast.success("Two-factor sign-in is on", { description: "Save your backup codes now." });
    setStep({ kind: "codes", backupCodes });
    return null;
  }

  return (
    <Section
      id={`${uid}-title`}
      title={title}
      intro="After your password, signing in asks for a code from an authenticator app on your phone."
    >
      <p ref={headingRef} className="mb-4 text-sm">
        Status:{" "}
        {enabled ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900">On</span>
        ) : (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-800">Off</span>
        )}
      </p>

      {step.kind === "idle" ? (
        enabled ? (
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setStep({ kind: "password", purpose: "codes" })}>
              Make new backup codes
            </Button>
            <Button variant="secondary" onClick={() => setStep({ kind: "password", purpose: "disable" })}>
              Turn off two-factor sign-in
            </Button>
          </div>
        ) : (
          <Button onClick={() => setStep({ kind: "password", purpose: "enable" })}>Set up an authenticator app</Button>
        )
      ) : null}

      {step.kind === "password" ? (
        <PasswordConfirmForm
          key={step.purpose}
          email={email}
          danger={step.purpose === "disable"}
          submitLabel={step.purpose === "enable" ? "Continue" : step.purpose === "disable" ? "Turn off" : "Make new backup codes"}
          onValid={({ password }) => onPassword(password, step.purpose)}
          onCancel={reset}
        />
      ) : null}

      {step.kind === "scan" ? (
        <div className="space-y-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-ink">
            <li>Open your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
            <li>Scan this QR code, or enter the key below by hand.</li>
            <li>Type the 6-digit code the app shows.</li>
          </ol>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <QrCode value={step.totpURI} label="QR code to add your Ledgerline Advisors account to an authenticator app" />
            <div className="min-w-0 text-sm">
              <p className="font-medium text-ink">Key for entering by hand</p>
              <p className="mt-1 break-all rounded bg-slate-100 px-2 py-1 font-mono text-ink" data-testid="totp-secret">
                {secretOf(step.totpURI)}
              </p>
              <p className="mt-1 text-muted">Time-based, 6 digits, every 30 seconds.</p>
            </div>
          </div>
          <CodeConfirmForm onValid={({ code }) => onConfirm(code, step.backupCodes)} onCancel={reset} />
        </div>
      ) : null}

      {step.kind === "codes" ? (
        <BackupCodes
          codes={step.backupCodes}
          email={email}
          onDone={() => {
            reset();
            if (onEnabled) onEnabled();
            else void revalidator.revalidate();
          }}
        />
      ) : null}
      {reauth.dialog}
    </Section>
  );
}
