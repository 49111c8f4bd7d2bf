import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { disableTwoFactor, enableTwoFactor, generateBackupCodes, verifyTwoFactorCode } from "~/features/auth/auth.api.ts";
import type { TwoFactorSecrets } from "~/features/auth/auth.types.ts";
import type { ApiResult } from "~/lib/api-client.ts";
import { disableTwoFactorWithCode } from "../account.api.ts";
import { Section } from "./account-ui.tsx";
import { PasswordConfirmForm, ProofCodeForm } from "./two-factor-forms.tsx";
import { TwoFactorScan, TwoFactorStatus } from "./two-factor-scan.tsx";
import { useRecentSignIn } from "./reauth-dialog.tsx";
import { BackupCodes } from "./backup-codes.tsx";
import { useAction } from "~/ui/use-action.ts";

type Step =
  | { kind: "idle" }
  | { kind: "password"; purpose: "enable" | "disable" | "codes" }
  | { kind: "scan"; totpURI: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[] };

/** Two-factor sign-in with an authenticator app: enrolment (QR code, secret, a first code), backup codes, turning off. */
export function TwoFactorSection({
  enabled,
  email,
  onEnabled,
  title = "Two-factor sign-in",
  hasPassword = true,
}: {
  enabled: boolean;
  email: string;
  /** False for an account made by Google sign-in without a password: a recent sign-in (and a code to turn it off). */
  hasPassword?: boolean;
  /** Called once the backup codes are saved after turning it on (the enrolment page moves on). */
  onEnabled?: () => void;
  title?: string;
}) {
  const uid = useId();
  const revalidator = useRevalidator();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const { act } = useAction();
  // Not useAction's pending: turning it on or off, or new codes, says why it failed in its own words, and a dialog
  // closed without signing in again (an account without a password) is no failure to tell.
  const [busy, setBusy] = useState(false);
  const reauth = useRecentSignIn({ twoFactor: enabled });

  const reset = () => setStep({ kind: "idle" });

  /**
   * Turning it on or off, or new backup codes: with the password, or (no password) after a recent sign-in, and a
   * code to turn it off. Answers the message to show under the field, or null.
   */
  async function send(
    purpose: "enable" | "disable" | "codes",
    proof: { password: string } | { code: string } | null,
  ): Promise<string | null> {
    // A code (an account without a password) comes only to turn it off. Turning it on and new codes answer the
    // secrets; turning it off answers nothing the screen reads.
    const call = (): Promise<ApiResult<unknown>> =>
      proof && "code" in proof
        ? disableTwoFactorWithCode(proof.code)
        : purpose === "enable"
          ? enableTwoFactor(proof)
          : purpose === "codes"
            ? generateBackupCodes(proof)
            : disableTwoFactor(proof);
    setBusy(true);
    const res = await reauth.run(call);
    setBusy(false);
    if (!res.ok) {
      if (res.code === "REAUTH_CANCELLED" && !hasPassword) return null;
      const message = res.code === "INVALID_PASSWORD" ? "Your password is not correct" : (res.fields.code ?? res.message);
      toast.error("Two-factor sign-in", { description: message });
      return message;
    }
    const secrets = (purpose === "disable" ? null : res.data) as TwoFactorSecrets | null;
    if (purpose === "enable" && secrets?.totpURI && secrets.backupCodes) {
      setStep({ kind: "scan", totpURI: secrets.totpURI, backupCodes: secrets.backupCodes });
    } else if (purpose === "codes" && secrets?.backupCodes) {
      setStep({ kind: "codes", backupCodes: secrets.backupCodes });
    } else {
      const description = hasPassword ? "Signing in needs only your password now." : "Signing in needs only Google now.";
      toast.success("Two-factor sign-in is off", { description });
      reset();
      await revalidator.revalidate();
    }
    return null;
  }

  /** The buttons that start a step: without a password, turning on and new codes need nothing more to type. */
  const begin = (purpose: "enable" | "disable" | "codes") => {
    if (!hasPassword && purpose !== "disable") void send(purpose, null);
    else setStep({ kind: "password", purpose });
  };

  async function onConfirm(code: string, backupCodes: string[]): Promise<string | null> {
    // The status beside the backup codes says On with the toast, not once the codes are put away.
    const res = await act(
      async () => {
        const res = await verifyTwoFactorCode({ code });
        return !res.ok && res.code === "INVALID_CODE"
          ? { ...res, message: "That code is not right. Check your app and try the current code." }
          : res;
      },
      { failure: "Two-factor sign-in not turned on", success: "Two-factor sign-in is on", description: "Save your backup codes now." },
    );
    if (!res.ok) return res.message;
    setStep({ kind: "codes", backupCodes });
    return null;
  }

  return (
    <Section
      id={`${uid}-title`}
      title={title}
      intro={`After your ${hasPassword ? "password" : "Google sign-in"}, signing in asks for a code from an authenticator app on your phone.`}
    >
      <TwoFactorStatus enabled={enabled} />

      {step.kind === "idle" ? (
        enabled ? (
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => begin("codes")} disabled={busy}>
              Make new backup codes
            </Button>
            <Button variant="secondary" onClick={() => begin("disable")}>
              Turn off two-factor sign-in
            </Button>
          </div>
        ) : (
          <Button onClick={() => begin("enable")} disabled={busy}>
            Set up an authenticator app
          </Button>
        )
      ) : null}

      {step.kind === "password" && hasPassword ? (
        <PasswordConfirmForm
          key={step.purpose}
          email={email}
          danger={step.purpose === "disable"}
          submitLabel={step.purpose === "enable" ? "Continue" : step.purpose === "disable" ? "Turn off" : "Make new backup codes"}
          onValid={(proof) => send(step.purpose, proof)}
          onCancel={reset}
        />
      ) : null}
      {step.kind === "password" && !hasPassword ? (
        <ProofCodeForm key={step.purpose} submitLabel="Turn off" onValid={(proof) => send(step.purpose, proof)} onCancel={reset} />
      ) : null}

      {step.kind === "scan" ? (
        <TwoFactorScan totpURI={step.totpURI} onConfirm={(code) => onConfirm(code, step.backupCodes)} onCancel={reset} />
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
