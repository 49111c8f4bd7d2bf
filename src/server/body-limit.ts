import type { MiddlewareHandler } from "hono";
import type { ApiMount } from "~/server/context.ts";
import type { AppEnv } from "./context.ts";
import { AppError, appErrorResponse } from "./http/app-error.ts";

/** The body limit of an API that declares none (decision 105). */
export const DEFAULT_BODY_BYTES = 32 * 1024;

export interface BodyLimitOptions {
  /** Largest body in bytes: 413 past it. */
  maxSize: number;
  /** Longest wait for the next piece of a body, in ms: 408 after it. 0: no wait is too long. */
  idleMs: number;
  /** A signed-out caller's largest body here (the open APIs' default): a larger limit is for signed-in callers. */
  signedOutMaxSize?: number;
}

export const payloadTooLarge = (maxSize: number) =>
  new AppError(413, "PAYLOAD_TOO_LARGE", `Request body is larger than ${Math.round(maxSize / 1024)} KB`);

export const bodyTimedOut = (idleMs: number) =>
  new AppError(
    408,
    "REQUEST_TIMEOUT",
    `The request body stopped arriving: nothing came for ${idleMs < 1000 ? `${idleMs} ms` : `${Math.round(idleMs / 1000)} s`}`,
  );

/**
 * The request body's limits (decision 105), mounted after the session is read and before anything reads the body.
 *
 * Nothing is read here: a body is never held in memory by the limit. A larger Content-Length than allowed is 413 at
 * once (Node's HTTP parser refuses a body longer than its header, so the header can be trusted). Any other body
 * (chunked, or of a length above the default) is handed on wrapped: its bytes are counted as the route reads them
 * (413 once past the limit) and a wait of `idleMs` for the next piece is 408. The refusal is the answer even when a
 * route turned the failed read into an answer of its own (a malformed JSON 400). A body of a known length up to the
 * default is not wrapped: building the stream on every JSON request had a measurable cost, and Node's
 * `requestTimeout` bounds its time.
 */
export function bodyLimit(opts: BodyLimitOptions): MiddlewareHandler<AppEnv> {
  const { idleMs } = opts;
  return async (c, next) => {
    const maxSize = opts.signedOutMaxSize !== undefined && !c.get("user") ? opts.signedOutMaxSize : opts.maxSize;
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const header = c.req.header("content-length");
    const length = header !== undefined && c.req.header("transfer-encoding") === undefined ? Number.parseInt(header, 10) : undefined;
    if (length === 0 || (length === undefined && !c.req.raw.body)) return next();
    if (length !== undefined && length > maxSize) throw payloadTooLarge(maxSize);
    if (length !== undefined && length <= Math.min(maxSize, DEFAULT_BODY_BYTES)) return next();

    const source = c.req.raw.body;
    if (!source) return next();
    let refusal: AppError | undefined;
    const body = watchedBody(source, maxSize, idleMs, (err) => (refusal ??= err));
    c.req.raw = new Request(c.req.raw, { body, duplex: "half" } as RequestInit);
    await next();
    if (refusal) c.res = appErrorResponse(c, refusal);
  };
}

/**
 * The limits of /api: each mount's own (`maxBodyBytes`) under its path, the default elsewhere. A mount that takes more
 * than the default takes it from signed-in callers only: a signed-out caller (an invitation's sign-up, a probe) is held
 * to the default, its larger body refused by its length at once or counted as it streams, never held whole.
 */
export function apiBodyLimits(mounts: ApiMount[], idleMs: number): MiddlewareHandler<AppEnv> {
  const limits = [
    ...mounts.map((m) => ({ prefix: `/api${m.path}/`, maxSize: m.maxBodyBytes ?? DEFAULT_BODY_BYTES })),
    { prefix: "/api/", maxSize: DEFAULT_BODY_BYTES },
  ].map(({ prefix, maxSize }) => ({
    prefix,
    check: bodyLimit({ maxSize, idleMs, signedOutMaxSize: maxSize > DEFAULT_BODY_BYTES ? DEFAULT_BODY_BYTES : undefined }),
  }));
  return (c, next) => limits.find((l) => c.req.path.startsWith(l.prefix))!.check(c, next);
}

/**
 * `source` read one piece per pull: counted against `maxSize`, and each wait for a piece bounded by `idleMs`. A
 * refusal errors the stream with an AppError (and is told to `refuse`); the source is left as it is, so that the
 * server can still answer before it closes the connection.
 */
export function watchedBody(
  source: ReadableStream<Uint8Array>,
  maxSize: number,
  idleMs: number,
  refuse: (err: AppError) => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let timer: NodeJS.Timeout | undefined;
        const idle =
          idleMs > 0
            ? new Promise<never>((_, reject) => {
                timer = setTimeout(() => reject(bodyTimedOut(idleMs)), idleMs);
              })
            : undefined;
        try {
          const { done, value } = await (idle ? Promise.race([reader.read(), idle]) : reader.read());
          if (done) return controller.close();
          size += value.byteLength;
          if (size > maxSize) throw payloadTooLarge(maxSize);
          controller.enqueue(value);
        } catch (err) {
          if (err instanceof AppError) refuse(err);
          controller.error(err);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}
