import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { queryRows } from "~/server/db/client.ts";
import { twoMailProcesses } from "../support/job-processes.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const MAILS_MODULE = path.resolve(import.meta.dirname, "../../src/features/messages/message-mails.server.ts");

// Two processes need a database server: the embedded database is held by one process (decision 079). Runs when
// TEST_DATABASE_URL is set.
describe.runIf(process.env.TEST_DATABASE_URL)("message notification mails with two server processes", () => {
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
        sql`select count(*)::int as n from mail_outbox where kind = 'message-notification' and to_address = ${to}`,
      )
    )[0]!.n;

  it("queues one mail per conversation and person per 15 minutes, whichever process runs the job", async () => {
    const send = (body: string) => t.request(`/api/messages/${orgId}/messages`, { cookie: keeper.cookie, json: { body } });
    expect((await send("First")).status).toBe(201);
    expect(await mailsTo("owner@two.example")).toBe(1);
    for (const body of ["Second", "Third", "Fourth"]) expect((await send(body)).status).toBe(201);
    const now = Date.now();
    expect(await twoMailProcesses(t.testDb.url!, MAILS_MODULE, "mailNewMessages", new Date(now + 5 * 60_000))).toEqual([0, 0]);
    const later = (await twoMailProcesses(t.testDb.url!, MAILS_MODULE, "mailNewMessages", new Date(now + 16 * 60_000))).sort();
    expect(later).toEqual([0, 1]);
    expect(await mailsTo("owner@two.example")).toBe(2);
    expect(await twoMailProcesses(t.testDb.url!, MAILS_MODULE, "mailNewMessages", new Date(now + 40 * 60_000))).toEqual([0, 0]);
    expect(await mailsTo("keeper@two.example")).toBe(0);
  });
});
