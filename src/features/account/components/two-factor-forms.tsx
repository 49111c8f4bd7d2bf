import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { codeSchema, passwordConfirmSchema, totpCodeSchema } from "../account.schema.ts";

type Password = z.infer<typeof passwordConfirmSchema>;
type Code = z.output<typeof totpCodeSchema>;

/** `onValid` answers the message to show under the field, or null once done. */
type Submit<T> = (data: T) => Promise<string | null>;

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
  onValid: Submit<Password>;
  onCancel: () => void;
}) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Password>({ resolver: zodResolver(passwordConfirmSchema), defaultValues: { password: "" }, reValidateMode: "onSubmit" });

  async function submit(data: Password) {
    const message = await onValid(data);
    if (message) setError("password", { message });
  }

  return (
    <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate className="space-y-3">
      <input type="text" name="username" autoComplete="username" hidden readOnly aria-hidden="true" tabIndex={-1} value={email} />
      <InputField
        id={`${uid}-password`}
        label="Your password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        error={errors.password?.message}
        {...register("password")}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={danger ? "danger" : "primary"} disabled={isSubmitting}>
          {isSubmitting ? "Checking..." : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The first code from the authenticator app, which turns two-factor sign-in on. */
export function CodeConfirmForm({ onValid, onCancel }: { onValid: Submit<Code>; onCancel: () => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof totpCodeSchema>, unknown, Code>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: "" },
    reValidateMode: "onSubmit",
  });

  async function submit(data: Code) {
    const message = await onValid(data);
    if (message) setError("code", { message });
  }

  return (
    <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate className="space-y-3">
      <InputField
        id={`${uid}-code`}
        label="Code from your app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        error={errors.code?.message}
        className="mt-1 block w-40 rounded-md border border-slate-400 bg-white px-3 py-2 font-mono tracking-widest text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
        {...register("code")}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Checking..." : "Turn on two-factor sign-in"}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** An authenticator or backup code alone: an account without a password turning two-factor sign-in off. */
export function ProofCodeForm({
  submitLabel,
  onValid,
  onCancel,
}: {
  submitLabel: string;
  onValid: Submit<z.output<typeof codeSchema>>;
  onCancel: () => void;
}) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: "" },
    reValidateMode: "onSubmit",
  });

  async function submit(data: z.output<typeof codeSchema>) {
    const message = await onValid(data);
    if (message) setError("code", { message });
  }

  return (
    <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate className="space-y-3">
      <InputField
        id={`${uid}-proof-code`}
        label="Authenticator code or backup code"
        autoComplete="one-time-code"
        required
        autoFocus
        error={errors.code?.message}
        {...register("code")}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          {isSubmitting ? "Checking..." : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
