import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { cashFlow, isCashName, type CashFlowAccount, type CashFlowReport } from "./cash-flow.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { accountBalances } from "./reports.server.ts";

/**
 * The statement of cash flows for a period (decision 097): the period's totals of every account without the closing
 * entries, the cash accounts' balances before it, and which accounts are cash (tied to a bank account, or a current
 * asset named like cash).
 */
export async function cashFlowReport(db: Db, m: Membership, start: string, end: string): Promise<CashFlowReport> {
  const [period, positions, banks] = await Promise.all([
    accountBalances(db, m.organizationId, start, end, false),
    accountBalances(db, m.organizationId, start, end, true),
    queryRows<{ account_id: number }>(
      db,
      sql`select b.account_id from bank_accounts b join chart_of_accounts a on a.id = b.account_id
           where b.organization_id = ${m.organizationId} and a.account_type = 'Asset'`,
    ),
  ]);
  const banked = new Set(banks.map((b) => Number(b.account_id)));
  const inPeriod = new Map(period.map((p) => [p.account_id, p]));
  const accounts: CashFlowAccount[] = positions.map((p) => {
    const q = inPeriod.get(p.account_id);
    const detail = (p as { detail_type?: CashFlowAccount["detail_type"] }).detail_type ?? "current_asset";
    return {
      account_id: p.account_id,
      account_code: p.account_code,
      account_name: p.account_name,
      account_type: p.account_type,
      detail_type: detail,
      debit_total: q?.debit_total ?? "0.00",
      credit_total: q?.credit_total ?? "0.00",
      opening_debit_total: p.opening_debit_total ?? "0.00",
      opening_credit_total: p.opening_credit_total ?? "0.00",
      is_cash: p.account_type === "Asset" && (banked.has(p.account_id) || (detail === "current_asset" && isCashName(p.account_name))),
    };
  });
  return cashFlow(accounts, start, end);
}
