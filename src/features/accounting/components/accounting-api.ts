/** Browser calls to /api/accounting. Failures throw with the server's message ('Not authenticated' on 401). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A random UUID (v4) for the Idempotency-Key header; crypto.randomUUID needs a secure context, getRandomValues does not. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function" && globalThis.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Wait before the one retry of a write whose request failed on the network. */
const RETRY_DELAY_MS = 1000;

/**
 * One call is one user action. A write (any method but GET) carries a new Idempotency-Key; when its request
 * fails on the network (no answer: the write may or may not have happened), it is sent once more with the
 * same key, and the server answers the retry with the first result if the write had happened.
 */
export async function api<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const method = init.method ?? (init.json !== undefined ? "POST" : "GET");
  const headers: Record<string, string> = {};
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET") headers["idempotency-key"] = newIdempotencyKey();
  const send = () =>
    fetch(`/api/accounting${path}`, {
      method,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      credentials: "same-origin",
    });
  let res: Response;
  try {
    res = await send();
  } catch {
    try {
      if (method === "GET") throw new Error("network");
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      res = await send();
    } catch {
      throw new ApiError(0, "Network error. Please check your connection and try again.");
    }
  }
  const body = (await res.json().catch(() => null)) as ({ error?: string } & T) | null;
  if (res.status === 401) throw new ApiError(401, "Not authenticated");
  if (!res.ok) throw new ApiError(res.status, body?.error ?? `Request failed (${res.status})`);
  return body as T;
}

export type Role = "owner" | "accountant" | "viewer";

export interface AccountDto {
  id: number;
  account_code: string;
  account_name: string;
  account_type: "Asset" | "Liability" | "Equity" | "Revenue" | "Expense";
}
