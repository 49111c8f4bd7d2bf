// Development entry: Vite with hot reload in front of the same app.
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

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
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
await startServer(config, {
  dev: true,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  wrap: (listener) => (req, res) => vite.middlewares(req, res, () => listener(req, res)),
});
