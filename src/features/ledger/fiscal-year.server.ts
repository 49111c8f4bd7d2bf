import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import type { FiscalYearInput } from "./fiscal-year.schema.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { fiscalYearStartMonth } from "./year-end-read.server.ts";

/**
 * The organization's fiscal year (decision 096): the month it starts in, which the reports' presets, the balance
 * sheet's current-year earnings and the year-end close count from. Those who hold "books.lock" change it (its route asks), audited; not while
 * a closed fiscal year stands (its dates would no longer be a fiscal year).
 */
export async function readFiscalYear(db: Db, m: Membership): Promise<FiscalYearInput> {
  return { fiscal_year_start_month: await fiscalYearStartMonth(db, m.organizationId) };
}

export async function setFiscalYear(db: Db, m: Membership, actor: AuditActor, input: FiscalYearInput): Promise<FiscalYearInput> {
  const month = input.fiscal_year_start_month;
  await db.transaction(async (tx) => {
    const [org] = await queryRows<{ month: number; closed: boolean }>(
      tx,
      sql`select o.fiscal_year_start_month as month,
                 exists (select 1 from fiscal_year_closes c where c.organization_id = o.id and c.reopened_at is null) as closed
            from organizations o where o.id = ${m.organizationId} for update`,
    );
    const before = Number(org!.month);
    if (before === month) return;
    if (org!.closed) {
      const text = "Reopen the closed fiscal years before changing the month the fiscal year starts in";
      throw invalidInput({ fiscal_year_start_month: text }, text);
    }
    await tx.execute(sql`update organizations set fiscal_year_start_month = ${month} where id = ${m.organizationId}`);
    await recordAudit(tx, actor, {
      action: "books.fiscal_year_changed",
      targetType: "organization",
      targetId: m.organizationId,
      before: { fiscal_year_start_month: before },
      after: { fiscal_year_start_month: month },
    });
  });
  return { fiscal_year_start_month: month };
}
