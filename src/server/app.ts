import { Hono } from "hono";
import { apiBodyLimits } from "./body-limit.ts";
import { compress } from "hono/compress";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { sql } from "drizzle-orm";
import type { AppContext, AppEnv, RequestContext, SessionUser } from "./context.ts";
import { isMailCatcherPath, mailCatcherAllowed } from "./mail/mail-catcher.ts";
import { isDatabaseUnavailable, logUnexpectedError, unexpectedErrorResponse } from "./errors.ts";
import { unavailablePage } from "./unavailable-page.ts";
import { ENROLMENT_MESSAGE, ENROLMENT_PATH, ENROLMENT_REQUIRED, enrolmentAllows } from "./http/enrolment.ts";
import { AppError, appErrorResponse, notFound } from "./http/app-error.ts";
import { HTTPException } from "hono/http-exception";
import { createPublicPages, type PublicPages } from "./public-pages.ts";
import { idempotency } from "./idempotency.server.ts";
import { PAGE_CSP, securityHeaders } from "./http/security-headers.ts";
import { SESSION_HINT_COOKIE, hasSessionHint } from "~/lib/session-hint.ts";

export interface CreateAppOptions {
  /** The React Router server build (or a getter for it in development). Absent: API only. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of built client assets to serve (production). */
  clientDir?: string;
  /** Development with Vite: no CSP (Vite injects inline scripts). */
  dev?: boolean;
  /** Receives the stored public pages, which the node server answers before the app. */
  onPublicPages?: (pages: PublicPages) => void;
}

/** The path as logged: short, and without the auth library's path parameters (a reset token can sit there). */
function loggedPath(path: string): string {
  const kept = path.startsWith("/api/auth/") ? path.split("/").slice(0, 4).join("/") : path;
  return kept.length > 200 ? `${kept.slice(0, 200)}…` : kept;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function createApp(ctx: AppContext, opts: CreateAppOptions = {}) {
  const { config, logger } = ctx;
  const siteOrigin = new URL(config.publicUrl).origin;
  const secure = siteOrigin.startsWith("https:") ? "; Secure" : "";
  const app = new Hono<AppEnv>();
  // Public pages (decisions 015 and 111): the same bytes for everyone, kept in memory; their CSP lists the hashes of
  // their inline scripts. Not in development (Vite adds scripts of its own).
  const pages = createPublicPages({
    paths: opts.dev || !opts.build ? [] : ctx.publicPages,
    csp: PAGE_CSP,
    version: ctx.pageVersion,
    render: async (request) => app.fetch(request),
    origin: siteOrigin,
  });
  opts.onPublicPages?.(pages);

  // One log line per request: method, path, status, ms. Never query strings, bodies, headers or tokens.
  app.use(async (c, next) => {
    const start = performance.now();
    await next();
    if (c.req.path.startsWith("/assets/")) return;
    logger.info(
      { method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms: Math.round(performance.now() - start) },
      "request",
    );
  });

  // A stored public page is answered here (when the node server did not), before any other middleware.
  app.use(pages.serve);

  // The reset page's URL holds a one-time token: never send it on as a referrer (set around secureHeaders).
  app.use("/reset-password", async (c, next) => {
    await next();
    c.res.headers.set("Referrer-Policy", "no-referrer");
  });
  // So does the page of a document shared by a link (/shared/document/:token): its secret is in the URL.
  app.use("/shared/*", async (c, next) => {
    await next();
    c.res.headers.set("Referrer-Policy", "no-referrer");
  });
  // And the page of a proposal to sign (/proposal/:token).
  app.use("/proposal/*", async (c, next) => {
    await next();
    c.res.headers.set("Referrer-Policy", "no-referrer");
  });

  // Every API answer is private and never stored (refusals too), unless its route chose a public Cache-Control.
  app.use("/api/*", async (c, next) => {
    await next();
    if (!/\bpublic\b/i.test(c.res.headers.get("cache-control") ?? "")) c.res.headers.set("Cache-Control", "private, no-store");
  });

  // gzip pages, JSON and assets (text over 1 KB): a phone on a slow network gets a third of the bytes.
  app.use(compress());

  // Headers by what is answered: the API, hashed assets, public pages, other pages (security-headers.ts).
  app.use(securityHeaders({ production: config.isProduction, dev: !!opts.dev, isPublic: (c) => pages.isPublic(c) }));
  app.use(async (c, next) => {
    c.set("nonce", (c.get("secureHeadersNonce" as never) as string | undefined) ?? "");
    await next();
  });

  // CSRF: a browser always sends Origin (or Sec-Fetch-Site) on a state-changing request;
  // refuse any that comes from another site. Requests without either come from non-browser clients,
  // which carry no ambient cookies. The site's origins: PUBLIC_URL's, or this machine's names on a default start.
  const siteOrigins = new Set(config.siteOrigins);
  app.use(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      const fetchSite = c.req.header("sec-fetch-site");
      const bad = origin ? !siteOrigins.has(origin) : fetchSite === "cross-site" || fetchSite === "same-site";
      // Named, so that a site opened at another address than PUBLIC_URL tells which address to use or to set.
      if (bad) throw new AppError(403, "CROSS_SITE", `Cross-site request refused: this site's address is ${siteOrigin} (PUBLIC_URL)`);
    }
    await next();
  });

  // Public pages are rendered without the session (nothing of the visitor's in them), their HTML finished here.
  app.use(pages.finish);

  // Signing in or out through the auth API (the session middleware skips it) sets or drops the session hint too.
  const setHint = `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=34560000; SameSite=Lax${secure}`;
  const dropHint = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  app.use("/api/auth/*", async (c, next) => {
    await next();
    const session = c.res.headers.getSetCookie().find((cookie) => /^(?:__Secure-)?[\w.-]*session_token=/.test(cookie));
    if (session) c.res.headers.append("set-cookie", /^[^=]+=;|max-age=0\b/i.test(session) ? dropHint : setHint);
  });

  // The session, once per request, for the API and for page loaders.
  app.use(async (c, next) => {
    c.set("user", null);
    c.set("sessionId", null);
    c.set("enrolmentRequired", false);
    const path = c.req.path;
    if (!path.startsWith("/assets/") && !path.startsWith("/api/auth/") && path !== "/api/health" && !pages.isPublic(c)) {
      const session = await ctx.readSession(c);
      c.set("user", session.user);
      c.set("sessionId", session.sessionId);
      c.set("enrolmentRequired", session.enrolmentRequired);
      // The firm's two-factor policy: a user it covers who has no second factor yet reaches nothing but enrolment.
      if (session.enrolmentRequired && !enrolmentAllows(path)) {
        if (path.startsWith("/api/")) throw new AppError(403, ENROLMENT_REQUIRED, ENROLMENT_MESSAGE);
        // Pages: sent to enrolment. Their data requests (`*.data`) are redirected by the page guards; files are served.
        if (!/\.[a-z0-9]+$/i.test(path) && (c.req.method === "GET" || c.req.method === "HEAD")) return c.redirect(ENROLMENT_PATH);
      }
      await next();
      // A sliding refresh (or an ended session) changes the cookie: pass it on, except on publicly cached answers.
      if (/\bpublic\b/.test(c.res.headers.get("cache-control") ?? "")) return;
      for (const cookie of session.setCookies) c.res.headers.append("set-cookie", cookie);
      // The hint that public pages ask who is signed in (lib/session-hint.ts): set while signed in, dropped after.
      const hinted = hasSessionHint(c.req.header("cookie"));
      if (session.user && !hinted) c.res.headers.append("set-cookie", setHint);
      if (!session.user && hinted) c.res.headers.append("set-cookie", dropHint);
      return;
    }
    await next();
  });

  // Request bodies (decision 105), after the session: counted as read, never held here; a stalled body is 408.
  app.use("/api/*", apiBodyLimits(ctx.api, config.bodyIdleTimeoutMs));

  // The local mail catcher shows reset and verification links: only when switched on, and to this machine only.
  // The gate sits on every spelling of its paths; its page loader and API router check again.
  app.use(async (c, next) => {
    if (isMailCatcherPath(c.req.path) && !mailCatcherAllowed(c, config)) {
      if (c.req.path.toLowerCase().startsWith("/api/")) throw notFound();
      return c.text("Not found", 404);
    }
    await next();
  });

  // A write sent again with its Idempotency-Key gets the first answer instead of running twice (decision 080).
  app.use("/api/*", idempotency({ db: ctx.db, logger, trustedProxyHeader: config.trustedProxyHeader }));

  app.get("/api/health", async (c) => {
    try {
      await Promise.race([
        ctx.db.execute(sql`select 1`),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database did not answer within 3 s")), 3000)),
      ]);
      return c.json({ status: "ok" });
    } catch (err) {
      return c.json({ status: "unavailable", reason: (err as Error).message }, 503);
    }
  });

  // Who is signed in, for the menu of public pages (their HTML is the same for everyone). Never stored.
  app.get("/api/session", (c) => {
    c.header("Cache-Control", "private, no-store");
    const user = c.get("user");
    if (!user) return c.json(null);
    const { id, email, name, emailVerified, role } = user;
    return c.json({
      id,
      email,
      name,
      emailVerified,
      role,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      companyName: user.companyName ?? null,
    } satisfies SessionUser);
  });

  for (const mount of ctx.api) app.route(`/api${mount.path}`, mount.routes(ctx));
  app.all("/api/*", () => {
    throw notFound();
  });

  if (opts.clientDir) {
    const root = opts.clientDir;
    app.use(
      "/assets/*",
      async (c, next) => {
        await next();
        if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
      // Brotli or gzip copies made at build time (scripts/compress-assets.mjs), none compressed per request.
      serveStatic({ root, precompressed: true }),
    );
    app.use(
      "*",
      async (c, next) => {
        await next();
        // Files of public/ (and resource routes); pages choose their own (the page cache, or private below).
        const page = c.res.headers.get("content-type")?.startsWith("text/html");
        if (c.res.status === 200 && !page && !c.res.headers.has("Cache-Control")) c.header("Cache-Control", "public, max-age=3600");
      },
      serveStatic({ root, precompressed: true, rewriteRequestPath: (p) => (p.includes("..") ? "/__none" : p) }),
    );
  }

  if (opts.build) {
    const handler = createRequestHandler(opts.build as ServerBuild, opts.dev ? "development" : "production");
    app.all("*", async (c) => {
      const loadContext: RequestContext = {
        app: ctx,
        user: c.get("user"),
        sessionId: c.get("sessionId"),
        enrolmentRequired: c.get("enrolmentRequired"),
        nonce: c.get("nonce"),
        publicPage: pages.isPublic(c),
        mailCatcher: mailCatcherAllowed(c, config),
        databaseUnavailable: false,
      };
      const res = await handler(c.req.raw, loadContext as unknown as AppLoadContext);
      // A loader failed because the database cannot be reached (entry.server.tsx's handleError noted it).
      if (loadContext.databaseUnavailable && res.status >= 500) return unavailablePage();
      // Pages and their loader data (`*.data`, fetched on client navigation and revalidation) may be private:
      // never stored, unless a route says otherwise.
      const isData = new URL(c.req.url).pathname.endsWith(".data");
      const isPage = res.headers.get("content-type")?.startsWith("text/html") && !loadContext.publicPage;
      if ((isData || isPage) && !res.headers.has("Cache-Control")) {
        res.headers.set("Cache-Control", "private, no-store");
      }
      return res;
    });
  }

  // Errors no route expected: JSON for the API, the unavailable page for pages during an outage; never a message or a value in the log.
  app.onError((err, c) => {
    if (err instanceof AppError) return appErrorResponse(c, err);
    if (err instanceof HTTPException) return err.getResponse();
    if (!c.req.path.startsWith("/api/") && isDatabaseUnavailable(err)) {
      logUnexpectedError(c, err, logger);
      return unavailablePage();
    }
    return unexpectedErrorResponse(c, err, logger);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
