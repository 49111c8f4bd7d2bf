// Production entry: bundled to BUILD_DIR/server/main.js beside React Router's server build.
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { serveInWorkers } from "~/server/cluster.ts";
import { loadConfigOrExit } from "~/server/config.ts";
import { createLogger } from "~/server/logger.ts";
import { startServer } from "~/server/server.ts";
import { composition } from "./composition.server.ts";

const config = loadConfigOrExit();
const logger = createLogger(config);
if (!config.databaseUrl && Number(process.env.WORKERS ?? 1) > 1)
  logger.warn("WORKERS is ignored: the embedded database is held by one process (set DATABASE_URL for several)");
try {
  await serveInWorkers(config.workers, logger, async () => {
    const build = (await import(/* @vite-ignore */ new URL("./index.js", import.meta.url).href)) as ServerBuild;
    await startServer(config, composition, { build, clientDir: fileURLToPath(new URL("../client", import.meta.url)) });
  });
} catch (err) {
  console.error(`Server failed to start: ${(err as Error).message}`);
  process.exit(1);
}
