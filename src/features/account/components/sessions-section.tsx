import { useId, useState } from "react";
import { Button } from "~/ui/button.tsx";
import type { AccountSession } from "../account.types.ts";
import { revokeOtherSessions, revokeSession } from "../account.api.ts";
import { useAction } from "~/ui/use-action.ts";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { Section } from "./account-ui.tsx";
import { formatDateTime } from "~/lib/format.ts";

const formatDate = (iso: string) => formatDateTime(iso);

export function SessionsSection({ sessions }: { sessions: AccountSession[] }) {
  const uid = useId();
  const hydrated = useHydrated();
  const { act, pending } = useAction();
  // Which button was pressed last ("others" or a session's id): it says "Signing out..." while `pending`.
  const [ending, setEnding] = useState<string | null>(null);
  const busy = pending ? ending : null;
  const others = sessions.filter((s) => !s.current);

  function end(session: AccountSession) {
    setEnding(session.id);
    return act(() => revokeSession(session.id), {
      failure: "Session not ended",
      success: "Session ended",
      description: `${session.browser} on ${session.os} is signed out.`,
    });
  }

  function endOthers() {
    setEnding("others");
    return act(() => revokeOtherSessions(), {
      failure: "Sessions not ended",
      success: "Other sessions ended",
      description: "You are signed out everywhere else.",
    });
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
                disabled={!hydrated || pending}
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
        <Button variant="secondary" className="mt-4" disabled={!hydrated || pending} onClick={() => void endOthers()}>
          {busy === "others" ? "Signing out..." : "Sign out all other sessions"}
        </Button>
      ) : (
        <p className="mt-4 text-sm text-muted">You are not signed in anywhere else.</p>
      )}
    </Section>
  );
}
