import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, Next } from "hono";
import { deferPageScripts } from "./page-start.ts";

/**
 * Public pages (decisions 015 and 111): the same bytes for every visitor, changed only when the firm edits the site
 * content. Each is rendered through the app, as for a visitor without a session, once per content version; its
 * bytes are kept in memory with their gzip and brotli copies and every header the app sent. The node server answers
 * them before the app while the content's version is in hand (`answer`); otherwise the app's first middleware does,
 * once it has the version (`serve`). A stored page is rendered again in the background once it is older than
 * `ttlMs` (a page may show the date), and before it is answered again once the content changed.
 * Every public answer carries a Content-Security-Policy whose script-src lists the sha256 of each of its inline
 * scripts: no per-response nonce.
 */
export interface PublicPagesOptions {
  /** The public page paths (exact, as requested). */
  paths: Iterable<string>;
  /** CSP directives of pages, script-src without a nonce; the hashes are appended to script-src. */
  csp: Record<string, string[]>;
  /** A value that changes whenever what the pages show changes (the site content): at once, or a promise of it. */
  version?: () => unknown;
  /** Answers a request as the app does (a page is rendered through it, in full). */
  render: (request: Request) => Promise<Response>;
  /** The site's origin, for the requests that render a page. */
  origin: string;
  ttlMs?: number;
  now?: () => number;
}

export const PUBLIC_PAGE_TTL_MS = 60_000;
/** Browsers revalidate every time (ETag, 304); a shared cache may keep the page a minute, then serve it stale a minute more while it asks again. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";

type HeaderRecord = Record<string, string>;
interface Variant {
  body: Uint8Array<ArrayBuffer>;
  headers: HeaderRecord;
  notModified: HeaderRecord;
}
interface Page {
  version: unknown;
  renderedAt: number;
  hash: string;
  /** Null: the route said the page is not to be shared (a lead form's token); the app answers each request. */
  variants: { br: Variant; gzip: Variant; identity: Variant } | null;
}

const VERSION_FAILED = Symbol("version failed");
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Headers of one answer, not of the page: each variant sets its own. */
const PER_ANSWER = new Set(["etag", "content-length", "content-encoding", "vary", "date", "connection", "keep-alive", "transfer-encoding"]);
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

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

/** Whether an Accept-Encoding header takes a coding (by name or `*`, without q=0). */
function accepts(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== coding && name !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

function etagMatches(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "");
    return t === "*" || t === `"${hash}"` || t === `"${hash}-gz"` || t === `"${hash}-br"`;
  });
}

export function createPublicPages(opts: PublicPagesOptions) {
  const paths = new Set(opts.paths);
  const ttlMs = opts.ttlMs ?? PUBLIC_PAGE_TTL_MS;
  const now = opts.now ?? Date.now;
  const pages = new Map<string, Page>();
  /** The render under way for a path, shared by the requests that arrive meanwhile. */
  const rendering = new Map<string, { version: unknown; page: Promise<Page | null> }>();
  /** The app's own requests that render a page: they pass the store. */
  const renders = new WeakSet<Request>();
  const baseCsp = cspHeader(opts.csp, []);

  const isPublic = (c: Context) => (c.req.method === "GET" || c.req.method === "HEAD") && paths.has(c.req.path);

  /** Null: not stored (the app answers, and the next request renders again). */
  async function render(path: string, version: unknown): Promise<Page | null> {
    const request = new Request(new URL(path, opts.origin));
    renders.add(request);
    const res = await opts.render(request);
    if (res.status !== 200) return null;
    const page: Page = { version, renderedAt: now(), hash: "", variants: null };
    if (res.headers.get("cache-control") !== PUBLIC_CACHE_CONTROL) return page;
    const html = new Uint8Array(await res.arrayBuffer());
    // Off the main thread (zlib's pool), so that the answers from memory go on meanwhile.
    const [br, gz] = (await Promise.all([
      brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.byteLength } }),
      gzipped(html, { level: 9 }),
    ])) as [Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>];
    page.hash = createHash("sha256").update(html).digest("base64url").slice(0, 32);
    const sent: HeaderRecord = {};
    for (const [name, value] of res.headers) if (!PER_ANSWER.has(name)) sent[name] = value;
    const variant = (body: Uint8Array<ArrayBuffer>, encoding: string | null, tag: string): Variant => {
      const notModified = { ...sent, vary: "Accept-Encoding", etag: `"${page.hash}${tag}"` };
      const headers = { ...notModified, "content-length": String(body.byteLength) };
      return { body, notModified, headers: encoding ? { ...headers, "content-encoding": encoding } : headers };
    };
    page.variants = { br: variant(br, "br", "-br"), gzip: variant(gz, "gzip", "-gz"), identity: variant(html, null, "") };
    return page;
  }

  /** One render per path and content version at a time; the page is stored once it is rendered. */
  function renderOnce(path: string, version: unknown): Promise<Page | null> {
    const running = rendering.get(path);
    if (running && running.version === version) return running.page;
    const page = render(path, version)
      .then((p) => (p && pages.set(path, p), p))
      .finally(() => {
        if (rendering.get(path)?.page === page) rendering.delete(path);
      });
    rendering.set(path, { version, page });
    return page;
  }

  /** A stored page's answer to a request: 304 when it names the page's ETag, else the best encoding it takes. */
  function pick(
    page: Page,
    acceptEncoding?: string,
    ifNoneMatch?: string,
  ): { status: number; headers: HeaderRecord; body?: Uint8Array<ArrayBuffer> } {
    const { br, gzip, identity } = page.variants!;
    const v = accepts(acceptEncoding, "br") ? br : accepts(acceptEncoding, "gzip") ? gzip : identity;
    return etagMatches(ifNoneMatch, page.hash)
      ? { status: 304, headers: v.notModified }
      : { status: 200, headers: v.headers, body: v.body };
  }

  /** Middleware, first in the app: answers a public page (GET or HEAD, no query string) from memory. */
  async function serve(c: Context, next: Next): Promise<Response | void> {
    if (!isPublic(c) || renders.has(c.req.raw) || c.req.url.includes("?")) return next();
    const version = await Promise.resolve()
      .then(() => opts.version?.())
      .catch(() => VERSION_FAILED);
    if (version === VERSION_FAILED) {
      // Rendered without the site content: not to be kept by anyone.
      await next();
      if (c.res.headers.get("cache-control") === PUBLIC_CACHE_CONTROL) c.res.headers.set("Cache-Control", "private, no-store");
      return;
    }
    let page: Page | null | undefined = pages.get(c.req.path);
    if (!page || page.version !== version) page = await renderOnce(c.req.path, version).catch(() => undefined);
    else if (page.variants && now() - page.renderedAt >= ttlMs) renderOnce(c.req.path, version).catch(() => null);
    if (!page?.variants) return next();
    const { status, headers, body } = pick(page, c.req.header("accept-encoding"), c.req.header("if-none-match"));
    return new Response(c.req.method === "HEAD" ? null : body, { status, headers });
  }

  /**
   * Middleware around the page renderer, for every public page (stored or not): the page's script starts after its
   * first paint (page-start.ts), its CSP lists its inline scripts' hashes, and it may be shared when it was asked for
   * without a query string, answered 200, set no cookie and its route chose no Cache-Control of its own.
   */
  async function finish(c: Context, next: Next): Promise<void> {
    if (!isPublic(c)) return next();
    await next();
    const res = c.res;
    if (!res.headers.get("content-type")?.startsWith("text/html") || !res.body) {
      res.headers.set("Content-Security-Policy", baseCsp);
      return;
    }
    const html = deferPageScripts(await res.text());
    const headers = new Headers(res.headers);
    headers.set("Content-Security-Policy", cspHeader(opts.csp, inlineScriptHashes(html)));
    const shared = res.status === 200 && !c.req.url.includes("?") && !headers.has("set-cookie");
    if (!headers.has("cache-control")) headers.set("Cache-Control", shared ? PUBLIC_CACHE_CONTROL : "private, no-store");
    // Replaced, not merged: Hono would copy the rendered answer's headers onto the new one.
    c.res = undefined as unknown as Response;
    c.res = new Response(c.req.method === "HEAD" ? null : html, { status: res.status, headers });
  }

  /**
   * Answers a stored page straight from the node server (no Fetch Request, no promise, nothing of the app's):
   * false when the app must answer (a page not stored or expired, a query string, the version not in hand).
   */
  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.url) return false;
    const page = pages.get(req.url);
    if (!page?.variants || now() - page.renderedAt >= ttlMs) return false;
    const version = opts.version?.();
    if (version instanceof Promise) version.catch(() => undefined);
    if (version !== page.version) return false;
    const { status, headers, body } = pick(page, req.headers["accept-encoding"], req.headers["if-none-match"]);
    res.writeHead(status, headers).end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  return { isPublic, serve, finish, answer };
}

export type PublicPages = ReturnType<typeof createPublicPages>;
