import { sql } from "drizzle-orm";
import { toCents } from "~/lib/money.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { conflict, invalidInput } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { notFound, refusingLocked } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { insertAllocation } from "./allocations.server.ts";

/*
 * Undoing settlements (decision 116): an allocation undone is kept, marked and audited, and what it settled is owed
 * again; the settlements of a reversed entry are undone and its items settled by their mirrors in the reversal.
 */

/** Undoes an allocation (kept, marked, audited): refused when its date is behind the lock. */
export async function undoAllocation(db: Db, m: Membership, actor: AuditActor, id: number): Promise<void> {
  await refusingLocked(
    () =>
      db.transaction(async (tx) => {
        const [a] = await queryRows<{ id: number; amount: string; allocated_on: string; undone_at: string | null; void_of: number | null }>(
          tx,
          sql`select a.id, a.amount::text as amount, a.allocated_on::text as allocated_on, a.undone_at,
                     (select v.id from sales_documents v join journal_entry_lines l on l.journal_entry_id = v.void_entry_id
                       where l.id in (a.debit_line_id, a.credit_line_id) limit 1) as void_of
                from allocations a where a.organization_id = ${m.organizationId} and a.id = ${id} for update`,
        );
        if (!a) throw notFound("Allocation");
        if (a.undone_at) throw conflict("This allocation was already undone");
        if (a.void_of != null) throw conflict("A void's settlement stays: the document is void");
        // On the cash basis a filed return counted this settlement's tax (migration 0053 refuses it too).
        const [filed] = await queryRows<{ name: string | null }>(
          tx,
          sql`select tax_filed_allocation(organization_id, allocated_on, debit_line_id, credit_line_id) as name from allocations where id = ${id}`,
        );
        if (filed?.name) {
          const message = `The tax return ${filed.name} is filed and counted the tax this payment settles: an allocation dated in its period stays`;
          throw invalidInput({ allocated_on: message }, message);
        }
        await tx.execute(sql`update allocations set undone_at = now(), undone_by = ${m.userId} where id = ${id}`);
        await recordAudit(tx, actor, {
          action: "allocation.undone",
          targetType: "organization",
          targetId: m.organizationId,
          before: { allocation_id: id, amount: a.amount, allocated_on: a.allocated_on },
        });
      }),
    "allocated_on",
  );
}
/**
 * After an entry with open items was reversed (a payment matched to a bank line, undone): its items' live allocations
 * are undone (what they settled is owed again) and each item is settled by its mirror in the reversal, so neither stays
 * open. In the caller's transaction; the audit log records the undoing.
 */
export async function cancelSettlements(tx: Db, m: Membership, actor: AuditActor, entryId: number, mirrorId: number): Promise<void> {
  const pairs = await queryRows<{ item: number; mirror: number; signed: string; date: string }>(
    tx,
    sql`select o.id as item, r.id as mirror, (o.debit_amount - o.credit_amount)::text as signed, e.entry_date::text as date
          from journal_entry_lines o
          join journal_entry_lines r on r.journal_entry_id = ${mirrorId} and r.line_no = o.line_no
          join journal_entries e on e.id = r.journal_entry_id
         where o.journal_entry_id = ${entryId} and o.organization_id = ${m.organizationId} and o.contact_id is not null`,
  );
  for (const p of pairs) {
    const undone = await queryRows<{ id: number; amount: string }>(
      tx,
      sql`update allocations set undone_at = now(), undone_by = ${m.userId}
           where (debit_line_id = ${p.item} or credit_line_id = ${p.item}) and undone_at is null
          returning id, amount::text as amount`,
    );
    for (const a of undone)
      await recordAudit(tx, actor, {
        action: "allocation.undone",
        targetType: "organization",
        targetId: m.organizationId,
        before: { allocation_id: Number(a.id), amount: a.amount, reason: "its payment was reversed" },
      });
    const signed = toCents(p.signed)!;
    const [debit, credit] = signed > 0n ? [p.item, p.mirror] : [p.mirror, p.item];
    await insertAllocation(tx, m, Number(debit), Number(credit), signed < 0n ? -signed : signed, p.date);
  }
}
