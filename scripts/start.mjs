// `npm start`: builds once when no build exists, then runs the server in this process.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const main = path.join(buildDir, "server", "main.js");
if (!existsSync(main) || !existsSync(path.join(buildDir, "server", "index.js"))) {
  console.error("No build found: building first (npm run build)...");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import(pathToFileURL(main).href);
