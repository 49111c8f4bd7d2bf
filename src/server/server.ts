import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import type { Logger } from "pino";
import { serveAdminSocket } from "./admin-socket.ts";
import { errorLogFields } from "./errors.ts";
import { createApp } from "./app.ts";
import type { Composition } from "./composition.ts";
import type { PublicPages } from "./public-pages.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import { createLogger } from "./logger.ts";
import { createMailWorker } from "./mail/outbox.server.ts";
import { startJobs } from "./jobs.ts";

export interface StartOptions {
  build?: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  dev?: boolean;
  /** Development: lets Vite handle its own requests before the app. */
  wrap?: (
    listener: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void,
  ) => (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void;
}

/** Builds the process's context: database (migrated), mail worker, and the composition's services and routes. */
export async function createContext(
  config: Config,
  composition: Composition,
  logger: Logger = createLogger(config),
  database?: Database,
): Promise<AppContext> {
  const db = database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const applied = await migrate(db);
  if (applied.length) logger.info({ applied }, "migrations applied");
  const mail = createMailWorker({ db: db.db, logger, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const services = await composition.services({ db: db.db, config, logger, mail });
  return { config, database: db, db: db.db, logger, mail, api: composition.api, publicPages: composition.publicPages ?? [], ...services };
}

export async function startServer(config: Config, composition: Composition, opts: StartOptions = {}) {
  // A worker of a cluster (src/server/cluster.ts) says which one it is on every line.
  const logger = cluster.isWorker ? createLogger(config).child({ worker: cluster.worker!.id, pid: process.pid }) : createLogger(config);
  const ctx = await createContext(config, composition, logger);
  let pages: PublicPages | undefined;
  const app = createApp(ctx, { build: opts.build, clientDir: opts.clientDir, dev: opts.dev, onPublicPages: (p) => (pages = p) });
  ctx.mail.start();

  // Whole requests are bounded by Node (408 from Node past either): the headers within 30 s, the body within 5 minutes
  // (20 MB at 70 KB/s); a body that stalls is answered 408 by the app after BODY_IDLE_TIMEOUT_MS (decision 105).
  const serverOptions = { headersTimeout: 30_000, requestTimeout: 5 * 60_000 };
  const toApp = getRequestListener(app.fetch);
  const server = createServer(serverOptions, (req: IncomingMessage, res: ServerResponse) => {
    // A stored public page is answered here, without a Fetch Request or the app (decision 111).
    if (!pages?.answer(req, res)) return void toApp(req, res);
    if (logger.isLevelEnabled("info")) logger.info({ method: req.method, path: req.url, status: res.statusCode, ms: 0 }, "request");
  });
  // An idle kept-alive connection is closed after 65 s, longer than the proxies and clients in front keep theirs (nginx's
  // upstream keepalive 60 s): with Node's 5 s, a client reusing a connection just as the server closed it got a reset.
  server.keepAliveTimeout = 65_000;
  if (opts.wrap) {
    const listeners = server.listeners("request") as ((...a: unknown[]) => void)[];
    server.removeAllListeners("request");
    const inner = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) =>
      listeners.forEach((l) => l(req, res));
    server.on("request", opts.wrap(inner));
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info({ port, database: ctx.database.kind, url: config.publicUrl }, "server started");
  // This process holds the embedded database: operator commands (npm run user:create) run through it (decision 079).
  const admin =
    ctx.database.kind === "pglite" && composition.adminOperations
      ? await serveAdminSocket(config.dataDir, composition.adminOperations(ctx), logger).catch((err: Error) => {
          logger.warn(errorLogFields(err), "admin socket not served: npm run user:create needs the server stopped");
          return undefined;
        })
      : undefined;
  // Scheduled work (recurring entries): its first run catches up on what came due while the site was down.
  const jobs = startJobs(composition.jobs?.(ctx) ?? [], logger);

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping: finishing requests in flight");
    const force = setTimeout(() => {
      logger.error("requests still open after 8 s, closing anyway");
      server.closeAllConnections();
    }, 8000);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await jobs.stop();
    await admin?.close();
    clearTimeout(force);
    await ctx.mail.stop();
    await ctx.database.close();
    logger.info("stopped");
    logger.flush?.();
    process.exit(0);
  }
  // A failure while stopping is logged and ends the process with an error, never an unobserved rejection.
  const stopOn = (signal: string) =>
    stop(signal).catch((err: unknown) => {
      logger.error({ err }, "stopping failed");
      logger.flush?.();
      process.exit(1);
    });
  process.once("SIGTERM", () => void stopOn("SIGTERM"));
  process.once("SIGINT", () => void stopOn("SIGINT"));
  return { server, port, ctx, admin, jobs };
}
