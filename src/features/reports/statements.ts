import { centsToDecimal, toCents } from "~/lib/money.ts";
import { defaultDetailType } from "~/features/ledger/index.ts";
import type { AccountTotals } from "./report-types.ts";
import type { AccountType } from "~/features/ledger/index.ts";
import {
  addColumns,
  headingItem,
  lineItem,
  section,
  sub,
  totalItem,
  type SectionSpec,
  type StatementAccount,
  type StatementItem,
} from "./statement-layout.ts";

/**
 * The Profit & Loss and the Balance Sheet laid out, for one column or several (a period and its comparisons). Pure.
 */

const cents = (s: string | undefined) => toCents(s ?? "0") ?? 0n;
const signed = (type: AccountType, debit: bigint, credit: bigint) =>
  type === "Asset" || type === "Expense" ? debit - credit : credit - debit;

/**
 * Accounts of the given types with a balance per column: the period's totals, plus (`history`) everything before it.
 * `columns[i]` is the balances query's answer for column i; an account missing from one column has nothing there.
 */
export function statementAccounts(
  columns: readonly AccountTotals[][],
  types: readonly AccountType[],
  history: boolean,
): StatementAccount[] {
  const byId = new Map<number, StatementAccount>();
  columns.forEach((totals, i) => {
    for (const t of totals) {
      if (!types.includes(t.account_type)) continue;
      let a = byId.get(t.account_id);
      if (!a) {
        a = {
          account_id: t.account_id,
          account_code: t.account_code,
          account_name: t.account_name,
          account_type: t.account_type,
          detail_type: t.detail_type ?? defaultDetailType(t.account_type, t.account_name),
          parent_id: t.parent_id ?? null,
          amounts: columns.map(() => 0n),
          moved: false,
        };
        byId.set(t.account_id, a);
      }
      const d = cents(t.debit_total) + (history ? cents(t.opening_debit_total) : 0n);
      const c = cents(t.credit_total) + (history ? cents(t.opening_credit_total) : 0n);
      a.amounts[i] = signed(t.account_type, d, c);
      if (d !== 0n || c !== 0n) a.moved = true;
    }
  });
  return [...byId.values()];
}

/** Revenue minus expenses of each column: of the period (`opening` false) or of everything before it (`opening` true). */
export function earnings(columns: readonly AccountTotals[][], opening: boolean): bigint[] {
  return columns.map((totals) =>
    totals.reduce((sum, t) => {
      if (t.account_type !== "Revenue" && t.account_type !== "Expense") return sum;
      const d = opening ? cents(t.opening_debit_total) : cents(t.debit_total);
      const c = opening ? cents(t.opening_credit_total) : cents(t.credit_total);
      return sum + (c - d);
    }, 0n),
  );
}

const PL: Record<string, SectionSpec> = {
  revenue: { key: "operating_revenue", heading: "Revenue", total: "Total revenue", details: ["operating_revenue"] },
  cost: { key: "cost_of_sales", heading: "Cost of sales", total: "Total cost of sales", details: ["cost_of_sales"] },
  opex: { key: "operating_expense", heading: "Operating expenses", total: "Total operating expenses", details: ["operating_expense"] },
  otherIncome: { key: "other_income", heading: "Other income", total: "Total other income", details: ["other_income"], optional: true },
  otherExpense: {
    key: "other_expense",
    heading: "Other expenses",
    total: "Total other expenses",
    details: ["other_expense"],
    optional: true,
  },
};

export interface ProfitLossTotals {
  revenue: bigint[];
  cost_of_sales: bigint[];
  gross_profit: bigint[];
  operating_expenses: bigint[];
  operating_income: bigint[];
  other_income: bigint[];
  other_expenses: bigint[];
  net_income: bigint[];
}

/** Revenue, cost of sales, gross profit, operating expenses, operating income, other income and expenses, net income. */
export function profitLossItems(
  accounts: readonly StatementAccount[],
  columns: number,
): { items: StatementItem[]; totals: ProfitLossTotals } {
  const revenue = section(PL.revenue!, accounts, columns);
  const cost = section(PL.cost!, accounts, columns);
  const opex = section(PL.opex!, accounts, columns);
  const otherIncome = section(PL.otherIncome!, accounts, columns);
  const otherExpense = section(PL.otherExpense!, accounts, columns);
  const gross = sub(revenue.total, cost.total);
  const operating = sub(gross, opex.total);
  const net = sub(addColumns(operating, otherIncome.total), otherExpense.total);
  const last = (net[0] ?? 0n) < 0n ? "Net loss" : "Net income";
  return {
    items: [
      ...revenue.items,
      ...cost.items,
      totalItem("gross_profit", "Gross profit", gross),
      ...opex.items,
      totalItem("operating_income", "Operating income", operating),
      ...otherIncome.items,
      ...otherExpense.items,
      totalItem("net_income", last, net),
    ],
    totals: {
      revenue: revenue.total,
      cost_of_sales: cost.total,
      gross_profit: gross,
      operating_expenses: opex.total,
      operating_income: operating,
      other_income: otherIncome.total,
      other_expenses: otherExpense.total,
      net_income: net,
    },
  };
}

const BS: Record<string, SectionSpec> = {
  current: { key: "current_assets", heading: "Current assets", total: "Total current assets", details: ["current_asset"] },
  nonCurrent: {
    key: "non_current_assets",
    heading: "Non-current assets",
    total: "Total non-current assets",
    details: ["fixed_asset", "other_asset"],
  },
  currentLiabilities: {
    key: "current_liabilities",
    heading: "Current liabilities",
    total: "Total current liabilities",
    details: ["current_liability"],
  },
  longTerm: {
    key: "long_term_liabilities",
    heading: "Long-term liabilities",
    total: "Total long-term liabilities",
    details: ["long_term_liability"],
  },
};

export const PRIOR_EARNINGS_LABEL = "Retained earnings of earlier years (not closed to equity)";
export const CURRENT_EARNINGS_LABEL = "Current-year earnings";

export interface BalanceSheetTotals {
  current_assets: bigint[];
  non_current_assets: bigint[];
  assets: bigint[];
  current_liabilities: bigint[];
  long_term_liabilities: bigint[];
  liabilities: bigint[];
  equity_accounts: bigint[];
  prior_earnings: bigint[];
  current_earnings: bigint[];
  equity: bigint[];
  liabilities_and_equity: bigint[];
}

/**
 * Assets (current, non-current), liabilities (current, long-term), equity: its accounts, then the income not closed
 * to equity: of earlier fiscal years (shown when there is some) and of the current one up to the date.
 */
export function balanceSheetItems(
  accounts: readonly StatementAccount[],
  earningsOf: { prior: bigint[]; current: bigint[] },
  columns: number,
): { items: StatementItem[]; totals: BalanceSheetTotals } {
  const current = section(BS.current!, accounts, columns);
  const nonCurrent = section(BS.nonCurrent!, accounts, columns);
  const assets = addColumns(current.total, nonCurrent.total);
  const currentLiabilities = section(BS.currentLiabilities!, accounts, columns);
  const longTerm = section(BS.longTerm!, accounts, columns);
  const liabilities = addColumns(currentLiabilities.total, longTerm.total);
  const equityAccounts = section({ key: "equity", heading: "Equity", total: "Total equity", details: ["equity"] }, accounts, columns);
  const equity = addColumns(addColumns(equityAccounts.total, earningsOf.prior), earningsOf.current);
  const equityBody = equityAccounts.items.slice(0, -1);
  const prior = earningsOf.prior.some((x) => x !== 0n) ? [lineItem("prior_earnings", PRIOR_EARNINGS_LABEL, earningsOf.prior)] : [];
  return {
    items: [
      headingItem("assets", "Assets"),
      ...current.items,
      ...nonCurrent.items,
      totalItem("assets", "Total assets", assets),
      headingItem("liabilities", "Liabilities"),
      ...currentLiabilities.items,
      ...longTerm.items,
      totalItem("liabilities", "Total liabilities", liabilities),
      ...equityBody,
      ...prior,
      lineItem("current_earnings", CURRENT_EARNINGS_LABEL, earningsOf.current),
      totalItem("equity", "Total equity", equity, "subtotal"),
      totalItem("liabilities_and_equity", "Total liabilities and equity", addColumns(liabilities, equity)),
    ],
    totals: {
      current_assets: current.total,
      non_current_assets: nonCurrent.total,
      assets,
      current_liabilities: currentLiabilities.total,
      long_term_liabilities: longTerm.total,
      liabilities,
      equity_accounts: equityAccounts.total,
      prior_earnings: earningsOf.prior,
      current_earnings: earningsOf.current,
      equity,
      liabilities_and_equity: addColumns(liabilities, equity),
    },
  };
}

/**
 * The change from a comparison column to the current one, and that change in per cent of the comparison's amount
 * (one decimal, rounded half away from zero; null when the comparison is zero).
 */
export function change(current: string, previous: string): { amount: string; percent: string | null } {
  const a = cents(current);
  const b = cents(previous);
  const diff = a - b;
  if (b === 0n) return { amount: centsToDecimal(diff), percent: null };
  const base = b < 0n ? -b : b;
  const tenths = diff * 1000n;
  const half = base / 2n;
  const rounded = (tenths >= 0n ? tenths + half : tenths - half) / base;
  const neg = rounded < 0n;
  const abs = neg ? -rounded : rounded;
  return { amount: centsToDecimal(diff), percent: `${neg ? "-" : ""}${abs / 10n}.${abs % 10n}` };
}

/** Each item's change from every comparison column (1…) to the current one (0); headings have none. */
export function withChanges(items: StatementItem[]): StatementItem[] {
  return items.map((item) =>
    item.kind === "heading" || item.amounts.length < 2
      ? item
      : { ...item, changes: item.amounts.slice(1).map((previous) => change(item.amounts[0]!, previous)) },
  );
}
