import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import type { SessionUser } from "~/server/context.ts";

export interface AuthState {
  user: SessionUser | null;
  session: { id: string } | null;
  /** True while the page data (and with it the session) is being reloaded. */
  loading: boolean;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthState>({ user: null, session: null, loading: true, signOut: async () => {} });

/** The signed-in user comes from the server (root loader), so it is known on the first render. */
export function AuthProvider({ user, sessionId, children }: { user: SessionUser | null; sessionId: string | null; children: ReactNode }) {
  const revalidator = useRevalidator();
  const signOut = useCallback(async () => {
    // The API client loads on sign-out: this provider is on every page, the client need not be.
    // Whatever the answer (even none), the page is left: the server ends the session when it can.
    await import("../auth.api.ts").then((api) => api.signOut()).catch(() => null);
    // A full load of the home page: no private data of the session stays in memory.
    window.location.replace("/");
  }, []);
  const loading = revalidator.state === "loading";
  const value = useMemo<AuthState>(
    () => ({ user, session: sessionId ? { id: sessionId } : null, loading, signOut }),
    [user, sessionId, loading, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
