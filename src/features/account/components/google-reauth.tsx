import { useEffect, useId, useState, type ReactNode } from "react";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { InputField } from "~/ui/field.tsx";
import { toastFailure } from "~/ui/toast-failure.ts";
import { codeSchema } from "../account.schema.ts";
import { startGoogleReauth } from "../account.api.ts";
import { PROOF_CODE_FIELD, useOneFieldForm } from "./one-field-form.tsx";

/** The query parameter the way back from Google adds to the page (see google-reauth.server.ts). */
const OUTCOME_PARAM = "reauth";

/**
 * Confirming it is you without a password: the code first when two-factor sign-in is on, then Google asks you to
 * sign in again and brings you back to this page, where the change can be made for the next 10 minutes.
 */
export function GoogleReauthForm({ twoFactor, actions }: { twoFactor: boolean; actions?: ReactNode }) {
  const uid = useId();
  // Stays busy while the browser leaves for Google.
  const [leaving, setLeaving] = useState(false);
  // Without two-factor sign-in there is nothing to type: the code's rule applies only when it is asked.
  const form = useOneFieldForm("code", twoFactor ? codeSchema : undefined, async (data) => {
    const returnTo = `${window.location.pathname}${window.location.search}`;
    const res = await startGoogleReauth({ returnTo, code: twoFactor ? data.code : undefined });
    if (res.ok) {
      setLeaving(true);
      window.location.assign(res.data.url);
      return null;
    }
    if (Object.keys(res.fields).length) return res.fields.code ?? null;
    toastFailure(res, { title: "Not confirmed" });
    return null;
  });

  const busy = form.isSubmitting || leaving;
  return (
    <form onSubmit={form.onSubmit} noValidate className="space-y-4">
      {twoFactor ? <InputField id={`${uid}-code`} required {...PROOF_CODE_FIELD} {...form.field} /> : null}
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
