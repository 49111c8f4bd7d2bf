import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/server/db/client.ts";
import type { AccountDetailType, AccountType } from "./account-types.ts";

/**
 * The one column list of chart_of_accounts (decision 101): every writer gives its rows as SQL (a `select` or `values`
 * producing (organization_id, account_code, account_name, account_type, detail_type, parent_id, created_by), then an
 * `on conflict` or `returning` clause if it needs one). A null detail_type is the type's default (migration 0031).
 */
export const insertChartAccounts = (rows: SQL): SQL =>
  sql`insert into chart_of_accounts (organization_id, account_code, account_name, account_type, detail_type, parent_id, created_by) ${rows}`;

/**
 * The small standard chart of accounts a new organization starts with (the owner may edit it): code, name, type,
 * detail type (where it stands on the laid-out statements) and, where natural, the parent's code.
 */
export const STANDARD_CHART: ReadonlyArray<
  readonly [code: string, name: string, type: AccountType, detail: AccountDetailType, parent?: string]
> = [
  ["1000", "Cash", "Asset", "current_asset"],
  ["1100", "Accounts Receivable", "Asset", "current_asset"],
  ["1200", "Inventory", "Asset", "current_asset"],
  ["1500", "Equipment", "Asset", "fixed_asset"],
  ["2000", "Accounts Payable", "Liability", "current_liability"],
  ["2100", "Accrued Liabilities", "Liability", "current_liability"],
  ["2500", "Loans Payable", "Liability", "long_term_liability"],
  ["3000", "Owner's Equity", "Equity", "equity"],
  ["3100", "Retained Earnings", "Equity", "equity"],
  ["4000", "Sales Revenue", "Revenue", "operating_revenue"],
  ["4100", "Service Revenue", "Revenue", "operating_revenue"],
  ["5000", "Cost of Goods Sold", "Expense", "cost_of_sales"],
  ["6000", "Rent Expense", "Expense", "operating_expense"],
  ["6100", "Salaries Expense", "Expense", "operating_expense"],
  ["6200", "Utilities Expense", "Expense", "operating_expense"],
];

/** A new organization's standard chart, its parents linked; inside the transaction that creates the organization. */
export async function insertStandardChart(tx: Db, id: number, createdBy: string | null): Promise<void> {
  const values = sql.join(
    STANDARD_CHART.map(
      ([code, accountName, type, detail]) =>
        sql`(${id}::integer, ${code}, ${accountName}, ${type}, ${detail}, null::integer, ${createdBy})`,
    ),
    sql`, `,
  );
  await tx.execute(insertChartAccounts(sql`values ${values}`));
  const parents = STANDARD_CHART.filter(([, , , , parent]) => parent);
  for (const [code, , , , parent] of parents)
    await tx.execute(
      sql`update chart_of_accounts c set parent_id = p.id from chart_of_accounts p
           where c.organization_id = ${id} and c.account_code = ${code} and p.organization_id = ${id} and p.account_code = ${parent!}`,
    );
}
