import { useId, useState } from "react";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import { UNEXPECTED } from "../auth-messages.ts";
import { startGoogleSignIn } from "../auth.api.ts";

export function GoogleButton({ enabled, from }: { enabled: boolean; from: string }) {
  const noteId = useId();
  // Not useAction: the button says "Redirecting to Google..." until the browser has left, not only while the call runs.
  const [busy, setBusy] = useState(false);

  async function start() {
    if (!enabled) return;
    setBusy(true);
    const back = `/login?from=${encodeURIComponent(from)}&google=failed`;
    const res = await startGoogleSignIn({ callbackURL: from, newUserCallbackURL: from, errorCallbackURL: back });
    if (res.ok && res.data.url) {
      window.location.assign(res.data.url);
      return;
    }
    setBusy(false);
    toast.error("Google Sign-In failed", { description: res.ok ? UNEXPECTED : res.message });
  }

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button
        variant="secondary"
        className="mt-4 w-full"
        onClick={start}
        disabled={!enabled || busy}
        aria-describedby={enabled ? undefined : noteId}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
          <path
            fill="#FFC107"
            d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
          />
          <path
            fill="#FF3D00"
            d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
          />
          <path
            fill="#4CAF50"
            d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
          />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
        </svg>
        {busy ? "Redirecting to Google..." : "Continue with Google"}
      </Button>
      {enabled ? null : (
        <p id={noteId} className="mt-2 text-center text-xs text-muted">
          Google sign-in is not configured on this site.
        </p>
      )}
    </div>
  );
}
