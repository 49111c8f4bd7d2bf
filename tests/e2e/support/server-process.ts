import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { expect } from "@playwright/test";

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the built server (`BUILD_DIR/server/main.js`) as its own process with only the given environment. */
export function runServer(env: Record<string, string>) {
  const main = `${process.env.E2E_BUILD_DIR}/server/main.js`;
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH!, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Waits until the server answers its health check (a fresh server makes its embedded database first: on a busy machine that can take a while). */
export async function waitHealthy(port: number, timeout = 120_000) {
  const healthy = () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  await expect.poll(healthy, { message: `server on port ${port} did not become healthy`, timeout }).toBe(true);
}
