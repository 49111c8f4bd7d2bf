import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { runDates, type Frequency } from "~/features/ledger/recurrence.ts";
import { todayIso } from "~/lib/format.ts";
import { queryRows } from "~/server/db/client.ts";
import { jobProcess } from "../support/job-processes.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { firstBooks } from "../support/books.ts";

// Two processes of the site on one PostgreSQL database (the embedded database has one process by design), both
// starting after downtime with the same runs due: each run is made exactly once. Runs when TEST_DATABASE_URL is set.
describe.runIf(process.env.TEST_DATABASE_URL)("recurring entries with two server processes", () => {
  let t: TestApp;
  let owner: TestUser;
  let orgId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInUser(t, { companyName: "Two Process Co" });
    orgId = Number((await firstBooks(t)(owner.cookie)).split("/").pop());
  });
  afterAll(() => t.close());

  it("catch-up at start: every due run of 24 schedules made once, by one process or the other", async () => {
    const accounts = await queryRows<{ id: number; account_code: string }>(
      t.ctx.db,
      sql`select id, account_code from chart_of_accounts where organization_id = ${orgId}`,
    );
    const code = Object.fromEntries(accounts.map((a) => [a.account_code, Number(a.id)]));
    const frequencies: Frequency[] = ["monthly", "quarterly", "yearly"];
    const today = todayIso();
    let expected = 0;
    const schedules = Array.from({ length: 24 }, (_, i) => {
      const s = { frequency: frequencies[i % 3]!, day_of_month: [1, 15, 28, 29, 30, 31][i % 6]!, start_date: `2023-0${(i % 9) + 1}-10` };
      expected += runDates(s, null, 1000).filter((d) => d <= today).length;
      return s;
    });
    // Schedules whose runs came due while no process ran (as after downtime): written as the API would, not yet run.
    for (const [i, s] of schedules.entries()) {
      const next = runDates(s, null, 1)[0]!;
      await t.ctx.db.execute(
        sql`with r as (
              insert into recurring_entries (organization_id, description, reference, frequency, day_of_month, start_date, post, next_run_on, created_by)
              values (${orgId}, ${`Schedule ${i}`}, ${`S${i}`}, ${s.frequency}, ${s.day_of_month}, ${s.start_date}::date, ${i % 2 === 0},
                      ${next}::date, ${owner.id})
              returning id
            )
            insert into recurring_entry_lines (recurring_entry_id, organization_id, line_no, account_id, debit_amount, credit_amount)
            select r.id, ${orgId}, x.line_no, x.account_id, x.debit, x.credit from r,
                   (values (1, ${code["6000"]}::integer, ${`${100 + i}.25`}::numeric, 0::numeric),
                           (2, ${code["1000"]}::integer, 0::numeric, ${`${100 + i}.25`}::numeric)) as x(line_no, account_id, debit, credit)`,
      );
    }
    expect(expected).toBeGreaterThan(200);

    let go!: () => void;
    const started = new Promise<void>((resolve) => (go = resolve));
    const both = Promise.all([
      jobProcess(t.testDb.url!, started, "recurring entries made", "made"),
      jobProcess(t.testDb.url!, started, "recurring entries made", "made"),
    ]);
    // Both have connected and migrated; then both start their jobs at once.
    setTimeout(go, 3000);
    const made = await both;

    // Neither process stumbled on the other's work (a run taken twice would fail on its run row and stop that job).
    expect(made.flatMap((p) => p.errors)).toEqual([]);
    expect(made[0]!.count + made[1]!.count).toBe(expected);
    const [counts] = await queryRows<{ runs: string; entries: string; distinct_runs: string; posted: string; max_seq: string }>(
      t.ctx.db,
      sql`select (select count(*) from recurring_entry_runs where organization_id = ${orgId}) as runs,
                 (select count(*) from journal_entries where organization_id = ${orgId}) as entries,
                 (select count(distinct (reference, entry_date)) from journal_entries where organization_id = ${orgId}) as distinct_runs,
                 (select count(*) from journal_entries where organization_id = ${orgId} and status = 'posted') as posted,
                 (select max(entry_seq) from journal_entries where organization_id = ${orgId}) as max_seq`,
    );
    expect(Number(counts!.runs)).toBe(expected);
    expect(Number(counts!.entries)).toBe(expected);
    expect(Number(counts!.distinct_runs)).toBe(expected);
    // Numbers without a gap: no run was made and then undone.
    expect(Number(counts!.max_seq)).toBe(expected);
    expect(Number(counts!.posted)).toBeGreaterThan(0);
    const behind = await queryRows(
      t.ctx.db,
      sql`select id from recurring_entries where organization_id = ${orgId} and (next_run_on <= ${today}::date or status <> 'active')`,
    );
    expect(behind).toEqual([]);
  }, 120_000);
});
