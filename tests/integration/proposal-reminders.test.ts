import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remindProposals } from "~/features/proposals/index.server.ts";
import type { ProposalDetails } from "~/features/proposals/proposals.types.ts";
import { addDays, todayIso } from "~/lib/format.ts";
import { queryRows } from "~/server/db/client.ts";
import { outboxRows } from "../support/outbox.ts";
import { createSignedInUser, createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "../support/test-app.ts";

/*
 * Reminders of a proposal until it is answered (decision 118): every N days after sending, at most M times, each with
 * a fresh link that opens the proposal; none once it is answered or expired; each sent once when two runs race.
 */

describe("proposal reminders", () => {
  let t: TestApp;
  let staff: TestUser;
  let org: number;

  const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBeLessThan(300);
    return JSON.parse(text) as T;
  };
  const propose = async (o: Record<string, unknown>) => {
    const { proposal } = await ok<{ proposal: ProposalDetails }>(
      t.request("/api/firm/proposals", {
        cookie: staff.cookie,
        json: {
          organization_id: org,
          client_email: "owner@example.com",
          title: `Reminded ${Math.random().toString(36).slice(2, 7)}`,
          start_date: addDays(todayIso(), 7),
          minimum_term_months: 12,
          expires_on: addDays(todayIso(), 20),
          letter: "Dear {{client_name}}\n{{fees}}",
          lines: [{ name: "Starter", price: "299.00", billing: "monthly" }],
          ...o,
        },
      }),
    );
    await ok(t.request(`/api/firm/proposals/${proposal.id}/send`, { method: "POST", cookie: staff.cookie }));
    return proposal;
  };
  const later = (days: number) => new Date(Date.now() + days * 86_400_000 + 60_000);
  const reminders = () => outboxRows(t.ctx.db, sql`kind = 'proposal-reminder'`);

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    staff = await createSignedInUser(t, { role: "staff" });
    const owner = await createSignedInUser(t, { role: "client", companyName: "Reminded Books" });
    const { organizations } = await ok<{ organizations: { id: number }[] }>(t.request("/api/accounting/orgs", { cookie: owner.cookie }));
    org = organizations[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("reminds every N days, at most M times, with a fresh link that opens it; a race sends each once", async () => {
    const p = await propose({ reminder_every_days: 2, max_reminders: 2 });
    const quiet = await propose({ reminder_every_days: 0 });
    expect(p.reminders).toEqual({ every_days: 2, max: 2, sent: 0 });
    expect(await remindProposals(t.ctx.db, TEST_ORIGIN, later(1))).toBe(0);
    const raced = await Promise.all([remindProposals(t.ctx.db, TEST_ORIGIN, later(2)), remindProposals(t.ctx.db, TEST_ORIGIN, later(2))]);
    expect(raced[0]! + raced[1]!).toBe(1);
    const [mail] = await reminders();
    expect(mail!.to_address).toBe("owner@example.com");
    const token = /\/proposal\/([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
    const opened = await t.request(`/api/proposal-links/${token}`);
    expect(opened.status).toBe(200);
    expect(await remindProposals(t.ctx.db, TEST_ORIGIN, later(3))).toBe(0);
    expect(await remindProposals(t.ctx.db, TEST_ORIGIN, later(4))).toBe(1);
    expect(await remindProposals(t.ctx.db, TEST_ORIGIN, later(10))).toBe(0);
    const [row] = await queryRows<{ reminders_sent: number }>(t.ctx.db, sql`select reminders_sent from proposals where id = ${p.id}`);
    expect(row!.reminders_sent).toBe(2);
    const [none] = await queryRows<{ reminders_sent: number }>(t.ctx.db, sql`select reminders_sent from proposals where id = ${quiet.id}`);
    expect(none!.reminders_sent).toBe(0);
  });

  it("stops once answered or expired", async () => {
    const declined = await propose({ reminder_every_days: 1, max_reminders: 5 });
    const expiring = await propose({ reminder_every_days: 1, max_reminders: 5, expires_on: addDays(todayIso(), 1) });
    await t.ctx.db.execute(sql`update proposals set status = 'declined', declined_at = now() where id = ${declined.id}`);
    const before = (await reminders()).length;
    // Two days on, the second has expired: neither is reminded.
    expect(await remindProposals(t.ctx.db, TEST_ORIGIN, later(2))).toBe(0);
    expect((await reminders()).length).toBe(before);
    expect(expiring.expires_on < addDays(todayIso(), 2)).toBe(true);
  });
});
