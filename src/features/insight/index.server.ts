/** What other features and the pages may use of the insight feature on the server (server-only: not for browser code). */
export { ownerDashboard } from "./dashboard.server.ts";
export { budgetActual, budgetPackPages } from "./budget-report.server.ts";
