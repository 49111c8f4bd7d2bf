import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import type { BooksCurrencyInput } from "./books-currency.schema.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";

/**
 * The books' currency (decision 102): chosen when the books are made (USD unless chosen), changed by those who hold
 * "books.lock" (its route asks) only while nothing is posted and no bank statement is imported, audited. The bank
 * accounts follow it: accounts in other currencies are not kept yet.
 */
export async function setBooksCurrency(db: Db, m: Membership, actor: AuditActor, input: BooksCurrencyInput): Promise<BooksCurrencyInput> {
  const { currency } = input;
  await db.transaction(async (tx) => {
    const [org] = await queryRows<{ currency: string; posted: boolean; imported: boolean }>(
      tx,
      sql`select o.currency,
                 exists (select 1 from journal_entries e where e.organization_id = o.id and e.status = 'posted') as posted,
                 exists (select 1 from bank_statements s where s.organization_id = o.id) as imported
            from organizations o where o.id = ${m.organizationId} for update`,
    );
    if (org!.currency === currency) return;
    if (org!.posted || org!.imported) {
      const text = `These books are kept in ${org!.currency}: the currency changes only while nothing is posted or imported`;
      throw invalidInput({ currency: text }, text);
    }
    await tx.execute(sql`update organizations set currency = ${currency} where id = ${m.organizationId}`);
    await tx.execute(sql`update bank_accounts set currency = ${currency} where organization_id = ${m.organizationId}`);
    await recordAudit(tx, actor, {
      action: "books.currency_changed",
      targetType: "organization",
      targetId: m.organizationId,
      before: { currency: org!.currency },
      after: { currency },
    });
  });
  return { currency };
}
