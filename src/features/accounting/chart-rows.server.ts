import { sql, type SQL } from "drizzle-orm";

/**
 * The one column list of chart_of_accounts (decision 101): every writer gives its rows as SQL (a `select` or `values`
 * producing (organization_id, account_code, account_name, account_type, detail_type, parent_id, created_by), then an
 * `on conflict` or `returning` clause if it needs one). A null detail_type is the type's default (migration 0031).
 */
export const insertChartAccounts = (rows: SQL): SQL =>
  sql`insert into chart_of_accounts (organization_id, account_code, account_name, account_type, detail_type, parent_id, created_by) ${rows}`;
