import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { ApiResult } from "~/lib/api-client.ts";
import { Button } from "~/ui/button.tsx";
import { Modal } from "~/ui/modal.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import { setServerErrors } from "~/lib/form.ts";
import { reauthSchema, type ReauthInput } from "../account.schema.ts";
import type { ReauthMethods } from "../account.types.ts";
import { getReauthMethods, reauthenticate } from "../account.api.ts";
import { GoogleReauthForm, useGoogleReauthOutcome } from "./google-reauth.tsx";
import { ReauthFields } from "./reauth-fields.tsx";

type ReauthFields = z.input<typeof reauthSchema>;

/** The refusal of a sensitive change whose session's last sign-in is too old (see requireRecentSignIn). */
export const REAUTH_REQUIRED = "REAUTH_REQUIRED";
/** What `run` answers when the user closed the dialog instead of entering their password. */
export const REAUTH_CANCELLED = "REAUTH_CANCELLED";

function ReauthDialog({ open, askCode, onDone }: { open: boolean; askCode: boolean; onDone: (ok: boolean) => void }) {
  const [methods, setMethods] = useState<ReauthMethods | null>(null);
  useEffect(() => {
    void getReauthMethods().then((res) => {
      // Without an answer, the password form (the server says what is wrong when it is sent).
      setMethods(res.ok ? res.data : { password: true, google: false, twoFactor: askCode });
    });
  }, [askCode]);
  const withGoogle = !!methods && !methods.password && methods.google;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onDone(false);
      }}
      title="Confirm it is you"
      description={
        withGoogle
          ? "You signed in more than 10 minutes ago. Sign in with Google again to make this change."
          : "You signed in more than 10 minutes ago. Enter your password again to make this change."
      }
      dismissOnOutsideClick={false}
    >
      {!methods ? (
        <p className="text-sm text-muted">Loading...</p>
      ) : withGoogle ? (
        <GoogleReauthForm
          twoFactor={methods.twoFactor ?? false}
          actions={
            <Button variant="secondary" onClick={() => onDone(false)}>
              Cancel
            </Button>
          }
        />
      ) : (
        <PasswordReauthForm askCode={askCode || (methods.twoFactor ?? false)} onDone={onDone} />
      )}
    </Modal>
  );
}

function PasswordReauthForm({ askCode, onDone }: { askCode: boolean; onDone: (ok: boolean) => void }) {
  const uid = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [needsCode, setNeedsCode] = useState(askCode);
  const showCode = needsCode || askCode;
  useEffect(() => passwordRef.current?.focus(), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReauthFields, unknown, ReauthInput>({ resolver: zodResolver(reauthSchema), reValidateMode: "onSubmit" });

  async function onValid(data: ReauthInput) {
    const res = await reauthenticate(data);
    if (res.ok) {
      onDone(true);
      return;
    }
    if (res.code === "CODE_REQUIRED") setNeedsCode(true);
    if (Object.keys(res.fields).length) setServerErrors(setError, res.fields);
    else toastFailure(res, { title: "Not confirmed" });
  }

  return (
    <form onSubmit={(e) => void handleSubmit(onValid)(e)} noValidate className="space-y-4">
      <ReauthFields
        id={uid}
        password={register("password")}
        code={showCode ? register("code") : null}
        errors={{ password: errors.password?.message, code: errors.code?.message }}
        passwordRef={passwordRef}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => onDone(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Checking..." : "Confirm"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Sensitive changes: `run(call)` makes the call; when the server answers REAUTH_REQUIRED, a dialog asks for the
 * password (and a code when two-factor sign-in is on, or when the server asks for one), then the call is made
 * again. An account without a password goes through Google instead and comes back to the page, which says so;
 * the change is then made again by the user. Render `dialog` once in the component. A closed dialog answers the failure with code REAUTH_CANCELLED.
 */
export function useRecentSignIn({ twoFactor = false }: { twoFactor?: boolean } = {}): {
  run: <T>(call: () => Promise<ApiResult<T>>) => Promise<ApiResult<T>>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<((ok: boolean) => void) | null>(null);
  useGoogleReauthOutcome();
  const run = useCallback(async <T,>(call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> => {
    const first = await call();
    if (first.ok || first.code !== REAUTH_REQUIRED) return first;
    const confirmed = await new Promise<boolean>((resolve) => setPending(() => resolve));
    setPending(null);
    if (!confirmed) return { ...first, code: REAUTH_CANCELLED, message: "Nothing was changed: your password was not entered again." };
    return call();
  }, []);
  const dialog = pending ? <ReauthDialog open askCode={twoFactor} onDone={(ok) => pending(ok)} /> : null;
  return { run, dialog };
}
