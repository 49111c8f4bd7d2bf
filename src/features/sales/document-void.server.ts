import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.ts";
import { conflict } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { refusingLocked, reverseEntry } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { insertAllocation, itemOfEntry } from "./allocations.server.ts";
import { lockDocument } from "./document-drafts.server.ts";
import { getDocument } from "./document-queries.server.ts";
import type { DocumentDetails } from "./sales.types.ts";

/*
 * Voiding an approved document (decision 116): it is never edited once approved; voided, its entry is reversed and the
 * reversal settles it, audited.
 */

/**
 * Voids an approved document: its entry is reversed (dated as chosen) and the reversal
 * settles what is still owed. Refused while payments or credits are allocated to it: undo them first.
 */
export async function voidDocument(db: Db, m: Membership, actor: AuditActor, id: number, date: string): Promise<DocumentDetails> {
  await refusingLocked(
    () =>
      db.transaction(async (tx) => {
        const d = await lockDocument(tx, m, id);
        if (d.status !== "approved") throw conflict("Only an approved document can be voided");
        const item = await itemOfEntry(tx, Number(d.journal_entry_id));
        if (item.open !== item.amount) throw conflict(`Undo the payments and credits allocated to ${d.number} first`);
        const on = date;
        const mirror = await reverseEntry(tx, m, Number(d.journal_entry_id), on);
        const back = await itemOfEntry(tx, mirror.id);
        const [debit, credit] = item.signed > 0n ? [item, back] : [back, item];
        await insertAllocation(tx, m, debit.id, credit.id, item.amount, on < d.issue_date ? d.issue_date : on);
        await tx.execute(
          sql`update sales_documents set status = 'void', void_entry_id = ${mirror.id}, voided_by = ${m.userId}, voided_at = now() where id = ${id}`,
        );
        await recordAudit(tx, actor, {
          action: "sales_document.voided",
          targetType: "organization",
          targetId: m.organizationId,
          before: { document_id: id, number: d.number },
          after: { reversal: mirror.entry_number, date: on },
        });
      }),
    "date",
  );
  return getDocument(db, m, id);
}
