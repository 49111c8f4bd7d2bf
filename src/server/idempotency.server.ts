import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import { clientIp } from "./client-ip.ts";
import { queryRows, type Db } from "./db/client.ts";
import { AppError, invalidInput } from "./http/app-error.ts";

/**
 * Idempotency keys for every API write (decision 080). A write request may carry `Idempotency-Key: <uuid>`, made by
 * the client once per user action and sent again on a retry. The first request with a key reserves it (a pending
 * row), runs, and keeps its answer under the caller and the key; the same request sent again gets that answer
 * (status, body, the headers that matter, Set-Cookie included) with `Idempotent-Replayed: true`, whether it comes
 * after the first one or while it runs (it waits for it). The same key with another request is a 422.
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Set on an answer that is the replay of a kept one. */
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** How long an answer is kept; older rows are deleted at most once per CLEANUP_EVERY_MS by each process. */
export const IDEMPOTENCY_TTL_HOURS = 24;
const CLEANUP_EVERY_MS = 10 * 60 * 1000;
/** A pending row is renewed while its request runs; a row left by a stopped process frees after this. */
export const RESERVATION_SECONDS = 10;
/** The largest body kept for a replay; a larger answer still holds its key (409 on a retry). */
export const MAX_KEPT_BODY_BYTES = 256 * 1024;
/** How long a request waits for the first request with its key before it is answered 409. */
const WAIT_MS = 30_000;
/** Headers of an answer that are kept and replayed (never lengths or encodings: the app sets those again). */
const KEPT_HEADERS = ["content-type", "content-disposition", "location", "cache-control", "set-cookie"];
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SESSION_COOKIE = /^(?:__Secure-)?[\w.-]*session_token$/;

/** The request's key, null when there is none; 400 naming the header when it is not a UUID. */
/**
 * The one column list of idempotency_keys (decision 101): every writer (the reservation here, a journal write's
 * answer in its own statement) gives its rows as SQL producing (caller, key, request_hash, route, organization_id,
 * reserved_until, status, headers, body), then an `on conflict` or `returning` clause if it needs one.
 */
export const insertIdempotencyKeys = (rows: SQL): SQL =>
  sql`insert into idempotency_keys (caller, key, request_hash, route, organization_id, reserved_until, status, headers, body) ${rows}`;

export function parseIdempotencyKey(value: string | undefined): string | null {
  if (value === undefined) return null;
  const key = value.trim();
  if (!UUID.test(key)) {
    throw invalidInput({ [IDEMPOTENCY_HEADER]: "Must be a UUID" }, `${IDEMPOTENCY_HEADER}: must be a UUID`);
  }
  return key.toLowerCase();
}

/** Identifies the request a key was first used for: SHA-256 of its method, path, query and body. */
export async function requestHash(c: Context): Promise<string> {
  // Before the route reads the body, from a copy (the auth library reads the request itself); after, from Hono's copy.
  const body = c.req.raw.bodyUsed ? await c.req.text() : await c.req.raw.clone().text();
  const path = c.req.path + new URL(c.req.url).search;
  return createHash("sha256").update(`${c.req.method} ${path}\n${body}`).digest("hex");
}

export const keyReused = () =>
  new AppError(422, "IDEMPOTENCY_KEY_REUSED", `${IDEMPOTENCY_HEADER}: already used for another request`, {
    [IDEMPOTENCY_HEADER]: "Already used for another request",
  });

const SELF = Symbol("handles its Idempotency-Key");

/**
 * Marks a route handler that keeps its answer under the key itself, inside its write's transaction (the journal
 * writes): the middleware leaves its requests to it. The handler uses `storedAnswer` and `replay`.
 */
export function handlesIdempotencyKey<H extends object>(handler: H): H {
  return Object.assign(handler, { [SELF]: true });
}

export interface KeptAnswer {
  request_hash: string;
  status: number | null;
  headers: [string, string][] | null;
  body: string | null;
}

/** The row under the caller's key, or null. */
async function readKey(db: Db, caller: string, key: string): Promise<KeptAnswer | null> {
  const [row] = await queryRows<KeptAnswer>(
    db,
    sql`select request_hash, status, headers, body from idempotency_keys where caller = ${caller} and key = ${key}::uuid`,
  );
  return row ? { ...row, status: row.status === null ? null : Number(row.status) } : null;
}

/** The answer kept under the key, null when there is none yet; 422 when the key was first used for another request. */
export async function storedAnswer(db: Db, caller: string, key: string, hash: string): Promise<KeptAnswer | null> {
  const row = await readKey(db, caller, key);
  if (!row) return null;
  if (row.request_hash !== hash) throw keyReused();
  return row.status === null ? null : row;
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** The kept answer again, marked as a replay; 409 when its body was too large to keep. */
export function replay(row: KeptAnswer): Response {
  if (row.body === null) {
    throw new AppError(
      409,
      "IDEMPOTENCY_ANSWER_NOT_KEPT",
      "This request has already been carried out; its answer was too large to be sent again. Reload to see the result.",
    );
  }
  const headers = new Headers();
  for (const [name, value] of row.headers ?? []) headers.append(name, value);
  headers.set(REPLAYED_HEADER, "true");
  // A "No Content" answer (a DELETE's 204) is kept with an empty body, and a Response of that status takes none.
  return new Response(NULL_BODY_STATUSES.has(row.status!) ? null : row.body, { status: row.status!, headers });
}

/**
 * Whose key it is: the session the request carries (its cookie, hashed: a write may end the session, as a sign-out,
 * a password change or an account deletion do, and its retry still finds its answer), else the client's address.
 */
export function callerOf(c: Context, trustedProxyHeader: string | undefined): string {
  for (const part of (c.req.header("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    const value = eq > 0 ? part.slice(eq + 1).trim() : "";
    if (value && SESSION_COOKIE.test(part.slice(0, eq).trim())) {
      return `session:${createHash("sha256").update(value).digest("hex")}`;
    }
  }
  return `ip:${clientIp(c, trustedProxyHeader)}`;
}

/** Reads a body up to `max` bytes; null when it is longer. */
async function readCapped(res: Response, max: number): Promise<string | null> {
  const length = Number(res.headers.get("content-length") ?? Number.NaN);
  if (length > max || !res.body) return length > max ? null : "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Not awaited: a copy's cancel settles only once the answer itself has been read.
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const textual = (type: string | null) => !type || /^(?:text\/|application\/(?:[\w.+-]*\+)?json\b)/i.test(type);

let nextCleanup = 0;

/** Deletes expired keys, at most once per CLEANUP_EVERY_MS in this process, without delaying the caller. */
export function cleanupIdempotencyKeys(db: Db, onError: (err: unknown) => void): void {
  const now = Date.now();
  if (now < nextCleanup) return;
  nextCleanup = now + CLEANUP_EVERY_MS;
  db.execute(sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`).catch(onError);
}

export interface IdempotencyOptions {
  db: Db;
  logger: Logger;
  trustedProxyHeader?: string;
}

/**
 * The middleware for /api writes, mounted after the session is read. Without a key a request runs as it is.
 * Answers below 400 are kept; a refusal (4xx) or a failure (5xx, an outage) frees the key, so that the retry is
 * judged again.
 */
export function idempotency({ db, logger, trustedProxyHeader }: IdempotencyOptions): MiddlewareHandler {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    if (!key || matchedRoutes(c).some((r) => SELF in (r.handler as object))) return next();
    const caller = callerOf(c, trustedProxyHeader);
    const hash = await requestHash(c);
    const route = `${c.req.method} ${c.req.path}`.slice(0, 300);
    cleanupIdempotencyKeys(db, (err) => logger.warn({ err }, "idempotency key cleanup failed"));

    // Reserve the key, or take over a reservation its process left; else replay, or wait for the first request.
    const started = Date.now();
    for (let pause = 20; ; pause = Math.min(pause * 2, 200)) {
      const [reserved] = await queryRows(
        db,
        insertIdempotencyKeys(sql`values (${caller}, ${key}::uuid, ${hash}, ${route}, null, now() + make_interval(secs => ${RESERVATION_SECONDS}),
                                          null, null, null)
            on conflict (caller, key) do update set reserved_until = excluded.reserved_until, created_at = now()
             where idempotency_keys.status is null and idempotency_keys.reserved_until < now()
               and idempotency_keys.request_hash = excluded.request_hash
            returning 1 as reserved`),
      );
      if (reserved) break;
      const row = await readKey(db, caller, key);
      if (row && row.request_hash !== hash) throw keyReused();
      if (row?.status != null) return replay(row);
      if (Date.now() - started > WAIT_MS) {
        throw new AppError(409, "IDEMPOTENCY_KEY_IN_USE", `${IDEMPOTENCY_HEADER}: the first request with this key is still running`);
      }
      if (row) await wait(pause);
    }

    const where = sql`caller = ${caller} and key = ${key}::uuid and status is null`;
    const renew = setInterval(
      () => {
        db.execute(
          sql`update idempotency_keys set reserved_until = now() + make_interval(secs => ${RESERVATION_SECONDS}) where ${where}`,
        ).catch((err: unknown) => logger.warn({ err }, "idempotency key renewal failed"));
      },
      (RESERVATION_SECONDS * 1000) / 3,
    );
    try {
      await next();
    } finally {
      clearInterval(renew);
    }
    const res = c.res;
    try {
      if (res.status >= 400) {
        await db.execute(sql`delete from idempotency_keys where ${where}`);
        return;
      }
      const type = res.headers.get("content-type");
      const body = textual(type) ? await readCapped(res.clone(), MAX_KEPT_BODY_BYTES) : null;
      const headers: [string, string][] = [];
      for (const name of KEPT_HEADERS) {
        if (name === "set-cookie") for (const v of res.headers.getSetCookie()) headers.push([name, v]);
        else if (res.headers.has(name)) headers.push([name, res.headers.get(name)!]);
      }
      await db.execute(
        sql`update idempotency_keys set status = ${res.status}, headers = ${JSON.stringify(headers)}::json, body = ${body},
                   reserved_until = null
             where ${where}`,
      );
    } catch (err) {
      // The answer stands; the reservation frees itself after RESERVATION_SECONDS.
      logger.warn({ err }, "idempotency key not kept");
    }
  };
}
