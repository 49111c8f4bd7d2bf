import { sql, type SQL } from "drizzle-orm";
import { todayIso } from "~/lib/format.ts";
import { can } from "~/lib/permissions.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput, notFound } from "~/server/http/app-error.ts";
import { readFacts } from "./work-facts.server.ts";
import type { WorkQuery } from "./work.schema.ts";
import type { Binding, ChecklistItem, WorkInstance, WorkInstanceRow, WorkStatus } from "./work.types.ts";

/*
 * Work instances: the views (list and board, "my week"), an instance's checklist, its status, assignee and snooze
 * (decision 113). A checklist is the template's until the instance starts, then the instance's own copy; a bound
 * item's tick is read from the books (work-facts.server.ts), a plain item's is stored with who and when.
 */

/** Most instances in one view. */
export const MAX_WORK_ROWS = 500;

interface RawItem {
  position: number;
  section: string;
  label: string;
  binding: Binding | null;
  ticked_by: string | null;
  ticked_at: string | null;
}

type RawInstance = Omit<WorkInstanceRow, "ticked" | "items"> & {
  checklist: RawItem[] | string;
  override_reason: string | null;
  done_by_name: string | null;
  done_at: string | Date | null;
};

const instanceSql = (where: SQL, order = sql`w.due_on, w.id`, limit = MAX_WORK_ROWS) => sql`
  select w.id, w.name, w.organization_id, o.name as organization_name, w.template_id, w.period_start::text as period_start,
         w.period_end::text as period_end, w.due_on::text as due_on, w.status, w.assignee_id, a.name as assignee_name,
         w.snoozed_until::text as snoozed_until, w.override_reason, d.name as done_by_name, w.done_at,
         case when exists (select 1 from work_instance_items ii where ii.instance_id = w.id)
              then (select json_agg(json_build_object('position', ii.position, 'section', ii.section, 'label', ii.label,
                                    'binding', ii.binding, 'ticked_by', tb.name, 'ticked_at', ii.ticked_at) order by ii.position)
                      from work_instance_items ii left join users tb on tb.id = ii.ticked_by where ii.instance_id = w.id)
              else (select json_agg(json_build_object('position', ti.position, 'section', ti.section, 'label', ti.label,
                                    'binding', ti.binding, 'ticked_by', null, 'ticked_at', null) order by ti.position)
                      from work_template_items ti where ti.template_id = w.template_id) end as checklist
    from work_instances w join organizations o on o.id = w.organization_id
    left join users a on a.id = w.assignee_id
    left join users d on d.id = w.done_by
   where ${where}
   order by ${order}
   limit ${limit}`;

/** The instances with their checklists as shown: bound items ticked from the books. */
async function withChecklists(db: Db, raw: RawInstance[]): Promise<WorkInstance[]> {
  const parsed = raw.map((r) => ({
    ...r,
    id: Number(r.id),
    organization_id: Number(r.organization_id),
    template_id: Number(r.template_id),
    done_at: r.done_at === null ? null : new Date(r.done_at).toISOString(),
    items: (typeof r.checklist === "string" ? (JSON.parse(r.checklist) as RawItem[] | null) : r.checklist) ?? [],
  }));
  const bound = parsed.filter((p) => p.items.some((i) => i.binding !== null));
  const facts = await readFacts(db, bound);
  return parsed.map(({ items, checklist: _raw, ...p }) => {
    const checklist: ChecklistItem[] = items.map((i) => {
      const fact = i.binding ? facts.get(p.id)?.[i.binding] : undefined;
      return fact
        ? { ...i, ticked: fact.ok, ticked_by: fact.ok ? fact.by : null, ticked_at: fact.ok ? fact.at : null }
        : { ...i, ticked: i.ticked_at !== null, ticked_at: i.ticked_at === null ? null : new Date(i.ticked_at).toISOString() };
    });
    return { ...p, checklist, ticked: checklist.filter((i) => i.ticked).length, items: checklist.length };
  });
}

/** The end of the week (Sunday) holding `today`. */
export function endOfWeek(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}

/** The work views: instances by due date, filtered as the query says ("me": the viewer). */
export async function listWork(db: Db, viewerId: string, q: WorkQuery, today = todayIso()): Promise<WorkInstanceRow[]> {
  const assignee = q.assignee === "me" ? viewerId : q.assignee;
  const where: SQL[] = [sql`true`];
  if (assignee === "none") where.push(sql`w.assignee_id is null`);
  else if (assignee) where.push(sql`w.assignee_id = ${assignee}`);
  if (q.client) where.push(sql`w.organization_id = ${q.client}`);
  if (q.template) where.push(sql`w.template_id = ${q.template}`);
  // The board shows every status; the list shows what is not done unless a status is asked for.
  if (q.status) where.push(sql`w.status = ${q.status}`);
  else if (q.view !== "board") where.push(sql`w.status <> 'done'`);
  if (q.overdue) where.push(sql`w.due_on < ${today}::date and w.status <> 'done'`);
  if (q.due_by) where.push(sql`w.due_on <= ${q.due_by}::date and (w.snoozed_until is null or w.snoozed_until <= ${today}::date)`);
  const rows = await withChecklists(db, await queryRows<RawInstance>(db, instanceSql(sql.join(where, sql` and `))));
  return rows.map(({ checklist: _c, override_reason: _o, done_by_name: _d, done_at: _a, ...row }) => row);
}

export async function getWork(db: Db, id: number): Promise<WorkInstance> {
  const [row] = await withChecklists(db, await queryRows<RawInstance>(db, instanceSql(sql`w.id = ${id}`)));
  if (!row) throw notFound("Work not found");
  return row;
}

/** Locks an instance and gives it its own checklist (copied from its template) if it has none yet. */
async function startInstance(tx: Db, id: number): Promise<WorkStatus> {
  const [w] = await queryRows<{ status: WorkStatus; template_id: number }>(
    tx,
    sql`select status, template_id from work_instances where id = ${id} for update`,
  );
  if (!w) throw notFound("Work not found");
  await tx.execute(
    sql`insert into work_instance_items (instance_id, position, section, label, binding)
        select ${id}, position, section, label, binding from work_template_items
         where template_id = ${w.template_id} and not exists (select 1 from work_instance_items where instance_id = ${id})`,
  );
  return w.status;
}

/** Ticks or unticks a plain item (who and when kept); the instance starts if it had not. */
export async function tickItem(db: Db, actor: AuditActor, id: number, position: number, ticked: boolean): Promise<WorkInstance> {
  await db.transaction(async (tx) => {
    const status = await startInstance(tx, id);
    const [item] = await queryRows<{ binding: string | null }>(
      tx,
      sql`select binding from work_instance_items where instance_id = ${id} and position = ${position}`,
    );
    if (!item) throw notFound("Item not found");
    if (item.binding) throw conflict("This item ticks itself from the client's books.");
    await tx.execute(
      sql`update work_instance_items set ticked_by = ${ticked ? actor.id : null}, ticked_at = ${ticked ? sql`now()` : null}
           where instance_id = ${id} and position = ${position}`,
    );
    if (status === "not_started")
      await tx.execute(sql`update work_instances set status = 'in_progress', updated_at = now() where id = ${id}`);
  });
  return getWork(db, id);
}

/**
 * Moves an instance to a status. Done needs every item ticked, or a reviewer's reason (audited); leaving done
 * clears who marked it done.
 */
export async function setStatus(
  db: Db,
  actor: AuditActor,
  user: { role: string },
  id: number,
  status: WorkStatus,
  reason: string | null | undefined,
): Promise<WorkInstance> {
  await db.transaction(async (tx) => {
    // Back to "not started" keeps the instance's own checklist; any other status gives it one.
    const before =
      status === "not_started"
        ? (await queryRows<{ status: WorkStatus }>(tx, sql`select status from work_instances where id = ${id} for update`))[0]?.status
        : await startInstance(tx, id);
    if (!before) throw notFound("Work not found");
    let override: string | null = null;
    if (status === "done") {
      const open = (await getWork(tx, id)).checklist.filter((i) => !i.ticked);
      if (open.length > 0) {
        if (!can(user, "firm.work.override"))
          throw conflict(
            `${open.length} item${open.length === 1 ? " is" : "s are"} not ticked: a reviewer can mark it done with a reason.`,
          );
        if (!reason) throw invalidInput({ override_reason: "Give the reason it is done with items not ticked" });
        override = reason;
      }
    }
    await tx.execute(
      sql`update work_instances set status = ${status}, override_reason = ${override},
                 done_by = ${status === "done" ? actor.id : null}, done_at = ${status === "done" ? sql`now()` : null}, updated_at = now()
           where id = ${id}`,
    );
    await recordAudit(tx, actor, {
      action: override ? "work.done_overridden" : "work.status_changed",
      targetType: "work_instance",
      targetId: id,
      before: { status: before },
      after: { status, ...(override ? { reason: override } : {}) },
    });
  });
  return getWork(db, id);
}

/** Gives instances to a staff member (or nobody). Audited, one row per instance. */
export async function reassign(db: Db, actor: AuditActor, ids: number[], assigneeId: string | null): Promise<number> {
  return db.transaction(async (tx) => {
    if (assigneeId) {
      const [u] = await queryRows<{ role: string; disabled_at: string | null }>(
        tx,
        sql`select role, disabled_at from users where id = ${assigneeId}`,
      );
      if (!u || u.disabled_at || !can(u, "firm.work"))
        throw invalidInput({ assignee_id: "Choose a staff member" }, "Choose a staff member");
    }
    const changed = await queryRows<{ id: number; before: string | null }>(
      tx,
      sql`update work_instances w set assignee_id = ${assigneeId}, updated_at = now()
            from (select id, assignee_id from work_instances where id = any(${pgArray(ids)}::int[]) for update) old
           where w.id = old.id and w.assignee_id is distinct from ${assigneeId}
          returning w.id, old.assignee_id as before`,
    );
    for (const c of changed)
      await recordAudit(tx, actor, {
        action: "work.reassigned",
        targetType: "work_instance",
        targetId: Number(c.id),
        before: { assignee_id: c.before },
        after: { assignee_id: assigneeId, bulk: ids.length > 1 },
      });
    return changed.length;
  });
}

/** Keeps an instance out of the week view until a date (null: back now). Audited. */
export async function snooze(db: Db, actor: AuditActor, id: number, until: string | null): Promise<WorkInstance> {
  await db.transaction(async (tx) => {
    const [old] = await queryRows<{ snoozed_until: string | null }>(
      tx,
      sql`select snoozed_until::text as snoozed_until from work_instances where id = ${id} for update`,
    );
    if (!old) throw notFound("Work not found");
    await tx.execute(sql`update work_instances set snoozed_until = ${until}::date, updated_at = now() where id = ${id}`);
    await recordAudit(tx, actor, {
      action: "work.snoozed",
      targetType: "work_instance",
      targetId: id,
      before: { snoozed_until: old.snoozed_until },
      after: { snoozed_until: until },
    });
  });
  return getWork(db, id);
}
