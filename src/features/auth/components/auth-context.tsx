import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { SessionUser } from "~/server/context.ts";

export interface AuthState {
  user: SessionUser | null;
  session: { id: string } | null;
  loading: boolean;
  signOut: () => void;
}

const AuthContext = createContext<AuthState>({ user: null, session: null, loading: true, signOut: () => {} });

/** The signed-in user comes from the server (root loader), so it is known on the first render. */
export function AuthProvider({ user, sessionId, children }: { user: SessionUser | null; sessionId: string | null; children: ReactNode }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const signOut = useCallback(() => {
    void fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).finally(() => {
      navigate("/", { replace: true });
      void revalidator.revalidate();
    });
  }, [navigate, revalidator]);
  const value = useMemo<AuthState>(
    () => ({ user, session: sessionId ? { id: sessionId } : null, loading: false, signOut }),
    [user, sessionId, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
