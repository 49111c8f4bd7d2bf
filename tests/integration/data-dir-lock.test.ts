import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SOCKET } from "~/server/admin-socket.ts";
import { loadConfig } from "~/server/config.ts";
import { openDatabase } from "~/server/db/client.ts";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "~/server/db/data-dir-lock.ts";
import { startServer } from "~/server/server.ts";
import { composition } from "~/app/server/composition.server.ts";
import { closeAgent, request } from "../support/crash-harness.ts";

/**
 * The embedded database is open in one process at a time: the process that opens it holds DATA_DIR/pglite.lock.
 * While a server holds it, `npm run user:create` runs through the server's admin socket, so the account it makes
 * signs in at once; a process that would open the data folder a second time is refused with a message.
 */

const SCRIPT = path.join(import.meta.dirname, "../../scripts/user-create.ts");
const PASSWORD = "Lock-step-Harbor-77";

function userCreate(dataDir: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
  child.stdin.end();
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

describe("the embedded database's data folder, held by one process", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ll-lock-"));
  const port = 5950 + Math.floor(Math.random() * 500);
  let started: Awaited<ReturnType<typeof startServer>> | undefined;
  const base = `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: "test", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent", PAGE_HELPERS: "0" });
    started = await startServer(config, composition);
  }, 120_000);
  afterAll(async () => {
    closeAgent();
    if (started) {
      await started.admin?.close();
      await new Promise((resolve) => started!.server.close(resolve));
      await started.ctx.mail.stop();
      await started.ctx.database.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("npm run user:create works through the running server: the account signs in at once, with its name", async () => {
    expect(readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    expect(statSync(path.join(dataDir, ADMIN_SOCKET)).mode & 0o777).toBe(0o600);

    const made = await userCreate(dataDir, [
      "--email",
      "ada@example.com",
      "--role",
      "admin",
      "--password",
      PASSWORD,
      "--first-name",
      "Ada",
      "--last-name",
      "Lovelace",
    ]);
    expect(made.stderr).toBe("");
    expect(made.stdout.trim()).toBe("created ada@example.com with role admin");
    expect(made.code).toBe(0);

    const signIn = await request(base, "/api/auth/sign-in/email", { json: { email: "ada@example.com", password: PASSWORD } });
    expect(signIn.status).toBe(200);
    const cookie = ([] as string[])
      .concat(signIn.headers["set-cookie"] ?? [])
      .map((c) => c.split(";")[0])
      .join("; ");
    const session = await request(base, "/api/auth/get-session", { cookie });
    expect(session.body).toMatchObject({ user: { email: "ada@example.com", name: "Ada Lovelace", role: "admin" } });
  }, 120_000);

  it("a second process that would open the data folder is refused, saying what to do", async () => {
    // Without the socket (a server of an older version), the command would open the database itself: refused.
    rmSync(path.join(dataDir, ADMIN_SOCKET));
    const refused = await userCreate(dataDir, ["--email", "bob@example.com", "--role", "staff", "--password", PASSWORD]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `user:create failed: the embedded database in ${dataDir} is in use by process ${process.pid}, which takes no commands ` +
        `on its admin socket. Stop that process (Ctrl+C in its terminal, or kill ${process.pid}) and run the command again.`,
    );
    expect(readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    // The server never saw bob: nothing was written behind its back.
    const signIn = await request(base, "/api/auth/sign-in/email", { json: { email: "bob@example.com", password: PASSWORD } });
    expect(signIn.status).toBe(401);
  }, 120_000);

  it("once the server has stopped, the lock is gone and the command opens the database itself", async () => {
    await started!.admin?.close();
    await new Promise((resolve) => started!.server.close(resolve));
    await started!.ctx.mail.stop();
    await started!.ctx.database.close();
    started = undefined;
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const made = await userCreate(dataDir, ["--email", "ada@example.com", "--role", "staff"]);
    expect(made.stdout.trim()).toBe("updated ada@example.com with role staff");
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);
});

describe("the lock file", () => {
  it("is taken over from a process that no longer runs, and refused while its process runs", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ll-lock-"));
    try {
      const gone = spawnSync(process.execPath, ["-e", ""]).pid;
      writeFileSync(path.join(dataDir, LOCK_FILE), `${gone}\n`);
      const lock = lockDataDir(dataDir);
      expect(readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
      // This process already holds it: opening the database again here is refused too.
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
      lock.release();
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

      // Held by a running process (this one's parent): refused before the files are opened.
      writeFileSync(path.join(dataDir, LOCK_FILE), `${process.ppid}\n`);
      const second = openDatabase({ dataDir });
      await expect(second).rejects.toThrow(DataDirLockedError);
      await expect(second).rejects.toThrow(`The embedded database in ${dataDir} is in use by process ${process.ppid}.`);
      expect(readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.ppid));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
