// Development entry: Vite with hot reload in front of the same app.
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { loadConfigOrExit } from "~/server/config.ts";
import { startServer } from "~/server/server.ts";
import { composition } from "./composition.server.ts";

const config = loadConfigOrExit();
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
await startServer(config, composition, {
  dev: true,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  wrap: (listener) => (req, res) => vite.middlewares(req, res, () => listener(req, res)),
});
