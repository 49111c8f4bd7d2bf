import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, Next } from "hono";
import { deferScriptStart } from "./script-start.ts";
import { acceptsGzip, etagMatches, type StoredPage, writeStoredPage } from "./stored-page.ts";

/**
 * Public pages (decision 015): the same bytes for every visitor, rendered once per process and kept in memory.
 * A page is stored when it was asked for without a query string, answered 200 with HTML, set no cookie and its
 * route chose no Cache-Control of its own. It is served again while it is younger than `ttlMs` and the site's
 * content `version` is the one it was rendered with. Every public answer carries a Content-Security-Policy
 * whose script-src lists the sha256 of each inline script of that very HTML: no per-response nonce.
 */
export interface PageCacheOptions {
  /** The public page paths (exact, as requested). */
  paths: Iterable<string>;
  /** CSP directives of pages, script-src without a nonce; the hashes are appended to script-src. */
  csp: Record<string, string[]>;
  /** Resolves to a value that changes whenever what the pages show changes (the site content). */
  version?: () => Promise<unknown>;
  /** How long a stored page is served before it is rendered again (also when the version has not changed). */
  ttlMs?: number;
  now?: () => number;
}

export const PUBLIC_PAGE_TTL_MS = 60_000;
/** Browsers revalidate every time (ETag, 304); a shared cache may keep the page a minute, then serve it stale a minute more while it asks again. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";

interface Entry {
  html: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  hash: string;
  csp: string;
  version: unknown;
  storedAt: number;
  refreshing: boolean;
  /** Every header the app sent with this page (security headers included), but its ETag, length and encoding. */
  sent?: [string, string][];
}

const PER_BODY = new Set(["etag", "content-length", "content-encoding", "date", "connection", "keep-alive", "transfer-encoding"]);

const VERSION_FAILED = Symbol("version failed");
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** sha256 sources of every inline script (a script element without src) of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(m[1]!) || !m[2]) continue;
    hashes.add(`'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

function cspHeader(directives: Record<string, string[]>, scriptHashes: string[]): string {
  return Object.entries(directives)
    .map(([name, values]) => {
      const kebab = name.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);
      return [kebab, ...values, ...(kebab === "script-src" ? scriptHashes : [])].join(" ");
    })
    .join("; ");
}

export function createPageCache(opts: PageCacheOptions) {
  const paths = new Set(opts.paths);
  const ttlMs = opts.ttlMs ?? PUBLIC_PAGE_TTL_MS;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** A render under way for a path, awaited by the requests that arrive meanwhile. */
  const pending = new Map<string, Promise<Entry | null>>();
  const baseCsp = cspHeader(opts.csp, []);
  /** Told of each page once it is stored with the headers the app sent for it. */

  const isPublic = (c: Context) => (c.req.method === "GET" || c.req.method === "HEAD") && paths.has(c.req.path);

  function respond(c: Context, e: Entry): Response {
    const gz = acceptsGzip(c.req.header("accept-encoding"));
    const etag = gz ? `"${e.hash}-gz"` : `"${e.hash}"`;
    const headers = new Headers({
      "Content-Security-Policy": e.csp,
      "Cache-Control": PUBLIC_CACHE_CONTROL,
      Vary: "Accept-Encoding",
      ETag: etag,
    });
    if (etagMatches(c.req.header("if-none-match"), e.hash)) return new Response(null, { status: 304, headers });
    const body = gz ? e.gzip : e.html;
    headers.set("Content-Type", "text/html; charset=utf-8");
    headers.set("Content-Length", String(body.byteLength));
    if (gz) headers.set("Content-Encoding", "gzip");
    return new Response(c.req.method === "HEAD" ? null : body, { status: 200, headers });
  }

  /** Renders through the rest of the app; stores the page when it may be stored. */
  async function render(c: Context, next: Next, key: string | null, version: unknown): Promise<Entry | null> {
    await next();
    const res = c.res;
    if (!res.headers.get("content-type")?.startsWith("text/html") || !res.body) {
      res.headers.set("Content-Security-Policy", baseCsp);
      return null;
    }
    const text = deferScriptStart(await res.text());
    const csp = cspHeader(opts.csp, inlineScriptHashes(text));
    const storable =
      key !== null &&
      version !== VERSION_FAILED &&
      res.status === 200 &&
      !res.headers.has("set-cookie") &&
      !res.headers.has("cache-control");
    if (!storable) {
      const headers = new Headers(res.headers);
      headers.set("Content-Security-Policy", csp);
      if (!headers.has("cache-control")) headers.set("Cache-Control", "private, no-store");
      c.res = undefined as unknown as Response;
      c.res = new Response(c.req.method === "HEAD" ? null : text, { status: res.status, headers });
      return null;
    }
    const html = Buffer.from(text, "utf8");
    const entry: Entry = {
      html,
      gzip: gzipSync(html, { level: 9 }),
      hash: createHash("sha256").update(html).digest("base64url").slice(0, 32),
      csp,
      version,
      storedAt: now(),
      refreshing: false,
    };
    entries.set(key, entry);
    // Replaced, not merged: Hono would copy the rendered answer's headers onto the new one.
    c.res = undefined as unknown as Response;
    c.res = respond(c, entry);
    return entry;
  }

  /** Middleware: answers public page requests from memory, renders and stores them otherwise. */
  async function middleware(c: Context, next: Next): Promise<Response | void> {
    if (!isPublic(c)) return next();
    const key = c.req.url.includes("?") ? null : c.req.path;
    let version: unknown = undefined;
    if (opts.version) version = await opts.version().catch(() => VERSION_FAILED);
    if (key === null || version === VERSION_FAILED) {
      await render(c, next, null, version);
      return;
    }
    const entry = entries.get(key);
    if (entry && entry.version === version) {
      if (now() - entry.storedAt < ttlMs) return respond(c, entry);
      // Expired: one request renders again, the others meanwhile get the page as it was.
      if (entry.refreshing) return respond(c, entry);
      entry.refreshing = true;
      try {
        await render(c, next, key, version);
      } finally {
        entry.refreshing = false;
      }
      return;
    }
    const waiting = pending.get(key);
    if (waiting) {
      const shared = await waiting.catch(() => null);
      if (shared && shared.version === version) return respond(c, shared);
    }
    const p = render(c, next, key, version);
    pending.set(key, p);
    try {
      await p;
    } finally {
      if (pending.get(key) === p) pending.delete(key);
    }
  }

  /** Outermost middleware: notes the headers the whole app sent with a stored page, for serveNode. */
  async function capture(c: Context, next: Next) {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return;
    if (!isPublic(c) || c.res.status !== 200) return;
    const entry = entries.get(c.req.path);
    const etag = c.res.headers.get("etag");
    if (!entry || entry.sent || (etag !== `"${entry.hash}"` && etag !== `"${entry.hash}-gz"`)) return;
    entry.sent = [...c.res.headers].filter(([name]) => !PER_BODY.has(name.toLowerCase()));
  }

  /** A request the node server may answer before the app: a stored public page (no query string). */
  function nodeCandidate(req: IncomingMessage): Entry | null {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.url || !paths.has(req.url)) return null;
    const entry = entries.get(req.url);
    return entry?.sent && now() - entry.storedAt < ttlMs ? entry : null;
  }

  const stored = (path: string, e: Entry): StoredPage => ({
    path,
    html: e.html,
    gzip: e.gzip,
    hash: e.hash,
    sent: e.sent!,
    storedAt: e.storedAt,
    ttlMs,
  });

  /**
   * Answers a stored public page straight from the node server, with the headers the app sent for it (the same
   * bytes, without building a Fetch Request and Response). False when the app must answer.
   */
  async function serveNode(req: IncomingMessage, res: ServerResponse, entry: Entry): Promise<boolean> {
    if (opts.version && (await opts.version().catch(() => VERSION_FAILED)) !== entry.version) return false;
    writeStoredPage(req, res, stored(req.url!, entry));
    return true;
  }

  return {
    isPublic,
    middleware,
    capture,
    nodeCandidate,
    serveNode,
    /** Forgets every stored page (the next request renders again). */
    clear: () => entries.clear(),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
