// Production entry: bundled to BUILD_DIR/server/main.js beside React Router's server build.
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const build = (await import(/* @vite-ignore */ new URL("./index.js", import.meta.url).href)) as ServerBuild;
  await startServer(config, { build, clientDir: fileURLToPath(new URL("../client", import.meta.url)) });
}

main().catch((err: Error) => {
  console.error(`Server failed to start: ${err.message}`);
  process.exit(1);
});
