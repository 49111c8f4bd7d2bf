/** What other features and the pages may use of the insight feature on the server (server-only: not for browser code). */
export { ownerDashboard } from "./dashboard.server.ts";
export { dashboardRoutes } from "./dashboard.routes.server.ts";
export { commentaryPage } from "./commentary-page.server.ts";
export { latestPublishedCommentary, listCommentaryMonths, publishedCommentaryOf, readCommentary } from "./commentary-read.server.ts";
export { commentaryFigures } from "./commentary-figures.server.ts";
export { budgetActual, budgetPackPages } from "./budget-report.server.ts";
