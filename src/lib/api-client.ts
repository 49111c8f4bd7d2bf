import type { ApiErrorBody, ApiErrorCode } from "./api-error.ts";

/**
 * The one way the browser calls this site's API. Never throws: every outcome is a value.
 * A write (any method but GET/HEAD) carries a new Idempotency-Key; when its request fails on the network (no answer:
 * the write may or may not have happened) it is sent once more with the same key, and a server that honours the key
 * answers the retry with the first result.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      /** 0 when no answer came (network). */
      status: number;
      code: ApiErrorCode | "NETWORK";
      /** The server's message (or a generic one for a network failure or an unreadable answer). */
      message: string;
      fields: Record<string, string>;
      /** Seconds to wait before trying again (Retry-After), when the server said. */
      retryAfter?: number;
    };

export const NETWORK_MESSAGE = "Network error. Please check your connection and try again.";
export const UNEXPECTED_MESSAGE = "Something went wrong. Please try again later.";

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON (method defaults to POST). */
  json?: unknown;
  /** A file sent as the body itself (an upload; method defaults to POST), with its type as Content-Type. */
  file?: Blob;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** "blob": a successful answer's body as a Blob (a document to preview); JSON otherwise. */
  as?: "json" | "blob";
}

/** A random UUID (v4); crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function" && globalThis.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Wait before the one retry of a write whose request failed on the network. */
const RETRY_DELAY_MS = 1000;

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const method = options.method ?? (options.json !== undefined || options.file ? "POST" : "GET");
  const headers: Record<string, string> = { accept: options.as === "blob" ? "*/*" : "application/json", ...options.headers };
  if (options.json !== undefined) headers["content-type"] = "application/json";
  else if (options.file) headers["content-type"] = options.file.type || "application/octet-stream";
  const isWrite = method !== "GET";
  if (isWrite) headers["idempotency-key"] ??= newIdempotencyKey();
  const send = () =>
    fetch(path, {
      method,
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.file,
      credentials: "same-origin",
      signal: options.signal,
    });

  let res: Response;
  try {
    res = await send();
  } catch (err) {
    if (!isWrite || options.signal?.aborted) return networkFailure(err);
    try {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      res = await send();
    } catch (retryErr) {
      return networkFailure(retryErr);
    }
  }

  if (res.ok && options.as === "blob") return { ok: true, status: res.status, data: (await res.blob()) as T };
  const body = (await res.json().catch(() => null)) as unknown;
  if (res.ok) return { ok: true, status: res.status, data: body as T };
  const error = (body && typeof body === "object" ? body : {}) as Partial<ApiErrorBody>;
  const retryAfter = Number(res.headers.get("retry-after"));
  return {
    ok: false,
    status: res.status,
    code: typeof error.code === "string" ? error.code : res.status >= 500 ? "INTERNAL" : "UNKNOWN",
    message: typeof error.error === "string" && res.status < 500 ? error.error : UNEXPECTED_MESSAGE,
    fields: error.fields && typeof error.fields === "object" ? error.fields : {},
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
  };
}

function networkFailure(err: unknown): ApiResult<never> {
  const aborted = err instanceof DOMException && err.name === "AbortError";
  return { ok: false, status: 0, code: "NETWORK", message: aborted ? "Request cancelled" : NETWORK_MESSAGE, fields: {} };
}

/** "Try again in 2 minutes." for a Retry-After in seconds. */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return `Try again in ${Math.ceil(seconds)} second${Math.ceil(seconds) === 1 ? "" : "s"}.`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  const hours = Math.ceil(minutes / 60);
  return `Try again in ${hours} hour${hours === 1 ? "" : "s"}.`;
}
