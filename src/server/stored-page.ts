import type { IncomingMessage, ServerResponse } from "node:http";

/** A stored public page and how the app's node server writes it, before the app is asked (decision 015). */

/** A stored page with the headers the app sent for it: what the node server answers. */
export interface StoredPage {
  path: string;
  html: Uint8Array;
  gzip: Uint8Array;
  hash: string;
  sent: [string, string][];
  storedAt: number;
  ttlMs: number;
}

export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

export function etagMatches(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "");
    return t === "*" || t === `"${hash}"` || t === `"${hash}-gz"`;
  });
}

const headersOf = new WeakMap<Uint8Array, { identity: Record<string, string>; gzip: Record<string, string> }>();

/** Writes a stored page (or 304 when the request's ETag matches), gzipped when the request accepts it. */
export function writeStoredPage(req: IncomingMessage, res: ServerResponse, page: StoredPage): void {
  let headers = headersOf.get(page.html);
  if (!headers) {
    const sent = Object.fromEntries(page.sent);
    headers = {
      identity: { ...sent, etag: `"${page.hash}"`, "content-length": String(page.html.byteLength) },
      gzip: { ...sent, etag: `"${page.hash}-gz"`, "content-length": String(page.gzip.byteLength), "content-encoding": "gzip" },
    };
    headersOf.set(page.html, headers);
  }
  const gz = acceptsGzip(req.headers["accept-encoding"]);
  const chosen = gz ? headers.gzip : headers.identity;
  const inm = req.headers["if-none-match"];
  if (etagMatches(Array.isArray(inm) ? inm.join(",") : inm, page.hash)) {
    const { "content-length": _length, "content-encoding": _encoding, ...notModified } = chosen;
    res.writeHead(304, notModified);
    res.end();
    return;
  }
  res.writeHead(200, chosen);
  res.end(req.method === "HEAD" ? undefined : gz ? page.gzip : page.html);
}
