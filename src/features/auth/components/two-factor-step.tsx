import { useEffect, useId, useRef, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useNavigate, useRevalidator } from "react-router";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { lazyZodResolver, submitOrTell } from "~/lib/form.ts";
import { UNEXPECTED } from "../auth-messages.ts";
import { verifyTwoFactorCode } from "../auth.api.ts";
import { inputClass, CheckboxField, InputField } from "~/ui/field.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";

/** Answers after which the code step is over and the password must be given again. */
const STEP_OVER = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

/** The code rules (`account.schema.ts`, as the server checks them) load on first use, off the page's first load. */
const loadCodeRules = () => import("~/features/account/account.schema.ts");
const totpResolver = lazyZodResolver(() => loadCodeRules().then((rules) => rules.totpCodeSchema));
const backupResolver = lazyZodResolver(() => loadCodeRules().then((rules) => rules.backupCodeSchema));

interface CodeInput {
  code: string;
  trustDevice?: boolean;
}

/**
 * The second step of signing in when two-factor sign-in is on: a code from the authenticator app, or one of
 * the backup codes; "Trust this browser for 30 days" skips this step on this browser next time.
 */
export function TwoFactorStep({ from, onRestart }: { from: string; onRestart: (message: string) => void }) {
  const uid = useId();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [backup, setBackup] = useState(false);
  const backupRef = useRef(backup);
  backupRef.current = backup;
  const resolver: Resolver<CodeInput, unknown, CodeInput> = (values, context, options) =>
    (backupRef.current ? backupResolver : totpResolver)(values, context, options);
  // The code's message goes as it is typed (no re-check until the next submit).
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CodeInput>({ resolver, reValidateMode: "onSubmit" });
  const error = errors.code?.message;

  useEffect(() => {
    setFocus("code");
  }, [backup, setFocus]);

  async function onValid(data: CodeInput) {
    const res = await verifyTwoFactorCode(data, backup);
    if (!res.ok) {
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
      setError("code", { message });
      setFocus("code", { shouldSelect: true });
      toast.error("Verification failed", { description: message });
      return;
    }
    toast.success("Welcome back!", { description: "You have successfully logged in." });
    await revalidator.revalidate();
    // The login page's loader, revalidated, has usually moved on already (to `from`, or to two-factor enrolment).
    if (window.location.pathname === "/login") navigate(from, { replace: true });
  }

  const onSubmit = submitOrTell(
    handleSubmit(onValid, (errs) => toast.error("Verification failed", { description: errs.code?.message ?? "Enter your code" })),
    () => toast.error("Verification failed", { description: UNEXPECTED }),
  );

  return (
    <form onSubmit={onSubmit} onFocus={totpResolver.preload} noValidate className="space-y-4">
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
      <InputField
        key={backup ? "backup" : "totp"}
        id={`${uid}-code`}
        label={backup ? "Backup code" : "Authentication code"}
        type="text"
        inputMode={backup ? "text" : "numeric"}
        autoComplete={backup ? "off" : "one-time-code"}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={backup ? 40 : 7}
        required
        className={`${inputClass} font-mono tracking-widest`}
        error={error}
        {...register("code", { onChange: () => clearErrors("code") })}
      />
      <CheckboxField id={`${uid}-trust`} label="Trust this browser for 30 days" {...register("trustDevice")} />
      <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? "Verifying..." : "Verify"}
      </Button>
      <div className="space-y-2 text-center text-sm">
        <p>
          <button
            type="button"
            className="font-semibold text-brand-700 underline hover:text-brand-800"
            onClick={() => {
              clearErrors("code");
              // The other kind of code starts empty.
              setValue("code", "");
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
