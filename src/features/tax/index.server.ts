/** What other features may use of the tax feature, on the server. */
export { taxSummaryPage } from "./tax-summary.server.ts";
