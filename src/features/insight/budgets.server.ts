import { sql } from "drizzle-orm";
import { pgArray, queryRows, type Db } from "~/server/db/client.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import { centsToDecimal, toCents } from "~/lib/money.ts";
import { fiscalYearStartMonth } from "~/features/ledger/index.server.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { budgetMonths, copiedCents, fiscalYearLabel, percentHundredths } from "./budgets.ts";
import type { BudgetGridInput } from "./budgets.schema.ts";
import type { BudgetGrid, BudgetGridRow } from "./budgets.types.ts";
import { yearActuals } from "./budget-report.server.ts";

/**
 * Budgets (decision 123): one per organization and fiscal year, its amounts by profit-and-loss account and month.
 * Every member reads one; those who hold "books.budgets" save the grid, copy last year's actuals with a percentage or
 * import a CSV (budgets-csv.server.ts); each replaces the year's budget whole, in one transaction, audited.
 */

export interface BudgetYear {
  fiscal_year: number;
  startMonth: number;
  months: string[];
  label: string;
}

export async function budgetYear(db: Db, organizationId: number, fy: number): Promise<BudgetYear> {
  const startMonth = await fiscalYearStartMonth(db, organizationId);
  return { fiscal_year: fy, startMonth, months: budgetMonths(startMonth, fy), label: fiscalYearLabel(startMonth, fy) };
}

interface GridRow {
  account_id: number;
  account_code: string;
  account_name: string;
  account_type: "Revenue" | "Expense";
  detail_type: BudgetGridRow["detail_type"];
  is_active: boolean;
  month: string | null;
  amount: string | null;
}

/** The year's budget as the grid shows it: every active P&L account by code, and inactive ones holding an amount. */
export async function readBudget(db: Db, m: Membership, fy: number): Promise<BudgetGrid> {
  const year = await budgetYear(db, m.organizationId, fy);
  const [rows, [meta]] = await Promise.all([
    queryRows<GridRow>(
      db,
      sql`select a.id as account_id, a.account_code, a.account_name, a.account_type, a.detail_type, a.is_active,
                 to_char(x.month, 'YYYY-MM') as month, x.amount::text as amount
            from chart_of_accounts a
            left join (select l.account_id, l.month, l.amount from budget_amounts l join budgets b on b.id = l.budget_id
                        where b.organization_id = ${m.organizationId} and b.fiscal_year = ${fy}) x on x.account_id = a.id
           where a.organization_id = ${m.organizationId} and a.account_type in ('Revenue', 'Expense')
           order by a.account_code, x.month`,
    ),
    queryRows<{ updated_at: string }>(
      db,
      sql`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
            from budgets where organization_id = ${m.organizationId} and fiscal_year = ${fy}`,
    ),
  ]);
  const byAccount = new Map<number, BudgetGridRow & { held: boolean }>();
  for (const r of rows) {
    const id = Number(r.account_id);
    let row = byAccount.get(id);
    if (!row) {
      const { month: _m, amount: _a, ...account } = r;
      row = { ...account, account_id: id, amounts: year.months.map(() => "0.00"), held: false };
      byAccount.set(id, row);
    }
    const i = r.month ? year.months.indexOf(r.month) : -1;
    if (i >= 0 && r.amount !== null) {
      row.amounts[i] = centsToDecimal(toCents(r.amount)!);
      row.held = true;
    }
  }
  return {
    fiscal_year: fy,
    label: year.label,
    months: year.months,
    exists: Boolean(meta),
    updated_at: meta?.updated_at ?? null,
    rows: [...byAccount.values()].filter((r) => r.is_active || r.held).map(({ held: _h, ...r }) => r),
  };
}

/** A budget's cells to keep: an account and twelve amounts in cents (zeros are not kept). */
export interface BudgetCells {
  account_id: number;
  cents: bigint[];
}

/** The books' P&L accounts by id (code and whether active), for checking what is saved. */
async function profitLossAccounts(db: Db, organizationId: number) {
  const rows = await queryRows<{ id: number; account_code: string }>(
    db,
    sql`select id, account_code from chart_of_accounts
         where organization_id = ${organizationId} and account_type in ('Revenue', 'Expense')`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.account_code]));
}

/**
 * Replaces the year's budget with these cells in one transaction (the budget's row made or touched, its amounts
 * deleted and inserted by one statement each), audited as `books.budget_saved` with how it was made.
 */
export async function replaceBudget(
  db: Db,
  m: Membership,
  actor: AuditActor,
  year: BudgetYear,
  cells: BudgetCells[],
  source: "grid" | "copy" | "import",
  detail: Record<string, unknown> = {},
): Promise<void> {
  const accountIds: number[] = [];
  const months: string[] = [];
  const amounts: string[] = [];
  let total = 0n;
  for (const c of cells)
    c.cents.forEach((cents, i) => {
      if (cents === 0n) return;
      accountIds.push(c.account_id);
      months.push(`${year.months[i]}-01`);
      amounts.push(centsToDecimal(cents));
      total += cents;
    });
  await db.transaction(async (tx) => {
    const [budget] = await queryRows<{ id: number }>(
      tx,
      sql`insert into budgets (organization_id, fiscal_year, starts_on, updated_by)
          values (${m.organizationId}, ${year.fiscal_year}, ${`${year.months[0]}-01`}::date, ${m.userId})
          on conflict (organization_id, fiscal_year)
          do update set starts_on = excluded.starts_on, updated_by = excluded.updated_by, updated_at = now()
          returning id`,
    );
    const budgetId = Number(budget!.id);
    await tx.execute(sql`delete from budget_amounts where budget_id = ${budgetId}`);
    if (accountIds.length > 0)
      await tx.execute(
        sql`insert into budget_amounts (organization_id, budget_id, account_id, month, amount)
            select ${m.organizationId}, ${budgetId}, x.account_id, x.month, x.amount
              from unnest(${pgArray(accountIds)}::integer[], ${pgArray(months)}::date[], ${pgArray(amounts)}::numeric[])
                   as x(account_id, month, amount)`,
      );
    await recordAudit(tx, actor, {
      action: "books.budget_saved",
      targetType: "organization",
      targetId: m.organizationId,
      after: {
        fiscal_year: year.fiscal_year,
        source,
        accounts: cells.filter((c) => c.cents.some((x) => x !== 0n)).length,
        net: centsToDecimal(total),
        ...detail,
      },
    });
  });
}

/** PUT /budgets/:year: the grid as typed. Each account once, a profit-and-loss account of these books (400 naming the row). */
export async function saveBudget(db: Db, m: Membership, actor: AuditActor, fy: number, input: BudgetGridInput): Promise<BudgetGrid> {
  const year = await budgetYear(db, m.organizationId, fy);
  const accounts = await profitLossAccounts(db, m.organizationId);
  const fields: Record<string, string> = {};
  const seen = new Set<number>();
  input.rows.forEach((r, i) => {
    if (!accounts.has(r.account_id)) fields[`rows.${i}.account_id`] = "Account not found, or not a revenue or expense account";
    else if (seen.has(r.account_id)) fields[`rows.${i}.account_id`] = "Account appears twice";
    seen.add(r.account_id);
  });
  if (Object.keys(fields).length > 0) throw invalidInput(fields, `${Object.keys(fields)[0]}: ${Object.values(fields)[0]}`);
  const cells = input.rows.map((r) => ({ account_id: r.account_id, cents: r.amounts.map((a) => toCents(a)!) }));
  await replaceBudget(db, m, actor, year, cells, "grid");
  return readBudget(db, m, fy);
}

/**
 * POST /budgets/:year/copy: each P&L account's actual of each month of the year before (posted, year-end closing
 * entries left out), times (100 + percent) ÷ 100, rounded per cell to the cent, halves away from zero.
 */
export async function copyBudgetFromActuals(db: Db, m: Membership, actor: AuditActor, fy: number, percent: string): Promise<BudgetGrid> {
  const hundredths = percentHundredths(percent)!;
  const year = await budgetYear(db, m.organizationId, fy);
  const last = budgetMonths(year.startMonth, fy - 1);
  const actuals = await yearActuals(db, m.organizationId, last);
  const cells = actuals.map((a) => ({ account_id: a.account_id, cents: a.actual.map((c) => copiedCents(c, hundredths)) }));
  await replaceBudget(db, m, actor, year, cells, "copy", { from_fiscal_year: fy - 1, percent: percent.trim() });
  return readBudget(db, m, fy);
}
