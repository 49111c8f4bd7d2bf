import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSmtpServer } from "../../support/smtp.ts";
import { startOidcProvider } from "../../support/oidc-provider.ts";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not become healthy in time");
}

/**
 * Builds the production bundle (unless E2E_SKIP_BUILD=1), starts a real SMTP server (mail is written as
 * JSON files to E2E_MAIL_DIR) and the built server on a free port with a temporary DATA_DIR.
 * With E2E_DATABASE_URL the server uses that PostgreSQL database instead of the embedded one.
 */
export default async function globalSetup() {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (process.env.E2E_SKIP_BUILD !== "1" || !existsSync(path.join(buildDir, "server", "main.js"))) {
    const r = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR: buildDir } });
    if (r.status !== 0) throw new Error("npm run build failed");
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-data-"));
  const mailDir = mkdtempSync(path.join(tmpdir(), "e2e-mail-"));
  const smtp = await startSmtpServer({ dir: mailDir });
  // A local OpenID Connect provider stands in for Google (GOOGLE_ISSUER_URL is refused in production).
  const oidc = await startOidcProvider();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    FIRM_EMAIL: "firm@ledgerline.test",
    APP_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456",
    GOOGLE_CLIENT_ID: "ledgerline-e2e",
    GOOGLE_CLIENT_SECRET: "e2e-client-secret",
    GOOGLE_ISSUER_URL: oidc.url,
    // Fixtures that sign up through the API send a client address here, as a reverse proxy would;
    // the browser's own requests fall back to the socket address.
    TRUSTED_PROXY_HEADER: "x-forwarded-for",
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    // The local test processor stands in for the payment processor (never in production).
    PAYMENT_PROCESSOR: "test",
    // On PostgreSQL, two workers share the port whatever the number of cores: every journey meets both.
    WORKERS: "2",
  };
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  // Accounts with a firm role, made before the server holds the database (as `npm run user:create` would). Not
  // spawnSync: the SMTP and OpenID servers above run in this process and must keep answering meanwhile.
  const firmUsers = spawn("npx", ["tsx", "tests/e2e/support/create-firm-users.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
  const firmUsersExit = await new Promise<number | null>((resolve) => firmUsers.once("exit", resolve));
  if (firmUsersExit !== 0) throw new Error("creating the firm's e2e accounts failed");
  const child = spawn(process.execPath, ["--enable-source-maps", path.join(buildDir, "server", "main.js")], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(baseUrl, child);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_BUILD_DIR = buildDir;
  process.env.E2E_OIDC_URL = oidc.url;

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    await smtp.stop();
    await oidc.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
}
