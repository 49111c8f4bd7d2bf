import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { makeDueInstances } from "~/features/work/work-schedules.server.ts";
import type { WorkInstance, WorkInstanceRow, WorkTemplate } from "~/features/work/work.types.ts";
import { addDays, todayIso } from "~/lib/format.ts";
import { queryRows } from "~/server/db/client.ts";
import { firstBooks } from "../support/books.ts";
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

/** Recurring work: templates applied to clients, instances made once per period, checklists that tick from the books. */
describe("/api/firm/work", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let staff: TestUser;
  let admin: TestUser;
  let books: string;
  let orgId: number;
  let otherOrg: number;
  let close: WorkTemplate;

  const call = (u: TestUser | null, path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(path, { ...init, cookie: u?.cookie });
  const ok = async <T>(res: Promise<Response>, status = 200): Promise<T> => {
    const r = await res;
    const body = (await r.json()) as T;
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const work = (q = "") => ok<{ work: WorkInstanceRow[] }>(call(staff, `/api/firm/work${q}`)).then((b) => b.work);
  const one = (id: number) => ok<{ work: WorkInstance }>(call(staff, `/api/firm/work/${id}`)).then((b) => b.work);
  const item = (w: WorkInstance, label: string) => w.checklist.find((i) => i.label === label)!;

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.mail.stop();
    owner = await createSignedInUser(t, { companyName: "Work Client" });
    other = await createSignedInUser(t, { companyName: "Second Client" });
    staff = await createSignedInUser(t, { role: "staff", firstName: "Sam", lastName: "Keeper" });
    admin = await createSignedInUser(t, { role: "admin", firstName: "Ada", lastName: "Admin" });
    books = await firstBooks(t)(owner.cookie);
    orgId = Number(books.split("/").pop());
    otherOrg = Number((await firstBooks(t)(other.cookie)).split("/").pop());
    close = (await ok<{ templates: WorkTemplate[] }>(call(staff, "/api/firm/work/templates"))).templates.find((x) => x.title === "Close")!;
  });
  afterAll(() => t.close());

  it("answers 404 to anyone but the firm's people", async () => {
    for (const u of [null, owner]) {
      expect((await call(u, "/api/firm/work")).status).toBe(404);
      expect((await call(u, "/api/firm/work/templates")).status).toBe(404);
      expect((await call(u, `/api/firm/work/templates/${close.id}/apply`, { json: {} })).status).toBe(404);
    }
  });

  it("ships five templates; a new one is checked field by field and its title is unique", async () => {
    const { templates } = await ok<{ templates: WorkTemplate[] }>(call(staff, "/api/firm/work/templates"));
    expect(templates.map((x) => x.title).sort()).toEqual([
      "Close",
      "Estimated taxes",
      "Onboarding",
      "Sales tax return",
      "Year-end package",
    ]);
    expect(close).toMatchObject({ frequency: "monthly", due_kind: "day_of_month", due_day: 15, due_months: 1 });
    expect(close.items.filter((i) => i.binding).map((i) => i.binding)).toEqual([
      "bank_reconciled",
      "no_unmatched_lines",
      "no_open_questions",
      "requests_complete",
      "period_locked",
      "pack_prepared",
    ]);
    const bad = await call(staff, "/api/firm/work/templates", {
      json: { ...close, title: "Payroll", due_day: 32, items: [{ section: "Run", label: "", binding: "nope" }] },
    });
    expect(bad.status).toBe(400);
    const { fields } = (await bad.json()) as { fields: Record<string, string> };
    expect(fields).toMatchObject({ due_day: "Due day must be between 1 and 31", "items.0.label": "Item is required" });
    expect(fields["items.0.binding"]).toMatch(/^Ticked by must be one of/);
    const dup = await call(staff, "/api/firm/work/templates", { json: { ...close, title: "close" } });
    expect(dup.status).toBe(409);
  });

  it("applied to two clients, makes each period's instance once, named and due by the rule, up to the horizon", async () => {
    const applied = await ok<{ schedules: number }>(
      call(staff, `/api/firm/work/templates/${close.id}/apply`, {
        json: { organization_ids: [orgId, otherOrg], first_period: "2026-08-20", assignee_id: staff.id },
      }),
    );
    expect(applied.schedules).toBe(2);
    const mine = await work(`?client=${orgId}`);
    const today = todayIso();
    // From August to the month that starts within 31 days of today.
    const months: string[] = [];
    const horizon = addDays(today, 31);
    for (let m = new Date("2026-08-01T00:00:00Z"); m.toISOString().slice(0, 10) <= horizon; m.setUTCMonth(m.getUTCMonth() + 1))
      months.push(m.toISOString().slice(0, 10));
    expect(mine.map((w) => w.period_start)).toEqual(months);
    expect(mine[0]).toMatchObject({
      name: "Close — August 2026",
      period_end: "2026-08-31",
      due_on: "2026-09-15",
      assignee_name: "Sam Keeper",
      status: "not_started",
    });
    // 15 November 2026 is a Sunday: due the Monday after.
    expect(mine.find((w) => w.period_start === "2026-10-01")).toMatchObject({ name: "Close — October 2026", due_on: "2026-11-16" });

    // Applying again, or the job running again (in this process or another), makes nothing more.
    expect(
      (
        await ok<{ schedules: number }>(
          call(staff, `/api/firm/work/templates/${close.id}/apply`, { json: { organization_ids: [orgId], first_period: "2026-08-01" } }),
        )
      ).schedules,
    ).toBe(0);
    expect(await makeDueInstances(t.ctx.db, today)).toBe(0);
    const [count] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from work_instances where template_id = ${close.id}`,
    );
    expect(Number(count!.n)).toBe(months.length * 2);
    // A year ahead, the job makes the months that came within the horizon meanwhile, once.
    // Later (the horizon reaching April 2027), the job makes the months that came within it meanwhile, once each.
    expect(await makeDueInstances(t.ctx.db, "2027-03-10")).toBe(2 * monthsBetween(months.at(-1)!, "2027-04-01"));
    expect(await makeDueInstances(t.ctx.db, "2027-03-10")).toBe(0);
  });

  it("a yearly template follows each client's fiscal year", async () => {
    await ok(call(other, `/api/accounting/orgs/${otherOrg}/fiscal-year`, { method: "PUT", json: { fiscal_year_start_month: 7 } }));
    const yearly = (await ok<{ templates: WorkTemplate[] }>(call(staff, "/api/firm/work/templates"))).templates.find(
      (x) => x.title === "Year-end package",
    )!;
    await ok(
      call(staff, `/api/firm/work/templates/${yearly.id}/apply`, {
        json: { organization_ids: [orgId, otherOrg], first_period: "2026-03-01" },
      }),
    );
    const [calendar] = await work(`?client=${orgId}&template=${yearly.id}`);
    const [fiscal] = await work(`?client=${otherOrg}&template=${yearly.id}`);
    expect(calendar).toMatchObject({
      name: "Year-end package — 2026",
      period_start: "2026-01-01",
      period_end: "2026-12-31",
      due_on: "2027-03-01",
    });
    // Due on the last day of the second month after the year: 31 August 2026 is a Monday.
    expect(fiscal).toMatchObject({
      name: "Year-end package — year ending June 2026",
      period_start: "2025-07-01",
      period_end: "2026-06-30",
      due_on: "2026-08-31",
    });
  });

  it("bound items tick and untick themselves from the books; a plain item is ticked by hand", async () => {
    const august = (await work(`?client=${orgId}`)).find((w) => w.period_start === "2026-08-01")!;
    let w = await one(august.id);
    expect(item(w, "Period locked")).toMatchObject({ ticked: false, binding: "period_locked" });
    expect(item(w, "No unmatched bank lines in the period")).toMatchObject({ ticked: true });

    // A bank account reconciled through 31 August, and the period locked.
    const { accounts } = await ok<{ accounts: { id: number; account_code: string }[] }>(call(owner, `${books}/accounts`));
    const bankOrg = `/api/bank/${orgId}`;
    await ok(
      call(owner, `${bankOrg}/accounts`, {
        json: { name: "Checking", kind: "bank", account_id: accounts.find((a) => a.account_code === "1000")!.id },
      }),
      201,
    );
    const { accounts: banks } = await ok<{ accounts: { id: number }[] }>(call(owner, `${bankOrg}/accounts`));
    expect(item(await one(august.id), "Every bank account reconciled through the period end").ticked).toBe(false);
    await ok(
      call(owner, `${bankOrg}/accounts/${banks[0]!.id}/reconciliations`, {
        json: { statement_date: "2026-08-31", statement_balance: "0.00" },
      }),
      201,
    );
    await ok(call(owner, `${books}/lock`, { method: "PUT", json: { lock_date: "2026-08-31", reason: "August closed" } }));
    w = await one(august.id);
    expect(item(w, "Every bank account reconciled through the period end")).toMatchObject({ ticked: true });
    expect(item(w, "Period locked")).toMatchObject({ ticked: true });
    expect(item(w, "Period locked").ticked_at).not.toBeNull();
    const september = (await work(`?client=${orgId}`)).find((w) => w.period_start === "2026-09-01")!;
    expect(item(await one(september.id), "Period locked").ticked).toBe(false);

    // Reopened: "locked" unticks itself.
    await ok(call(owner, `${books}/lock/unlock`, { json: { reason: "A late invoice" } }));
    expect(item(await one(august.id), "Period locked")).toMatchObject({ ticked: false, ticked_at: null });

    // A bound item cannot be ticked by hand; a plain one can, and starts the instance.
    const bound = item(w, "Period locked");
    expect(
      (await call(staff, `/api/firm/work/${august.id}/items/${bound.position}`, { method: "PUT", json: { ticked: true } })).status,
    ).toBe(409);
    const plain = item(w, "Profit and loss reviewed against the month before");
    w = (
      await ok<{ work: WorkInstance }>(
        call(staff, `/api/firm/work/${august.id}/items/${plain.position}`, { method: "PUT", json: { ticked: true } }),
      )
    ).work;
    expect(item(w, plain.label)).toMatchObject({ ticked: true, ticked_by: "Sam Keeper" });
    expect(w.status).toBe("in_progress");
  });

  it("is not done while an item is unticked, unless a reviewer gives a reason (audited)", async () => {
    const august = (await work(`?client=${orgId}`)).find((w) => w.period_start === "2026-08-01")!;
    const refused = await call(staff, `/api/firm/work/${august.id}/status`, { method: "PUT", json: { status: "done" } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/items are not ticked: a reviewer can mark it done with a reason/);
    const noReason = await call(admin, `/api/firm/work/${august.id}/status`, { method: "PUT", json: { status: "done" } });
    expect(noReason.status).toBe(400);
    const done = await ok<{ work: WorkInstance }>(
      call(admin, `/api/firm/work/${august.id}/status`, {
        method: "PUT",
        json: { status: "done", override_reason: "Closed outside the books" },
      }),
    );
    expect(done.work).toMatchObject({ status: "done", override_reason: "Closed outside the books", done_by_name: "Ada Admin" });
    const [audit] = await queryRows<{ after: { reason: string } }>(
      t.ctx.db,
      sql`select after from audit_log where action = 'work.done_overridden' and target_id = ${String(august.id)}`,
    );
    expect(audit!.after.reason).toBe("Closed outside the books");
  });

  it("editing a template changes the instances not yet started, not the others", async () => {
    const before = await work(`?client=${orgId}&template=${close.id}`);
    const started = before.find((w) => w.status !== "not_started");
    const waiting = before.find((w) => w.status === "not_started")!;
    const edited = {
      ...close,
      title: "Month-end close",
      due_day: 10,
      items: [...close.items, { section: "Close", label: "Client told", binding: null }],
    };
    await ok(call(staff, `/api/firm/work/templates/${close.id}`, { method: "PUT", json: edited }));
    const after = await one(waiting.id);
    expect(after.name.startsWith("Month-end close — ")).toBe(true);
    expect(after.checklist.at(-1)!.label).toBe("Client told");
    expect(after.due_on.slice(8)).toMatch(/^(10|11|12)$/);
    const august = await one((await work(`?client=${orgId}&status=done`))[0]!.id);
    expect(august.name).toBe("Close — August 2026");
    expect(august.checklist.some((i) => i.label === "Client told")).toBe(false);
    expect(started === undefined || started.id !== waiting.id).toBe(true);
  });

  it("a firm holiday moves the due dates of instances not yet started; the horizon is the firm's", async () => {
    const waiting = (await work(`?client=${otherOrg}&status=not_started`)).at(-1)!;
    const bad = await call(staff, "/api/firm/work/settings", { method: "PUT", json: { horizon_days: 401, holidays: [] } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.horizon_days).toBe("Made ahead must be between 0 and 400");
    const { settings } = await ok<{ settings: { horizon_days: number; holidays: { day: string }[] } }>(
      call(staff, "/api/firm/work/settings", {
        method: "PUT",
        json: { horizon_days: 45, holidays: [{ day: waiting.due_on, name: "Firm day off" }] },
      }),
    );
    expect(settings).toEqual({ horizon_days: 45, holidays: [{ day: waiting.due_on, name: "Firm day off" }] });
    const moved = await one(waiting.id);
    expect(moved.due_on > waiting.due_on).toBe(true);
    await ok(call(staff, "/api/firm/work/settings", { method: "PUT", json: { horizon_days: 31, holidays: [] } }));
    expect((await one(waiting.id)).due_on).toBe(waiting.due_on);
  });

  it("reassigning many and snoozing are audited; the week view is one's own work due by Sunday", async () => {
    const all = await work(`?client=${otherOrg}`);
    const changed = await ok<{ changed: number }>(
      call(staff, "/api/firm/work/reassign", { json: { instance_ids: all.map((w) => w.id), assignee_id: admin.id } }),
    );
    expect(changed.changed).toBe(all.length);
    expect((await work(`?assignee=${admin.id}`)).length).toBe(all.length);
    const bad = await call(staff, "/api/firm/work/reassign", { json: { instance_ids: [all[0]!.id], assignee_id: owner.id } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.assignee_id).toBe("Choose a staff member");

    const overdue = all.filter((w) => w.due_on < todayIso());
    expect(overdue.length).toBeGreaterThan(0);
    const week = await ok<{ work: WorkInstanceRow[] }>(call(admin, `/api/firm/work?assignee=me&due_by=2026-11-29`));
    expect(week.work.map((w) => w.id).sort()).toEqual(
      all
        .filter((w) => w.due_on <= "2026-11-29")
        .map((w) => w.id)
        .sort(),
    );
    await ok(call(admin, `/api/firm/work/${overdue[0]!.id}/snooze`, { method: "PUT", json: { until: "2999-01-01" } }));
    const snoozed = await ok<{ work: WorkInstanceRow[] }>(call(admin, `/api/firm/work?assignee=me&due_by=2026-11-29`));
    expect(snoozed.work.some((w) => w.id === overdue[0]!.id)).toBe(false);
    const audits = await queryRows<{ action: string; n: number }>(
      t.ctx.db,
      sql`select action, count(*)::int as n from audit_log where action in ('work.reassigned', 'work.snoozed') group by action order by action`,
    );
    expect(audits.map((a) => [a.action, Number(a.n)])).toEqual([
      ["work.reassigned", all.length],
      ["work.snoozed", 1],
    ]);
  });
});

/** Months from the month after `last` through `through` (both first days). */
function monthsBetween(last: string, through: string): number {
  const index = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  return Math.max(0, index(through) - index(last));
}
