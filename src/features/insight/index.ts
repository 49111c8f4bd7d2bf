/** What other features may use of the insight feature, in the browser and on the server alike (no server module here). */
export { Dashboard } from "./components/dashboard.tsx";
export { CommentaryScreen } from "./components/commentary-screen.tsx";
export { CommentaryReader, PublishedCommentaryCard } from "./components/published-commentary.tsx";
export { BudgetActualTable } from "./components/budget-actual-table.tsx";
export { budgetActualCsv } from "./budget-print.ts";
export { BUDGET_ACTUAL, BUDGET_ACTUAL_LABEL, type BudgetActualReport } from "./budgets.types.ts";
