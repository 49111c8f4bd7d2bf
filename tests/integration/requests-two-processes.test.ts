import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "~/features/tenancy/organizations.server.ts";
import { addDays, todayIso } from "~/lib/format.ts";
import { queryRows } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { jobProcess } from "../support/job-processes.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

// Two processes of the site on one PostgreSQL database, both starting after downtime (the clock moved forward past
// the reminders' dates): each due reminder is sent exactly once. Runs when TEST_DATABASE_URL is set.
describe.runIf(process.env.TEST_DATABASE_URL)("document request reminders with two server processes", () => {
  let t: TestApp;
  let owner: TestUser;
  let staff: TestUser;
  let orgId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Two Process Requests" });
    staff = await createSignedInUser(t, { role: "staff" });
    orgId = Number((await firstBooks(t)(owner.cookie)).split("/").pop());
    await addMember(t.ctx.db, orgId, staff.id, "accountant");
  });
  afterAll(() => t.close());

  it("catch-up at start: the latest due reminder of each of 40 requests sent once, by one process or the other", async () => {
    const today = todayIso();
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await t.request(`/api/requests/${orgId}`, {
        cookie: staff.cookie,
        json: {
          title: `Request ${i}`,
          items: [{ label: `Statement ${i}`, due_on: addDays(today, -(i % 7) - 1) }],
          remind_days_before: null,
          remind_on_due: true,
          remind_every_days: 1 + (i % 3),
        },
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { request: { id: number } }).request.id);
    }
    // As after downtime: every request's next reminder came due while no process ran.
    await t.ctx.db.execute(sql`update document_requests set next_reminder_on = created_at::date - 30 where organization_id = ${orgId}`);
    const before = Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from mail_outbox`))[0]!.n);

    let go!: () => void;
    const started = new Promise<void>((resolve) => (go = resolve));
    const both = Promise.all([
      jobProcess(t.testDb.url!, started, "document request reminders sent", "sent"),
      jobProcess(t.testDb.url!, started, "document request reminders sent", "sent"),
    ]);
    setTimeout(go, 3000);
    const runs = await both;

    expect(runs.flatMap((p) => p.errors)).toEqual([]);
    expect(runs[0]!.count + runs[1]!.count).toBe(40);
    const rows = await queryRows<{ request_id: number; n: number; on: string }>(
      t.ctx.db,
      sql`select request_id, count(*)::int as n, max(reminder_on)::text as on from document_request_reminders
           where request_id = any(${`{${ids.join(",")}}`}::int[]) group by request_id`,
    );
    expect(rows).toHaveLength(40);
    expect(rows.every((r) => Number(r.n) === 1 && r.on <= today)).toBe(true);
    const mails = Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from mail_outbox`))[0]!.n);
    // One mail per reminder to the client's owner (the staff member is the firm's).
    expect(mails - before).toBe(40);
    const behind = await queryRows(
      t.ctx.db,
      sql`select id from document_requests where organization_id = ${orgId} and next_reminder_on <= ${today}::date`,
    );
    expect(behind).toEqual([]);
  }, 120_000);
});
