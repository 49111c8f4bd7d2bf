// Bundles the server entry beside React Router's server build and copies the SQL migrations.
import { build } from "esbuild";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";

const outDir = path.resolve(process.env.BUILD_DIR ?? "build", "server");
await build({
  entryPoints: ["src/app/server/main.ts"],
  outdir: outDir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "~": "./src" },
  sourcemap: true,
  logLevel: "warning",
});
rmSync(path.join(outDir, "migrations"), { recursive: true, force: true });
cpSync("src/server/db/migrations", path.join(outDir, "migrations"), { recursive: true });
