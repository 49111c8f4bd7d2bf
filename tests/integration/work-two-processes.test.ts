import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { nextPeriod, periodOf, type Period, type WorkFrequency } from "~/features/work/work-periods.ts";
import { addDays, todayIso } from "~/lib/format.ts";
import { queryRows } from "~/server/db/client.ts";
import { jobProcess } from "../support/job-processes.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Two processes of the site on one PostgreSQL database, both starting after downtime with the same periods due: each
// instance is made exactly once. Runs when TEST_DATABASE_URL is set.
describe.runIf(process.env.TEST_DATABASE_URL)("recurring work with two server processes", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("catch-up at start: every period of 60 clients × 4 templates since January 2025 made once", async () => {
    const templates = await queryRows<{ id: number; frequency: WorkFrequency }>(
      t.ctx.db,
      sql`select id, frequency from work_templates where title in ('Close', 'Estimated taxes', 'Year-end package', 'Onboarding')`,
    );
    expect(templates).toHaveLength(4);
    // Schedules written as applying does, whose periods came due while no process ran.
    await t.ctx.db.execute(
      sql`with orgs as (insert into organizations (name) select 'Client ' || g from generate_series(1, 60) g returning id)
          insert into work_schedules (template_id, organization_id, first_period, next_period)
          select t.id, orgs.id, '2025-01-01', '2025-01-01' from orgs cross join work_templates t
           where t.id = any(${sql.param(templates.map((x) => Number(x.id)))}::int[])`,
    );
    const until = addDays(todayIso(), 31);
    let perClient = 0;
    for (const { frequency } of templates) {
      for (let p: Period | null = periodOf(frequency, "2025-01-01"); p && p.start <= until; p = nextPeriod(frequency, p)) perClient++;
    }
    const expected = perClient * 60;
    expect(expected).toBeGreaterThan(60 * 30);

    let go!: () => void;
    const started = new Promise<void>((resolve) => (go = resolve));
    const both = Promise.all([
      jobProcess(t.testDb.url!, started, "work instances made", "made"),
      jobProcess(t.testDb.url!, started, "work instances made", "made"),
    ]);
    setTimeout(go, 3000);
    const made = await both;

    expect(made.flatMap((p) => p.errors)).toEqual([]);
    expect(made[0]!.count + made[1]!.count).toBe(expected);
    const [counts] = await queryRows<{ instances: number; distinct_periods: number; behind: number }>(
      t.ctx.db,
      sql`select (select count(*)::int from work_instances) as instances,
                 (select count(distinct (organization_id, template_id, period_start))::int from work_instances) as distinct_periods,
                 (select count(*)::int from work_schedules where next_period <= ${until}::date) as behind`,
    );
    expect(counts).toEqual({ instances: expected, distinct_periods: expected, behind: 0 });
  }, 120_000);
});
