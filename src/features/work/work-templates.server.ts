import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { conflict, notFound } from "~/server/http/app-error.ts";
import { dueDate, instanceName } from "./work-periods.ts";
import type { SettingsInput, TemplateInput } from "./work.schema.ts";
import type { TemplateItem, WorkSettings, WorkTemplate } from "./work.types.ts";

/*
 * The firm's templates of recurring work, and its work settings (how far ahead instances are made, its holidays).
 * Editing a template changes the instances of it not yet started in the same transaction: their name and due date are
 * made again from the new title and due rule, and their checklist is the template's own until they start.
 */

type TemplateRow = Omit<WorkTemplate, "items" | "clients"> & { items: TemplateItem[] | string; clients: number | string };

const templateColumns = sql`t.id, t.title, t.service, t.description, t.frequency, t.due_kind, t.due_day, t.due_months, t.due_shift,
  t.default_assignee,
  coalesce((select json_agg(json_build_object('section', i.section, 'label', i.label, 'binding', i.binding) order by i.position)
              from work_template_items i where i.template_id = t.id), '[]'::json) as items,
  (select count(*) from work_schedules s where s.template_id = t.id and s.stopped_at is null) as clients`;

const toTemplate = (r: TemplateRow): WorkTemplate => ({
  ...r,
  id: Number(r.id),
  due_day: Number(r.due_day),
  due_months: Number(r.due_months),
  items: typeof r.items === "string" ? (JSON.parse(r.items) as TemplateItem[]) : r.items,
  clients: Number(r.clients),
});

/** The templates in use (not archived), by title. */
export async function listTemplates(db: Db): Promise<WorkTemplate[]> {
  const rows = await queryRows<TemplateRow>(
    db,
    sql`select ${templateColumns} from work_templates t where t.archived_at is null order by lower(t.title), t.id`,
  );
  return rows.map(toTemplate);
}

export async function getTemplate(db: Db, id: number): Promise<WorkTemplate> {
  const [row] = await queryRows<TemplateRow>(
    db,
    sql`select ${templateColumns} from work_templates t where t.id = ${id} and t.archived_at is null`,
  );
  if (!row) throw notFound("Template not found");
  return toTemplate(row);
}

const titleTaken = () => conflict("A template has this title already.", { title: "A template has this title already" });

async function writeItems(tx: Db, templateId: number, items: TemplateInput["items"]): Promise<void> {
  await tx.execute(sql`delete from work_template_items where template_id = ${templateId}`);
  await tx.execute(
    sql`insert into work_template_items (template_id, position, section, label, binding)
        select ${templateId}, x.ord, x.item ->> 'section', x.item ->> 'label', x.item ->> 'binding'
          from jsonb_array_elements(${JSON.stringify(items)}::jsonb) with ordinality as x(item, ord)`,
  );
}

export async function createTemplate(db: Db, actor: AuditActor, input: TemplateInput): Promise<WorkTemplate> {
  return db.transaction(async (tx) => {
    const [made] = await queryRows<{ id: number }>(
      tx,
      sql`insert into work_templates (title, service, description, frequency, due_kind, due_day, due_months, due_shift, default_assignee, created_by)
          values (${input.title}, ${input.service}, ${input.description || null}, ${input.frequency}, ${input.due_kind}, ${input.due_day},
                  ${input.due_months}, ${input.due_shift}, ${input.default_assignee}, ${actor.id})
          on conflict do nothing
          returning id`,
    );
    if (!made) throw titleTaken();
    const id = Number(made.id);
    await writeItems(tx, id, input.items);
    await recordAudit(tx, actor, {
      action: "work_template.created",
      targetType: "work_template",
      targetId: id,
      after: { title: input.title },
    });
    return getTemplate(tx, id);
  });
}

/** Changes a template, and with it the instances not yet started (their name, due date and checklist). */
export async function updateTemplate(db: Db, actor: AuditActor, id: number, input: TemplateInput): Promise<WorkTemplate> {
  return db.transaction(async (tx) => {
    const before = await getTemplate(tx, id);
    if (before.frequency !== input.frequency && before.clients > 0)
      throw conflict("How often the work repeats cannot change while clients have it: make a new template.", {
        frequency: "Stop the clients' schedules first, or make a new template",
      });
    const [clash] = await queryRows(
      tx,
      sql`select 1 from work_templates where lower(title) = lower(${input.title}) and id <> ${id} and archived_at is null`,
    );
    if (clash) throw titleTaken();
    await tx.execute(
      sql`update work_templates set title = ${input.title}, service = ${input.service}, description = ${input.description || null},
                 frequency = ${input.frequency}, due_kind = ${input.due_kind}, due_day = ${input.due_day}, due_months = ${input.due_months},
                 due_shift = ${input.due_shift}, default_assignee = ${input.default_assignee}, updated_at = now()
           where id = ${id}`,
    );
    await writeItems(tx, id, input.items);
    const holidays = await holidaySet(tx);
    const waiting = await queryRows<{ id: number; period_start: string; period_end: string }>(
      tx,
      sql`select id, period_start::text as period_start, period_end::text as period_end from work_instances
           where template_id = ${id} and status = 'not_started' for update`,
    );
    if (waiting.length > 0) {
      const names = waiting.map((w) => instanceName(input.title, input.frequency, { start: w.period_start, end: w.period_end }));
      const dues = waiting.map((w) => dueDate(input, { start: w.period_start, end: w.period_end }, holidays));
      await tx.execute(
        sql`update work_instances w set name = x.name, due_on = x.due_on, updated_at = now()
              from unnest(${pgArray(waiting.map((w) => Number(w.id)))}::int[], ${pgArray(names)}::text[], ${pgArray(dues)}::date[]) as x(id, name, due_on)
             where w.id = x.id`,
      );
    }
    await recordAudit(tx, actor, {
      action: "work_template.updated",
      targetType: "work_template",
      targetId: id,
      before: { title: before.title, items: before.items.length },
      after: { title: input.title, items: input.items.length, instances_changed: waiting.length },
    });
    return getTemplate(tx, id);
  });
}

/** Archives a template: its schedules stop; its instances stay as they are. */
export async function archiveTemplate(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ title: string }>(
      tx,
      sql`update work_templates set archived_at = now() where id = ${id} and archived_at is null returning title`,
    );
    if (!row) throw notFound("Template not found");
    await tx.execute(
      sql`update work_schedules set stopped_at = now(), next_period = null where template_id = ${id} and stopped_at is null`,
    );
    await recordAudit(tx, actor, {
      action: "work_template.archived",
      targetType: "work_template",
      targetId: id,
      before: { title: row.title },
    });
  });
}

/** The firm's holidays, as a set of ISO dates. */
export async function holidaySet(db: Db): Promise<Set<string>> {
  const rows = await queryRows<{ day: string }>(db, sql`select day::text as day from firm_holidays`);
  return new Set(rows.map((r) => r.day));
}

export async function getSettings(db: Db): Promise<WorkSettings> {
  const [s] = await queryRows<{ horizon_days: number }>(db, sql`select horizon_days from work_settings`);
  const holidays = await queryRows<{ day: string; name: string }>(db, sql`select day::text as day, name from firm_holidays order by day`);
  return { horizon_days: Number(s?.horizon_days ?? 31), holidays };
}

/** Saves the horizon and the holidays; the due dates of instances not yet started follow the new holidays. */
export async function saveSettings(db: Db, actor: AuditActor, input: SettingsInput): Promise<WorkSettings> {
  return db.transaction(async (tx) => {
    const before = await getSettings(tx);
    await tx.execute(sql`update work_settings set horizon_days = ${input.horizon_days}, updated_by = ${actor.id}, updated_at = now()`);
    await tx.execute(sql`delete from firm_holidays`);
    const days = [...new Map(input.holidays.map((h) => [h.day, h.name])).entries()];
    if (days.length > 0)
      await tx.execute(
        sql`insert into firm_holidays (day, name) select * from unnest(${pgArray(days.map(([d]) => d))}::date[], ${pgArray(days.map(([, n]) => n))}::text[])`,
      );
    const holidays = new Set(days.map(([d]) => d));
    const waiting = await queryRows<
      Omit<TemplateInput, "items" | "title" | "service"> & { id: number; period_start: string; period_end: string }
    >(
      tx,
      sql`select w.id, w.period_start::text as period_start, w.period_end::text as period_end, t.due_kind, t.due_day, t.due_months, t.due_shift
            from work_instances w join work_templates t on t.id = w.template_id
           where w.status = 'not_started' for update of w`,
    );
    if (waiting.length > 0)
      await tx.execute(
        sql`update work_instances w set due_on = x.due_on from unnest(${pgArray(waiting.map((w) => Number(w.id)))}::int[],
              ${pgArray(waiting.map((w) => dueDate({ ...w, due_day: Number(w.due_day), due_months: Number(w.due_months) }, { start: w.period_start, end: w.period_end }, holidays)))}::date[]) as x(id, due_on)
             where w.id = x.id and w.due_on <> x.due_on`,
      );
    await recordAudit(tx, actor, {
      action: "work_settings.updated",
      targetType: "work_settings",
      targetId: "firm",
      before: { horizon_days: before.horizon_days, holidays: before.holidays.length },
      after: { horizon_days: input.horizon_days, holidays: days.length },
    });
    return getSettings(tx);
  });
}
