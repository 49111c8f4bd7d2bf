import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const MAILS_MODULE = path.resolve(import.meta.dirname, "../../src/features/activity/activity-mails.server.ts");
const CLIENT_MODULE = path.resolve(import.meta.dirname, "../../src/server/db/client.ts");

/**
 * mailClientActivity at `now` in a process of its own on its own pool: connects, says "ready", waits for the word, runs,
 * prints how many mails it queued.
 */
function mailsProcess(url: string, now: Date): { ready: Promise<void>; go: () => void; queued: Promise<number> } {
  const code = `
    const { openDatabase } = await import(${JSON.stringify(CLIENT_MODULE)});
    const { mailClientActivity } = await import(${JSON.stringify(MAILS_MODULE)});
    const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 4 });
    await database.db.execute("select 1");
    process.stdout.write("ready\\n");
    await new Promise((resolve) => process.stdin.once("data", resolve));
    const queued = await mailClientActivity(database.db, "http://localhost:3000", new Date(process.env.NOW));
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

async function twoProcesses(url: string, now: Date): Promise<number[]> {
  const a = mailsProcess(url, now);
  const b = mailsProcess(url, now);
  await Promise.all([a.ready, b.ready]);
  a.go();
  b.go();
  return Promise.all([a.queued, b.queued]);
}

// Two processes need a database server: the embedded database is held by one process (decision 079). Runs when
// TEST_DATABASE_URL is set.
describe.runIf(process.env.TEST_DATABASE_URL)("client activity mails with two server processes", () => {
  let t: TestApp;
  let owner: TestUser;
  let keeper: TestUser;
  let orgId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    owner = await createSignedInUser(t, { companyName: "Two Process Bakery", email: "owner@two.example" });
    keeper = await createSignedInUser(t, { role: "staff", email: "keeper@two.example" });
    orgId = ((await (await t.request("/api/accounting/orgs", { cookie: owner.cookie })).json()) as { organizations: { id: number }[] })
      .organizations[0]!.id;
    await addMember(t.ctx.db, orgId, keeper.id, "accountant");
  });
  afterAll(() => t.close());

  const mailsTo = async (to: string) =>
    (
      await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::int as n from mail_outbox where kind = 'client-activity' and to_address = ${to}`,
      )
    )[0]!.n;

  it("queues one mail per client and person per 15 minutes, whichever process runs the job", async () => {
    // The client writes: the first message mails the staff member on the client at once, the next wait.
    const send = (body: string) => t.request(`/api/messages/${orgId}/messages`, { cookie: owner.cookie, json: { body } });
    expect((await send("First")).status).toBe(201);
    expect(await mailsTo("keeper@two.example")).toBe(1);
    for (const body of ["Second", "Third", "Fourth"]) expect((await send(body)).status).toBe(201);
    const now = Date.now();
    expect(await twoProcesses(t.testDb.url!, new Date(now + 5 * 60_000))).toEqual([0, 0]);
    const later = (await twoProcesses(t.testDb.url!, new Date(now + 16 * 60_000))).sort();
    expect(later).toEqual([0, 1]);
    expect(await mailsTo("keeper@two.example")).toBe(2);
    expect(await twoProcesses(t.testDb.url!, new Date(now + 40 * 60_000))).toEqual([0, 0]);
    // The client, who acted, hears nothing of her own acts.
    expect(await mailsTo("owner@two.example")).toBe(0);
  });
});
