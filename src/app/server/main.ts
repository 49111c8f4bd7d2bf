// Production entry: bundled to BUILD_DIR/server/main.js beside React Router's server build.
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { loadConfigOrExit } from "~/server/config.ts";
import { startServer } from "~/server/server.ts";
import { composition } from "./composition.server.ts";

const config = loadConfigOrExit();
try {
  const build = (await import(/* @vite-ignore */ new URL("./index.js", import.meta.url).href)) as ServerBuild;
  await startServer(config, composition, {
    build,
    clientDir: fileURLToPath(new URL("../client", import.meta.url)),
    pageHelperScript: fileURLToPath(new URL("./page-helper.js", import.meta.url)),
  });
} catch (err) {
  console.error(`Server failed to start: ${(err as Error).message}`);
  process.exit(1);
}
