import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { notFound } from "~/server/http/app-error.ts";
import type { RequestParty } from "./request-access.server.ts";
import { mailRequestSent } from "./request-mail.server.ts";
import type { NewRequestInput } from "./requests.schema.ts";
import type { DocumentRequest, ReminderSent, RequestFile, RequestItem, RequestStatus, RequestSummary } from "./requests.types.ts";
import { nextReminderOn, type ReminderSchedule } from "./reminder-schedule.ts";
import { addDays } from "~/lib/format.ts";

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(btrim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.email)`);

const summaryColumns = sql`r.id, r.organization_id, r.title, r.status, ${personName("cb")} as created_by_name, r.created_at,
  (select count(*)::int from document_request_items i where i.request_id = r.id) as items,
  (select count(*)::int from document_request_items i where i.request_id = r.id and i.status in ('open', 'returned')) as open_items,
  (select min(i.due_on)::text from document_request_items i where i.request_id = r.id and i.status in ('open', 'returned')) as next_due_on,
  r.snoozed_until::text as snoozed_until`;

const fromRequests = sql`document_requests r left join users cb on cb.id = r.created_by`;

type SummaryRow = Omit<RequestSummary, "created_at"> & { created_at: Date | string };
const toSummary = (r: SummaryRow): RequestSummary => ({
  ...r,
  id: Number(r.id),
  organization_id: Number(r.organization_id),
  items: Number(r.items),
  open_items: Number(r.open_items),
  created_at: new Date(r.created_at).toISOString(),
});

/** The organization's requests: waiting on the client first, then on the firm, then complete; oldest first in each. */
export async function listRequests(db: Db, p: RequestParty, show: "open" | "complete" | "all" = "all"): Promise<RequestSummary[]> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select ${summaryColumns} from ${fromRequests}
         where r.organization_id = ${p.organizationId}
           ${show === "open" ? sql`and r.status <> 'complete'` : show === "complete" ? sql`and r.status = 'complete'` : sql``}
         order by case r.status when 'waiting_client' then 0 when 'waiting_firm' then 1 else 2 end, r.created_at, r.id
         limit 500`,
  );
  return rows.map(toSummary);
}

/** How many requests wait on the client (the badge of the books' Requests section). */
export async function openRequestCount(db: Db, organizationId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from document_requests where organization_id = ${organizationId} and status = 'waiting_client'`,
  );
  return Number(row?.n ?? 0);
}

export async function getRequest(db: Db, p: RequestParty, id: number): Promise<DocumentRequest> {
  const [head] = await queryRows<SummaryRow & Omit<DocumentRequest, keyof RequestSummary | "list" | "reminders">>(
    db,
    sql`select ${summaryColumns}, r.message, r.remind_days_before, r.remind_on_due, r.remind_every_days,
               r.next_reminder_on::text as next_reminder_on
          from ${fromRequests} where r.organization_id = ${p.organizationId} and r.id = ${id}`,
  );
  if (!head) throw notFound("Request not found");
  const items = await queryRows<Omit<RequestItem, "files"> & { answered_at: string | null; reviewed_at: string | null }>(
    db,
    sql`select i.id, i.position, i.label, i.due_on::text as due_on, i.status, i.client_note, i.return_reason,
               ${personName("a")} as answered_by_name, i.answered_at, ${personName("v")} as reviewed_by_name, i.reviewed_at
          from document_request_items i left join users a on a.id = i.answered_by left join users v on v.id = i.reviewed_by
         where i.request_id = ${id} order by i.position`,
  );
  const files = await queryRows<RequestFile>(
    db,
    sql`select f.id, f.item_id, f.file_name, f.content_type, f.size_bytes, ${personName("u")} as uploaded_by_name, f.uploaded_at
          from document_request_files f join document_request_items i on i.id = f.item_id left join users u on u.id = f.uploaded_by
         where i.request_id = ${id} and f.size_bytes > 0 order by f.id`,
  );
  const reminders = await queryRows<ReminderSent>(
    db,
    sql`select reminder_on::text as reminder_on, sent_at, recipients, open_items from document_request_reminders
         where request_id = ${id} order by reminder_on desc`,
  );
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return {
    ...toSummary(head),
    message: head.message,
    remind_days_before: head.remind_days_before === null ? null : Number(head.remind_days_before),
    remind_on_due: head.remind_on_due,
    remind_every_days: head.remind_every_days === null ? null : Number(head.remind_every_days),
    next_reminder_on: head.next_reminder_on,
    list: items.map((i) => ({
      ...i,
      id: Number(i.id),
      position: Number(i.position),
      answered_at: iso(i.answered_at),
      reviewed_at: iso(i.reviewed_at),
      files: files
        .filter((f) => Number(f.item_id) === Number(i.id))
        .map((f) => ({
          ...f,
          id: Number(f.id),
          item_id: Number(f.item_id),
          size_bytes: Number(f.size_bytes),
          uploaded_at: iso(f.uploaded_at)!,
        })),
    })),
    reminders: reminders.map((r) => ({
      ...r,
      sent_at: iso(r.sent_at)!,
      recipients: Number(r.recipients),
      open_items: Number(r.open_items),
    })),
  };
}

/**
 * The request's state from its items, and its next reminder from the items still to do: on or after the day it was
 * sent, after the last reminder sent, after a snooze. Call in the transaction of every change to items or schedule.
 */
export async function refreshRequest(tx: Db, id: number): Promise<RequestStatus> {
  const [r] = await queryRows<ReminderSchedule & { created_on: string; last_sent: string | null; snoozed_until: string | null }>(
    tx,
    sql`select remind_days_before, remind_on_due, remind_every_days, (created_at at time zone 'UTC')::date::text as created_on,
               snoozed_until::text as snoozed_until,
               (select max(reminder_on)::text from document_request_reminders x where x.request_id = r.id) as last_sent
          from document_requests r where id = ${id}`,
  );
  const items = await queryRows<{ status: string; due_on: string }>(
    tx,
    sql`select status, due_on::text as due_on from document_request_items where request_id = ${id}`,
  );
  const todo = items.filter((i) => i.status === "open" || i.status === "returned");
  const status: RequestStatus =
    todo.length > 0 ? "waiting_client" : items.every((i) => i.status === "accepted") ? "complete" : "waiting_firm";
  const floors = [r!.created_on, r!.last_sent ? addDays(r!.last_sent, 1) : null, r!.snoozed_until ? addDays(r!.snoozed_until, 1) : null];
  const from = floors
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1)!;
  const schedule: ReminderSchedule = {
    remind_days_before: r!.remind_days_before === null ? null : Number(r!.remind_days_before),
    remind_on_due: r!.remind_on_due,
    remind_every_days: r!.remind_every_days === null ? null : Number(r!.remind_every_days),
  };
  const next =
    status === "waiting_client"
      ? nextReminderOn(
          schedule,
          todo.map((i) => i.due_on),
          from,
        )
      : null;
  await tx.execute(
    sql`update document_requests set status = ${status}, next_reminder_on = ${next}::date, updated_at = now() where id = ${id}`,
  );
  return status;
}

/** A new request to the client, its items and its reminders' schedule, in one transaction; the client is mailed. */
export async function createRequest(
  db: Db,
  p: RequestParty,
  input: NewRequestInput,
  actor: AuditActor,
  publicUrl: string,
): Promise<{ id: number; mailed: number }> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into document_requests (organization_id, title, message, remind_days_before, remind_on_due, remind_every_days, created_by)
          values (${p.organizationId}, ${input.title}, ${input.message || null}, ${input.remind_days_before}, ${input.remind_on_due},
                  ${input.remind_every_days}, ${p.userId})
          returning id`,
    );
    const id = Number(row!.id);
    await tx.execute(
      sql`insert into document_request_items (organization_id, request_id, position, label, due_on)
          select ${p.organizationId}::integer, ${id}::integer, x.position, x.label, x.due_on
            from jsonb_to_recordset(${JSON.stringify(input.items.map((i, n) => ({ ...i, position: n + 1 })))}::jsonb)
              as x(position smallint, label text, due_on date)`,
    );
    await refreshRequest(tx, id);
    const [from] = await queryRows<{ name: string }>(tx, sql`select ${personName("u")} as name from users u where u.id = ${p.userId}`);
    const mailed = await mailRequestSent(
      tx,
      {
        organizationId: p.organizationId,
        organizationName: p.organizationName,
        requestId: id,
        title: input.title,
        from: from?.name ?? "Your accountant",
        items: input.items,
      },
      publicUrl,
    );
    await recordAudit(tx, actor, {
      action: "document_request.sent",
      targetType: "document_request",
      targetId: id,
      after: { organization_id: p.organizationId, title: input.title, items: input.items, mailed },
    });
    return { id, mailed };
  });
}
