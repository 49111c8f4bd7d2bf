import { spawn } from "node:child_process";
import path from "node:path";

/*
 * A second process of the site beside the test's own, on one PostgreSQL database: what the "two processes" tests run
 * to prove that a scheduled job does each piece of work once, whichever process takes it.
 */

const SCRIPT = path.join(import.meta.dirname, "scheduled-jobs-process.ts");
const CLIENT_MODULE = path.resolve(import.meta.dirname, "../../src/server/db/client.ts");

/**
 * Runs the site's scheduled jobs once in a child process (tests/support/scheduled-jobs-process.ts), started when `go`
 * resolves; resolves with the sum of `field` over its log lines whose message is `msg`, and its error lines.
 */
export function jobProcess(url: string, go: Promise<void>, msg: string, field: string): Promise<{ count: number; errors: string[] }> {
  const child = spawn(process.execPath, ["--import", "tsx", SCRIPT], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  void go.then(() => child.stdin.end("go\n"));
  return new Promise((resolve, reject) =>
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`job process exited with ${code}: ${err}`));
      const logged = out
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown> & { level: number; msg: string });
      resolve({
        count: logged.reduce((sum, l) => sum + (l.msg === msg ? Number(l[field] ?? 0) : 0), 0),
        errors: logged.filter((l) => l.level >= 50).map((l) => l.msg),
      });
    }),
  );
}

/**
 * A mail job's function (`fn(db, publicUrl, now)`, exported by `module`) at `now` in a process of its own on its own
 * pool: connects, says "ready", waits for the word, runs, prints how many mails it queued.
 */
function mailsProcess(
  url: string,
  now: Date,
  module: string,
  fn: string,
): { ready: Promise<void>; go: () => void; queued: Promise<number> } {
  const code = `
    const { openDatabase } = await import(${JSON.stringify(CLIENT_MODULE)});
    const { ${fn}: run } = await import(${JSON.stringify(module)});
    const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 4 });
    await database.db.execute("select 1");
    process.stdout.write("ready\\n");
    await new Promise((resolve) => process.stdin.once("data", resolve));
    const queued = await run(database.db, "http://localhost:3000", new Date(process.env.NOW));
    process.stdout.write(JSON.stringify({ queued }) + "\\n");
    await database.close();
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    env: { ...process.env, DATABASE_URL: url, NOW: now.toISOString() },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const ready = new Promise<void>((resolve) =>
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("ready\n")) resolve();
    }),
  );
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const queued = new Promise<number>((resolve, reject) =>
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`mail process exited with ${code}: ${err}`));
      resolve((JSON.parse(out.split("\n").find((l) => l.startsWith("{"))!) as { queued: number }).queued);
    }),
  );
  return { ready, go: () => child.stdin.end("go\n"), queued };
}

/** Two such processes, started together once both are connected: how many mails each queued. */
export async function twoMailProcesses(url: string, module: string, fn: string, now: Date): Promise<number[]> {
  const a = mailsProcess(url, now, module, fn);
  const b = mailsProcess(url, now, module, fn);
  await Promise.all([a.ready, b.ready]);
  a.go();
  b.go();
  return Promise.all([a.queued, b.queued]);
}
