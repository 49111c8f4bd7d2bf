import type { Context, MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

/**
 * The security headers of every answer, by what is answered: the API (the strictest policy, a route's own kept),
 * hashed assets (what a file needs, no document headers), public pages (their policy lists their inline scripts'
 * hashes, set by public-pages.ts from `PAGE_CSP`) and other pages (scripts from this site or with the answer's nonce).
 */

/** The pages' Content-Security-Policy, before a page's nonce or its scripts' hashes are added. */
export const PAGE_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // blob: the previews of an entry's documents, made from bytes the page fetched (images, and PDFs in a frame).
  imgSrc: ["'self'", "data:", "blob:"],
  frameSrc: ["blob:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
};

export interface SecurityHeadersOptions {
  /** HSTS only in production (a local start is plain http). */
  production: boolean;
  /** Development with Vite: no page policy (Vite injects inline scripts). */
  dev: boolean;
  /** Whether the request is for a stored public page. */
  isPublic: (c: Context) => boolean;
}

export function securityHeaders(o: SecurityHeadersOptions): MiddlewareHandler {
  const commonHeaders = {
    strictTransportSecurity: o.production ? "max-age=63072000; includeSubDomains" : false,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginResourcePolicy: "same-origin",
    crossOriginOpenerPolicy: "same-origin",
  } as const;
  // Pages: scripts only from this site or with the response's nonce.
  const pageHeaders = secureHeaders({
    ...commonHeaders,
    contentSecurityPolicy: o.dev ? undefined : { ...PAGE_CSP, scriptSrc: [...PAGE_CSP.scriptSrc, NONCE] },
  });
  const publicPageHeaders = secureHeaders({ ...commonHeaders, contentSecurityPolicy: undefined });
  // API answers (JSON, files) are never documents that load anything: the strictest policy, and no nonce to make.
  const apiHeaders = secureHeaders({
    ...commonHeaders,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
  });
  // Hashed assets (scripts, styles, images) are no documents: a policy or a frame rule means nothing on them. They
  // carry what a file needs (its type, not sniffed; this site only), so that a page's 20 scripts do not bring 20
  // copies of the page's headers.
  const assetHeaders = secureHeaders({
    contentSecurityPolicy: undefined,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // A route's own policy stays: a download's `sandbox` (stored-files.server.ts) is stricter than the API's.
  const apiHeadersKeepingOwn: MiddlewareHandler = async (c, next) => {
    let own: string | null = null;
    await apiHeaders(c, () => next().then(() => void (own = c.res.headers.get("Content-Security-Policy"))));
    if (own) c.res.headers.set("Content-Security-Policy", own);
  };
  return (c, next) =>
    c.req.path.startsWith("/api/")
      ? apiHeadersKeepingOwn(c, next)
      : c.req.path.startsWith("/assets/")
        ? assetHeaders(c, next)
        : o.isPublic(c)
          ? publicPageHeaders(c, next)
          : pageHeaders(c, next);
}
