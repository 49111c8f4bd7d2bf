import { useEffect, useState } from "react";
import { hasSessionHint } from "~/lib/session-hint.ts";
import type { SessionUser } from "~/server/context.ts";

/**
 * The signed-in user: from the page data, or, on a public page (the same HTML for everyone), from a small
 * session call after load, made only when the browser carries the session hint cookie (so a visitor who never
 * signed in loads no API client). Until it answers the header shows Login and Free Consultation.
 */
export function useSessionUser(data: { user: SessionUser | null; sessionKnown: boolean } | undefined): SessionUser | null {
  const [late, setLate] = useState<SessionUser | null>(null);
  const ask = data ? !data.sessionKnown : false;
  useEffect(() => {
    if (!ask || late || !hasSessionHint(document.cookie)) return;
    let live = true;
    void import("./session.api.ts")
      .then((api) => api.getSessionUser())
      .then((r) => {
        if (live && r.ok && r.data) setLate(r.data);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [ask, late]);
  return data?.user ?? late;
}
