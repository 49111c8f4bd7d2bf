import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Server } from "node:net";
import type { Logger } from "pino";
import { UNAVAILABLE_BODY, UNAVAILABLE_RETRY_SECONDS } from "./errors.ts";
import { type StoredPage, writeStoredPage } from "./stored-page.ts";
import { unavailablePage } from "./unavailable-page.ts";

/**
 * A page helper process (decision 015): it shares the app's listening socket (the kernel hands each new connection
 * to whichever process takes it first) and answers the stored public pages the app sends it, with the very bytes and
 * headers the app would send. Every other request, and a page it has not got or that is older than the app keeps
 * it, is passed on to the app over the app's private socket, with the address of the visitor's socket.
 */

/** Header carrying the visitor's socket address to the app's private socket (never read on the public port). */
export const PASSED_ON_FROM = "x-page-helper-passed-on-from";

/** From the app to a helper. */
export type ToHelper = { type: "listen"; upstream: string } | { type: "page"; page: StoredPage } | { type: "clear"; id: number };
/** From a helper to the app. */
export type FromHelper = { type: "ready" } | { type: "cleared"; id: number };

const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);
const STOP_WAIT_MS = 8000;

export function runPageHelper(logger: Logger): void {
  const pages = new Map<string, StoredPage>();
  let upstream = "";
  // Keep-alive to the app; the app's private socket keeps idle connections open (no idle timeout).
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer(answer);

  function answer(req: IncomingMessage, res: ServerResponse) {
    if ((req.method === "GET" || req.method === "HEAD") && req.url) {
      const page = pages.get(req.url);
      if (page && Date.now() - page.storedAt < page.ttlMs) {
        writeStoredPage(req, res, page);
        if (logger.isLevelEnabled("info"))
          logger.info({ method: req.method, path: req.url, status: res.statusCode, by: "page helper" }, "request");
        return;
      }
    }
    passOn(req, res);
  }

  function passOn(req: IncomingMessage, res: ServerResponse) {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers[PASSED_ON_FROM] = req.socket.remoteAddress ?? "";
    const out = http.request({ socketPath: upstream, method: req.method, path: req.url, headers, agent }, (back) => {
      const raw: string[] = [];
      for (let i = 0; i < back.rawHeaders.length; i += 2) {
        if (!HOP_BY_HOP.has(back.rawHeaders[i]!.toLowerCase())) raw.push(back.rawHeaders[i]!, back.rawHeaders[i + 1]!);
      }
      res.writeHead(back.statusCode ?? 502, back.statusMessage, raw);
      back.pipe(res);
    });
    let abandoned = false;
    out.on("error", (err) => {
      if (abandoned) return; // the visitor went away first
      logger.warn({ err: err.message, method: req.method }, "page helper: the app did not answer");
      if (res.headersSent) return void res.destroy();
      // The app's answer while it cannot serve: the JSON error contract for the API, the unavailable page otherwise.
      const unavailable = req.url?.startsWith("/api/")
        ? Response.json(UNAVAILABLE_BODY, { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_SECONDS) } })
        : unavailablePage();
      void unavailable.text().then((text) => {
        res.writeHead(unavailable.status, Object.fromEntries(unavailable.headers));
        res.end(text);
      });
    });
    res.on("close", () => {
      if (res.writableFinished) return;
      abandoned = true;
      out.destroy();
    });
    req.pipe(out);
  }

  process.on("message", (message: ToHelper, handle?: Server) => {
    if (message.type === "listen" && handle) {
      upstream = message.upstream;
      // The app's own listening socket: this server takes connections from it as the app's server does.
      server.listen(handle);
    } else if (message.type === "page") {
      pages.set(message.page.path, message.page);
    } else if (message.type === "clear") {
      pages.clear();
      process.send?.({ type: "cleared", id: message.id } satisfies FromHelper);
    }
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(0), STOP_WAIT_MS);
    force.unref();
    if (!server.listening) process.exit(0);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  // The app stops its helpers (SIGTERM); a helper whose app has gone stops too.
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  process.once("disconnect", stop);
  process.send?.({ type: "ready" } satisfies FromHelper);
}
