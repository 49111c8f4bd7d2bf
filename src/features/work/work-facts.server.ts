import { sql } from "drizzle-orm";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import type { Binding } from "./work.types.ts";

/*
 * The facts of a client's books that checklist items are bound to, read for each instance's period whenever a
 * checklist is shown (decision 113): a bound item ticks itself when the fact holds and unticks itself when it stops
 * holding (a reconciliation undone, a period reopened), and nothing is stored that could drift from the books. Who and
 * when come from the fact itself: the reconciliation that reached the period's end last, the lock, the pack, the
 * filed return, the last answer; a fact that is an absence (no unmatched lines) has no one and no time.
 */

export interface Fact {
  ok: boolean;
  by: string | null;
  at: string | null;
}

export interface FactScope {
  id: number;
  organization_id: number;
  period_start: string;
  period_end: string;
  due_on: string;
}

interface FactRow {
  id: number;
  reconciled: boolean;
  reconciled_by: string | null;
  reconciled_at: string | Date | null;
  locked: boolean;
  locked_by: string | null;
  locked_at: string | Date | null;
  unmatched: boolean;
  open_questions: boolean;
  answered_at: string | Date | null;
  open_requests: boolean;
  accepted_at: string | Date | null;
  pack_by: string | null;
  pack_at: string | Date | null;
  filed_by: string | null;
  filed_at: string | Date | null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** The facts of every binding for each instance's client and period. */
export async function readFacts(db: Db, scopes: FactScope[]): Promise<Map<number, Record<Binding, Fact>>> {
  if (scopes.length === 0) return new Map();
  const rows = await queryRows<FactRow>(
    db,
    sql`with i as (
          select * from unnest(${pgArray(scopes.map((s) => s.id))}::int[], ${pgArray(scopes.map((s) => s.organization_id))}::int[],
                               ${pgArray(scopes.map((s) => s.period_start))}::date[], ${pgArray(scopes.map((s) => s.period_end))}::date[],
                               ${pgArray(scopes.map((s) => s.due_on))}::date[]) as x(id, org, ps, pe, due)
        )
        select i.id,
               rec.ok as reconciled, rec.by as reconciled_by, rec.at as reconciled_at,
               coalesce(o.lock_date >= i.pe, false) as locked, lk.by as locked_by, lk.at as locked_at,
               exists (select 1 from bank_lines b where b.organization_id = i.org and b.booked_on between i.ps and i.pe
                          and b.match_id is null and b.excluded_at is null) as unmatched,
               exists (select 1 from bank_questions q join bank_lines b on b.id = q.bank_line_id
                        where q.organization_id = i.org and q.answered_at is null and b.booked_on <= i.pe
                          and b.match_id is null and b.excluded_at is null) as open_questions,
               (select max(q.answered_at) from bank_questions q join bank_lines b on b.id = q.bank_line_id
                 where q.organization_id = i.org and b.booked_on between i.ps and i.pe) as answered_at,
               exists (select 1 from document_request_items ri where ri.organization_id = i.org and ri.status <> 'accepted'
                          and ri.due_on <= i.due) as open_requests,
               (select max(ri.reviewed_at) from document_request_items ri where ri.organization_id = i.org and ri.status = 'accepted'
                   and ri.due_on <= i.due) as accepted_at,
               pk.by as pack_by, pk.at as pack_at, tr.by as filed_by, tr.at as filed_at
          from i join organizations o on o.id = i.org
          left join lateral (
            select coalesce(bool_and(r.statement_date is not null), false) as ok,
                   (array_agg(u.name order by r.finished_at desc nulls last))[1] as by, max(r.finished_at) as at
              from bank_accounts ba
              left join lateral (select r.statement_date, r.finished_at, r.finished_by from bank_reconciliations r
                                  where r.bank_account_id = ba.id and r.undone_at is null and r.statement_date >= i.pe
                                  order by r.statement_date limit 1) r on true
              left join users u on u.id = r.finished_by
             where ba.organization_id = i.org
          ) rec on true
          left join lateral (select u.name as by, l.created_at as at from books_locks l left join users u on u.id = l.created_by
                              where l.organization_id = i.org order by l.id desc limit 1) lk on o.lock_date >= i.pe
          left join lateral (select u.name as by, p.created_at as at from month_end_packs p left join users u on u.id = p.prepared_by
                              where p.organization_id = i.org and p.month = date_trunc('month', i.pe)::date
                              order by p.id desc limit 1) pk on true
          left join lateral (select u.name as by, t.filed_at as at from tax_returns t left join users u on u.id = t.filed_by
                              where t.organization_id = i.org and t.period_start <= i.pe and t.period_end >= i.pe
                              order by t.id desc limit 1) tr on true`,
  );
  const facts = new Map<number, Record<Binding, Fact>>();
  for (const r of rows) {
    const none = (ok: boolean, at: string | Date | null = null): Fact => ({ ok, by: null, at: ok ? iso(at) : null });
    facts.set(Number(r.id), {
      bank_reconciled: { ok: r.reconciled, by: r.reconciled ? r.reconciled_by : null, at: r.reconciled ? iso(r.reconciled_at) : null },
      period_locked: { ok: r.locked, by: r.locked_by, at: iso(r.locked_at) },
      no_unmatched_lines: none(!r.unmatched),
      no_open_questions: none(!r.open_questions, r.answered_at),
      requests_complete: none(!r.open_requests, r.accepted_at),
      pack_prepared: { ok: r.pack_at !== null, by: r.pack_by, at: iso(r.pack_at) },
      tax_return_filed: { ok: r.filed_at !== null, by: r.filed_by, at: iso(r.filed_at) },
    });
  }
  return facts;
}
