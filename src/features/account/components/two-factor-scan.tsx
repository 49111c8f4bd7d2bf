import { QrCode } from "./qr-code.tsx";
import { CodeConfirmForm } from "./two-factor-forms.tsx";

/** The base32 secret of an otpauth:// URI, in groups of four for typing. */
function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/** Enrolment's step with the app: the QR code or the key typed by hand, then a first code from the app. */
export function TwoFactorScan({
  totpURI,
  onConfirm,
  onCancel,
}: {
  totpURI: string;
  /** Answers the message to show under the code, or null. */
  onConfirm: (code: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-ink">
        <li>Open your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
        <li>Scan this QR code, or enter the key below by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <QrCode value={totpURI} label="QR code to add your Ledgerline Advisors account to an authenticator app" />
        <div className="min-w-0 text-sm">
          <p className="font-medium text-ink">Key for entering by hand</p>
          <p className="mt-1 break-all rounded bg-slate-100 px-2 py-1 font-mono text-ink" data-testid="totp-secret">
            {secretOf(totpURI)}
          </p>
          <p className="mt-1 text-muted">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <CodeConfirmForm onValid={({ code }) => onConfirm(code)} onCancel={onCancel} />
    </div>
  );
}

/** Whether two-factor sign-in is on, as the section's first line says it. */
export function TwoFactorStatus({ enabled }: { enabled: boolean }) {
  return (
    <p className="mb-4 text-sm">
      Status:{" "}
      {enabled ? (
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900">On</span>
      ) : (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-800">Off</span>
      )}
    </p>
  );
}
