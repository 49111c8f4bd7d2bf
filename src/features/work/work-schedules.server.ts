import { sql } from "drizzle-orm";
import { addDays, todayIso } from "~/lib/format.ts";
import { can, rolesHolding } from "~/lib/permissions.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput, notFound } from "~/server/http/app-error.ts";
import { dueDate, instanceName, nextPeriod, periodOf, type DueRule, type Period, type WorkFrequency } from "./work-periods.ts";
import type { ApplyInput } from "./work.schema.ts";
import { holidaySet } from "./work-templates.server.ts";
import type { WorkSchedule } from "./work.types.ts";

/*
 * A template applied to clients (a schedule per client) and the scheduled job that makes their instances (decision
 * 113). Each period of a schedule is made once, whatever the number of processes: schedules are taken FOR UPDATE
 * SKIP LOCKED in batches, their instances inserted with the unique key (schedule, period) and the schedules moved on
 * in the same transaction. After downtime the job makes every period that came within the horizon meanwhile.
 */

/** Schedules taken per transaction by the job. */
const BATCH = 250;

/**
 * Applies a template to clients from the period holding `first_period`. Each client gets the named staff member, or
 * the template's default (the staff accountant who joined the client's books first, or the first admin by name). A
 * client that has the template already keeps its schedule; a stopped one starts again. Returns the schedules made or
 * restarted; their instances within the horizon are made at once.
 */
export async function applyTemplate(db: Db, actor: AuditActor, templateId: number, input: ApplyInput, today = todayIso()): Promise<number> {
  const ids = [...new Set(input.organization_ids)];
  const scheduleIds = await db.transaction(async (tx) => {
    const [t] = await queryRows<{ frequency: WorkFrequency; default_assignee: string; title: string }>(
      tx,
      sql`select frequency, default_assignee, title from work_templates where id = ${templateId} and archived_at is null for share`,
    );
    if (!t) throw notFound("Template not found");
    const known = await queryRows<{ id: number }>(tx, sql`select id from organizations where id = any(${pgArray(ids)}::int[])`);
    if (known.length !== ids.length) throw invalidInput({ organization_ids: "A client was not found" }, "A client was not found");
    if (input.assignee_id) {
      const [u] = await queryRows<{ role: string; disabled_at: string | null }>(
        tx,
        sql`select role, disabled_at from users where id = ${input.assignee_id}`,
      );
      if (!u || u.disabled_at || !can(u, "firm.work"))
        throw invalidInput({ assignee_id: "Choose a staff member" }, "Choose a staff member");
    }
    const staff = pgArray(rolesHolding("firm.work"));
    // Each client's first period holds the date asked for: a year is the client's fiscal year.
    const orgs = await queryRows<{ id: number; fiscal_year_start_month: number }>(
      tx,
      sql`select id, fiscal_year_start_month from organizations where id = any(${pgArray(ids)}::int[])`,
    );
    const firsts = orgs.map((o) => periodOf(t.frequency, input.first_period, Number(o.fiscal_year_start_month)).start);
    const made = await queryRows<{ id: number }>(
      tx,
      sql`insert into work_schedules (template_id, organization_id, assignee_id, first_period, next_period, created_by)
          select ${templateId}, o.id,
                 coalesce(${input.assignee_id ?? null}::text,
                   case ${t.default_assignee}
                     when 'accountant' then (select m.user_id from organization_memberships m join users u on u.id = m.user_id
                                              where m.organization_id = o.id and u.role = any(${staff}::text[]) and u.disabled_at is null
                                              order by m.created_at, m.user_id limit 1)
                     when 'admin' then (select u.id from users u where u.role = 'admin' and u.disabled_at is null order by lower(u.name), u.id limit 1)
                   end),
                 f.first, f.first, ${actor.id}
            from unnest(${pgArray(orgs.map((o) => Number(o.id)))}::int[], ${pgArray(firsts)}::date[]) as f(id, first)
            join organizations o on o.id = f.id
          on conflict (template_id, organization_id) do update
             set stopped_at = null, next_period = excluded.next_period, assignee_id = excluded.assignee_id
           where work_schedules.stopped_at is not null
          returning id`,
    );
    await recordAudit(tx, actor, {
      action: "work_template.applied",
      targetType: "work_template",
      targetId: templateId,
      after: {
        title: t.title,
        clients: ids.length,
        schedules: made.length,
        first_period: input.first_period,
        assignee_id: input.assignee_id ?? null,
      },
    });
    return made.map((m) => Number(m.id));
  });
  if (scheduleIds.length > 0) await makeDueInstances(db, today, { scheduleIds });
  return scheduleIds.length;
}

/** Stops a client's schedule: no more instances are made; those made stay. */
export async function stopSchedule(db: Db, actor: AuditActor, scheduleId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [s] = await queryRows<{ organization_id: number; template_id: number }>(
      tx,
      sql`update work_schedules set stopped_at = now(), next_period = null where id = ${scheduleId} and stopped_at is null
          returning organization_id, template_id`,
    );
    if (!s) throw notFound("Schedule not found");
    await recordAudit(tx, actor, { action: "work_schedule.stopped", targetType: "work_schedule", targetId: scheduleId, before: s });
  });
}

/** The schedules not stopped, by template and client name. */
export async function listSchedules(db: Db): Promise<WorkSchedule[]> {
  const rows = await queryRows<WorkSchedule>(
    db,
    sql`select s.id, s.template_id, s.organization_id, o.name as organization_name, u.name as assignee_name,
               s.first_period::text as first_period
          from work_schedules s join organizations o on o.id = s.organization_id left join users u on u.id = s.assignee_id
         where s.stopped_at is null
         order by s.template_id, lower(o.name), s.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), template_id: Number(r.template_id), organization_id: Number(r.organization_id) }));
}

interface DueSchedule extends DueRule {
  id: number;
  template_id: number;
  organization_id: number;
  assignee_id: string | null;
  next_period: string;
  title: string;
  frequency: WorkFrequency;
  fiscal_year_start_month: number;
}

/**
 * Makes every instance whose period starts by `today` plus the firm's horizon (of some schedules, or of all), in
 * batches of schedules, one transaction each, and returns how many were made. Safe from any number of processes.
 */
export async function makeDueInstances(db: Db, today: string, only: { scheduleIds?: number[] } = {}): Promise<number> {
  const [settings] = await queryRows<{ horizon_days: number }>(db, sql`select horizon_days from work_settings`);
  const until = addDays(today, Number(settings?.horizon_days ?? 31));
  const holidays = await holidaySet(db);
  let made = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await queryRows<DueSchedule>(
        tx,
        sql`select s.id, s.template_id, s.organization_id, s.assignee_id, s.next_period::text as next_period, t.title, t.frequency,
                   t.due_kind, t.due_day, t.due_months, t.due_shift, o.fiscal_year_start_month
              from work_schedules s join work_templates t on t.id = s.template_id join organizations o on o.id = s.organization_id
             where s.next_period <= ${until}::date and s.stopped_at is null and t.archived_at is null
               ${only.scheduleIds ? sql`and s.id = any(${pgArray(only.scheduleIds)}::int[])` : sql``}
             order by s.next_period, s.id
             limit ${BATCH}
               for update of s skip locked`,
      );
      if (due.length === 0) return null;
      const rows: { schedule: DueSchedule; period: Period; name: string; due_on: string }[] = [];
      const moved: { id: number; next: string | null }[] = [];
      for (const s of due) {
        const rule: DueRule = { ...s, due_day: Number(s.due_day), due_months: Number(s.due_months) };
        let period: Period | null = periodOf(s.frequency, s.next_period, Number(s.fiscal_year_start_month));
        if (s.frequency === "once") period = { start: s.next_period, end: s.next_period };
        while (period && period.start <= until) {
          rows.push({ schedule: s, period, name: instanceName(s.title, s.frequency, period), due_on: dueDate(rule, period, holidays) });
          period = nextPeriod(s.frequency, period);
        }
        moved.push({ id: Number(s.id), next: period?.start ?? null });
      }
      const inserted = await queryRows<{ n: number }>(
        tx,
        sql`with made as (
              insert into work_instances (schedule_id, template_id, organization_id, period_start, period_end, name, due_on, assignee_id)
              select * from unnest(${pgArray(rows.map((r) => Number(r.schedule.id)))}::int[], ${pgArray(rows.map((r) => Number(r.schedule.template_id)))}::int[],
                                   ${pgArray(rows.map((r) => Number(r.schedule.organization_id)))}::int[], ${pgArray(rows.map((r) => r.period.start))}::date[],
                                   ${pgArray(rows.map((r) => r.period.end))}::date[], ${pgArray(rows.map((r) => r.name))}::text[],
                                   ${pgArray(rows.map((r) => r.due_on))}::date[], ${sql.param(rows.map((r) => r.schedule.assignee_id))}::text[])
              on conflict (schedule_id, period_start) do nothing
              returning 1
            ), moved as (
              update work_schedules s set next_period = x.next
                from unnest(${pgArray(moved.map((m) => m.id))}::int[], ${sql.param(moved.map((m) => m.next))}::date[]) as x(id, next)
               where s.id = x.id
            )
            select count(*)::int as n from made`,
      );
      return Number(inserted[0]?.n ?? 0);
    });
    if (batch === null) return made;
    made += batch;
  }
}

/** The scheduled job: instances up to the horizon, as of today. */
export async function workInstancesJob(db: Db, log?: (made: number) => void): Promise<void> {
  const made = await makeDueInstances(db, todayIso());
  if (made > 0) log?.(made);
}
