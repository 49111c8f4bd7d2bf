import type { z } from "zod";
import { codeSchema, passwordConfirmSchema, totpCodeSchema } from "../account.schema.ts";
import { UsernameForPasswordManagers } from "~/ui/password-pair-fields.tsx";
import { OneFieldForm, PROOF_CODE_FIELD, type OneFieldSubmit } from "./one-field-form.tsx";

/** The password again, before turning two-factor sign-in on or off or making new backup codes. */
export function PasswordConfirmForm({
  email,
  danger,
  submitLabel,
  onValid,
  onCancel,
}: {
  email: string;
  danger: boolean;
  submitLabel: string;
  onValid: OneFieldSubmit<z.infer<typeof passwordConfirmSchema>>;
  onCancel: () => void;
}) {
  return (
    <OneFieldForm
      name="password"
      schema={passwordConfirmSchema}
      field={{ label: "Your password", type: "password", autoComplete: "current-password", autoFocus: true }}
      danger={danger}
      submitLabel={submitLabel}
      onValid={onValid}
      onCancel={onCancel}
    >
      <UsernameForPasswordManagers email={email} />
    </OneFieldForm>
  );
}

/** The first code from the authenticator app, which turns two-factor sign-in on. */
export function CodeConfirmForm({ onValid, onCancel }: { onValid: OneFieldSubmit<z.output<typeof totpCodeSchema>>; onCancel: () => void }) {
  return (
    <OneFieldForm
      name="code"
      schema={totpCodeSchema}
      field={{
        label: "Code from your app",
        inputMode: "numeric",
        autoComplete: "one-time-code",
        maxLength: 7,
        className:
          "mt-1 block w-40 rounded-md border border-slate-400 bg-white px-3 py-2 font-mono tracking-widest text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600",
      }}
      submitLabel="Turn on two-factor sign-in"
      onValid={onValid}
      onCancel={onCancel}
    />
  );
}

/** An authenticator or backup code alone: an account without a password turning two-factor sign-in off. */
export function ProofCodeForm({
  submitLabel,
  onValid,
  onCancel,
}: {
  submitLabel: string;
  onValid: OneFieldSubmit<z.output<typeof codeSchema>>;
  onCancel: () => void;
}) {
  return (
    <OneFieldForm
      name="code"
      schema={codeSchema}
      field={{ ...PROOF_CODE_FIELD, idSuffix: "proof-code" }}
      danger
      submitLabel={submitLabel}
      onValid={onValid}
      onCancel={onCancel}
    />
  );
}
