import type { AccountDetailType } from "~/features/ledger/index.ts";
import type { BudgetGridRow } from "../budgets.types.ts";

/** The budget grid's groups, as the profit and loss groups its accounts (accounts by code within each). */
const GROUPS: { key: AccountDetailType; heading: string }[] = [
  { key: "operating_revenue", heading: "Revenue" },
  { key: "other_income", heading: "Other income" },
  { key: "cost_of_sales", heading: "Cost of sales" },
  { key: "operating_expense", heading: "Operating expenses" },
  { key: "other_expense", heading: "Other expenses" },
];

export function budgetSections(rows: readonly BudgetGridRow[]) {
  return GROUPS.map((g) => ({ ...g, rows: rows.filter((r) => r.detail_type === g.key) })).filter((g) => g.rows.length > 0);
}

const SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-01" as "Jan 2026". */
export const shortMonth = (month: string) => `${SHORT[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
