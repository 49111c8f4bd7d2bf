import type { Hono } from "hono";
import type { Logger } from "pino";
import type { AdminOperation } from "./admin-socket.ts";
import type { Config } from "./config.ts";
import type { AppContext, AppServices, SessionReader } from "./context.ts";
import type { Db } from "./db/client.ts";
import type { MailWorker } from "./mail/outbox.server.ts";
import type { ScheduledJob } from "./jobs.ts";

/** One feature's JSON API, mounted at /api + path. */
export interface ApiMount {
  path: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each router has its own variables
  routes: (ctx: AppContext) => Hono<any>;
  /**
   * Largest request body in bytes (default 32 KB), counted by the app as the router reads it (decision 105). A limit
   * above the default is for signed-in callers: a signed-out request with a body is answered 401 before it is read.
   */
  maxBodyBytes?: number;
}

/** What the platform is given to run a site: the features' services and their routes. It knows no feature. */
export interface Composition {
  services: (deps: {
    db: Db;
    config: Config;
    logger: Logger;
    mail: MailWorker;
  }) => Promise<AppServices & { readSession: SessionReader; pageVersion?: () => Promise<unknown> }>;
  api: ApiMount[];
  /** Paths of the pages that are the same for every visitor (served from memory, decision 015). */
  publicPages?: string[];
  /** Jobs every server process runs at start and then on a schedule (src/server/jobs.ts). */
  jobs?: (ctx: AppContext) => ScheduledJob[];
  /** Operations of the local admin socket, served while the process holds the embedded database (decision 079). */
  adminOperations?: (ctx: AppContext) => Record<string, AdminOperation>;
}
