import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { toast } from "sonner";
import { request } from "~/lib/api-client.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import { codeSchema } from "../account.schema.ts";
import { checkForm, type Errors } from "./account-ui.tsx";

/** The query parameter the way back from Google adds to the page (see google-reauth.server.ts). */
const OUTCOME_PARAM = "reauth";

/**
 * Confirming it is you without a password: the code first when two-factor sign-in is on, then Google asks you to
 * sign in again and brings you back to this page, where the change can be made for the next 10 minutes.
 */
export function GoogleReauthForm({ twoFactor, actions }: { twoFactor: boolean; actions?: ReactNode }) {
  const uid = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    let code: string | undefined;
    if (twoFactor) {
      const { data, errors: found } = checkForm(e.currentTarget, codeSchema, ["code"]);
      setErrors(found);
      if (!data) return;
      code = data.code;
    }
    setBusy(true);
    const returnTo = `${window.location.pathname}${window.location.search}`;
    const res = await request<{ url: string }>("/api/account/reauthenticate/google", { json: { returnTo, code } });
    if (res.ok) {
      window.location.assign(res.data.url);
      return;
    }
    setBusy(false);
    if (Object.keys(res.fields).length) setErrors(res.fields);
    else toastFailure(res, { title: "Not confirmed" });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {twoFactor ? (
        <InputField
          id={`${uid}-code`}
          name="code"
          label="Authenticator code or backup code"
          autoComplete="one-time-code"
          required
          autoFocus
          error={errors.code}
        />
      ) : null}
      <p className="text-sm text-muted">Google asks you to sign in again, then brings you back to this page to make your change.</p>
      <div className="flex flex-wrap justify-end gap-3">
        {actions}
        <Button type="submit" disabled={busy} autoFocus={!twoFactor}>
          {busy ? "Opening Google..." : "Continue with Google"}
        </Button>
      </div>
    </form>
  );
}

/** Back from Google: says whether it confirmed it is you, once, and takes the marker out of the address. */
export function useGoogleReauthOutcome() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get(OUTCOME_PARAM);
    if (!outcome) return;
    url.searchParams.delete(OUTCOME_PARAM);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    if (outcome === "google") toast.success("You confirmed it is you", { description: "Make your change again within 10 minutes." });
    else toast.error("Not confirmed", { description: "Google did not confirm it is you. Try again." });
  }, []);
}
