import { mkdtempSync, rmSync } from "node:fs";
import { createServer, connect, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { freePort, runServer, waitHealthy } from "./support/server-process.ts";
import { missing } from "../support/prerequisite.ts";

/** The PostgreSQL server to make a database on: E2E_PG_ADMIN_URL, or the local one (PGPASSWORD is honoured). */
const ADMIN_URL = process.env.E2E_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A TCP relay in front of PostgreSQL that can cut every connection and refuse new ones: an outage, without stopping the server. */
async function databaseRelay(target: URL) {
  const sockets = new Set<Socket>();
  let down = false;
  const server: Server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
  return {
    port,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe("the database goes away", () => {
  test.describe.configure({ timeout: 180_000 });

  test("pages say the service is temporarily unavailable and the API answers 503 with Retry-After, then both recover", async ({ page }) => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    const refused = await admin.connect().then(
      () => null,
      (e: Error) => e,
    );
    test.skip(
      missing(!refused, `a PostgreSQL server at ${ADMIN_URL} (E2E_PG_ADMIN_URL): ${refused?.message}`),
      `no PostgreSQL server at ${ADMIN_URL}`,
    );
    const dbName = `ll_outage_${Date.now().toString(36)}`;
    await admin.query(`create database ${dbName}`);
    const dbUrl = new URL(ADMIN_URL);
    dbUrl.pathname = `/${dbName}`;
    const relay = await databaseRelay(dbUrl);
    const viaRelay = new URL(dbUrl);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relay.port);
    if (!viaRelay.password && process.env.PGPASSWORD) viaRelay.password = process.env.PGPASSWORD;

    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "db-outage-"));
    const server = runServer({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: origin, DATABASE_URL: viaRelay.href });
    try {
      await waitHealthy(port);
      const email = `outage-${Date.now()}@example.com`;
      const password = "Quiet-harbor-outage-42";
      const headers = { origin, "content-type": "application/json" };
      const signUp = await page.request.post(`${origin}/api/auth/sign-up/email`, {
        headers,
        data: { email, password, name: "Ola Nordmann", firstName: "Ola", lastName: "Nordmann", companyName: "Nordmann AS" },
      });
      expect(signUp.ok()).toBe(true);
      const direct = new pg.Client({ connectionString: dbUrl.href });
      await direct.connect();
      await direct.query("update users set email_verified = true where email = $1", [email]);
      await direct.end();
      const signIn = await page.request.post(`${origin}/api/auth/sign-in/email`, { headers, data: { email, password } });
      expect(signIn.ok()).toBe(true);

      const before = await page.goto(`${origin}/accounting`);
      expect(before?.status()).toBe(200);

      relay.cut();
      const during = await page.goto(`${origin}/accounting`);
      expect(during?.status()).toBe(503);
      expect(during?.headers()["retry-after"]).toBe("5");
      await expect(page.getByRole("heading", { name: "Temporarily unavailable" })).toBeVisible();
      await expect(page.getByText("The service is temporarily unavailable. Please try again in a moment.")).toBeVisible();
      const api = await page.request.get(`${origin}/api/accounting/orgs`);
      expect(api.status()).toBe(503);
      expect(api.headers()["retry-after"]).toBe("5");
      expect(((await api.json()) as { code: string }).code).toBe("UNAVAILABLE");
      const health = await page.request.get(`${origin}/api/health`);
      expect(health.status()).toBe(503);

      relay.restore();
      await expect(async () => {
        const after = await page.goto(`${origin}/accounting`);
        expect(after?.status()).toBe(200);
      }).toPass({ timeout: 30_000 });
      await expect(page.getByRole("heading", { name: "Temporarily unavailable" })).toHaveCount(0);
    } finally {
      await server.stop();
      await relay.close();
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
      await admin.end();
    }
  });
});
