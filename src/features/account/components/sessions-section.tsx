import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import type { AccountSession } from "../account.types.ts";
import { revokeOtherSessions, revokeSession } from "../account.api.ts";
import { toastFailure } from "~/ui/toast-failure.ts";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { Section } from "./account-ui.tsx";
import { formatDateTime } from "~/lib/format.ts";

const formatDate = (iso: string) => formatDateTime(iso);

export function SessionsSection({ sessions }: { sessions: AccountSession[] }) {
  const uid = useId();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current);

  async function end(session: AccountSession) {
    setBusy(session.id);
    const res = await revokeSession(session.id);
    setBusy(null);
    if (!res.ok) toastFailure(res, { title: "Session not ended" });
    else toast.success("Session ended", { description: `${session.browser} on ${session.os} is signed out.` });
    await revalidator.revalidate();
  }

  async function endOthers() {
    setBusy("others");
    const res = await revokeOtherSessions();
    setBusy(null);
    if (!res.ok) toastFailure(res, { title: "Sessions not ended" });
    else toast.success("Other sessions ended", { description: "You are signed out everywhere else." });
    await revalidator.revalidate();
  }

  return (
    <Section id={`${uid}-title`} title="Sessions" intro="Browsers and devices where you are signed in. End any you do not recognise.">
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-ink">
                {s.browser} on {s.os}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">This browser</span>
                ) : null}
              </p>
              <p className="mt-1 text-muted">
                {s.ipAddress ? <>IP {s.ipAddress} · </> : null}Signed in {formatDate(s.createdAt)} · Last active{" "}
                {formatDate(s.lastActiveAt)}
              </p>
            </div>
            {s.current ? null : (
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0 self-start sm:self-center"
                disabled={!hydrated || busy !== null}
                onClick={() => void end(s)}
                aria-label={`Sign out ${s.browser} on ${s.os}, last active ${formatDate(s.lastActiveAt)}`}
              >
                {busy === s.id ? "Signing out..." : "Sign out"}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length ? (
        <Button variant="secondary" className="mt-4" disabled={!hydrated || busy !== null} onClick={() => void endOthers()}>
          {busy === "others" ? "Signing out..." : "Sign out all other sessions"}
        </Button>
      ) : (
        <p className="mt-4 text-sm text-muted">You are not signed in anywhere else.</p>
      )}
    </Section>
  );
}
