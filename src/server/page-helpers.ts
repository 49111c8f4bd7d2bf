import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http, { type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Logger } from "pino";
import { notePassedOnFrom } from "./client-ip.ts";
import type { PageCache } from "./page-cache.ts";
import { PASSED_ON_FROM, type FromHelper, type ToHelper } from "./page-helper-process.ts";

/**
 * Starts `count` page helper processes (decision 015, src/server/page-helper-process.ts) on the app's listening
 * socket. The app listens besides on a private socket (a folder of its own, readable by this user only) where the
 * helpers pass on what they do not answer; it sends them each public page it stores and tells them to forget them
 * all when the site content changes (before the write that changed it is answered). A helper that stops is started again.
 */
export async function startPageHelpers(opts: { count: number; script: string; server: Server; pages: PageCache; logger: Logger }) {
  const { server, pages, logger } = opts;
  const folder = mkdtempSync(path.join(tmpdir(), "ledgerline-"));
  const upstream = path.join(folder, "app.sock");
  const internal = http.createServer((req, res) => {
    notePassedOnFrom(req, String(req.headers[PASSED_ON_FROM] ?? ""));
    server.emit("request", req, res); // answered as on the public port
  });
  // The helpers keep their connections to it open: no idle timeout to race a request they send on one.
  internal.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    internal.once("error", reject);
    internal.listen(upstream, () => resolve());
  });

  const helpers = new Set<ChildProcess>();
  const send = (message: ToHelper) => helpers.forEach((h) => h.connected && h.send(message));
  const unsubscribe = pages.subscribe((page) => send({ type: "page", page }));
  let clears = 0;
  /** Every helper forgets its pages; resolves once each has said so (or after a second). */
  const clearAll = () =>
    Promise.all(
      [...helpers]
        .filter((h) => h.connected)
        .map((helper) => {
          const id = ++clears;
          return new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              helper.off("message", onMessage);
              resolve();
            };
            const onMessage = (message: FromHelper) => message.type === "cleared" && message.id === id && done();
            const timer = setTimeout(done, 1000);
            helper.on("message", onMessage);
            helper.send({ type: "clear", id } satisfies ToHelper);
          });
        }),
    );
  const stopWatching = pages.onVersionChange(clearAll);
  let stopping = false;

  function start() {
    const helper = fork(opts.script, [], { serialization: "advanced", stdio: "inherit" });
    helpers.add(helper);
    helper.on("message", (message: FromHelper) => {
      if (message.type !== "ready") return;
      helper.send({ type: "listen", upstream } satisfies ToHelper, server);
      void pages
        .fresh()
        .then((fresh) => fresh.forEach((page) => helper.connected && helper.send({ type: "page", page } satisfies ToHelper)));
    });
    helper.once("exit", (code, signal) => {
      helpers.delete(helper);
      if (stopping) return;
      logger.error({ code, signal }, "a page helper stopped; starting another");
      setTimeout(start, 1000).unref();
    });
  }
  for (let i = 0; i < opts.count; i++) start();
  logger.info({ pids: [...helpers].map((h) => h.pid) }, "page helpers started");

  return {
    /** Asks the helpers to stop taking connections and to finish their requests; resolves once they have exited. */
    async stop() {
      stopping = true;
      unsubscribe();
      stopWatching();
      await Promise.all(
        [...helpers].map((h) => {
          const exited = new Promise((resolve) => h.once("exit", resolve));
          h.kill("SIGTERM");
          return exited;
        }),
      );
      await new Promise((resolve) => {
        internal.close(resolve);
        internal.closeIdleConnections();
      });
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
