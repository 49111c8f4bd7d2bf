import type { Logger } from "pino";
import type { AdminOperation } from "./admin-socket.ts";
import type { Config } from "./config.ts";
import type { ApiMount, AppContext, AppServices, SessionReader } from "./context.ts";
import type { Db } from "./db/client.ts";
import type { MailWorker } from "./mail/outbox.server.ts";
import type { ScheduledJob } from "./jobs.ts";

/** What the platform is given to run a site: the features' services and their routes. It knows no feature. */
export interface Composition {
  services: (deps: {
    db: Db;
    config: Config;
    logger: Logger;
    mail: MailWorker;
  }) => Promise<AppServices & { readSession: SessionReader; pageVersion?: () => unknown }>;
  api: ApiMount[];
  /** Paths of the pages that are the same for every visitor (served from memory, decision 015). */
  publicPages?: string[];
  /** Jobs every server process runs at start and then on a schedule (src/server/jobs.ts). */
  jobs?: (ctx: AppContext) => ScheduledJob[];
  /** Operations of the local admin socket, served while the process holds the embedded database (decision 079). */
  adminOperations?: (ctx: AppContext) => Record<string, AdminOperation>;
}
