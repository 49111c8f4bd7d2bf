import { UNEXPECTED } from "./auth-messages.ts";

export type AuthCallResult<T> = { ok: true; data: T } | { ok: false; status: number; code: string | null; message: string };

/**
 * Calls one of the auth endpoints (`/api/auth/<path>`) from the browser with a JSON body. A failure carries
 * the server's message (or, for a network error or a server fault, the spec's unexpected-failure text).
 */
export async function callAuth<T = unknown>(path: string, body: unknown): Promise<AuthCallResult<T>> {
  let res: Response;
  try {
    res = await fetch(`/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: null, message: UNEXPECTED };
  }
  const data = (await res.json().catch(() => null)) as (T & { message?: unknown; code?: unknown }) | null;
  if (res.ok) return { ok: true, data: data as T };
  const message = typeof data?.message === "string" && data.message.trim() && res.status < 500 ? data.message : UNEXPECTED;
  return { ok: false, status: res.status, code: typeof data?.code === "string" ? data.code : null, message };
}
