/** What the site's composition and other features may use of sales and purchases, on the server. */
export { salesRoutes } from "./sales.routes.server.ts";
export { documentFilesRoutes } from "./document-files.routes.server.ts";
export { createRecurringInvoice, type ScheduleOrigin } from "./recurring-invoice-templates.server.ts";
export { recurringInvoicesJob } from "./recurring-invoices.server.ts";
export { agingSummaryPages } from "./aging-summary.server.ts";
export { agingReport } from "./aging.server.ts";
// For the bank: a statement line settles open items by a payment posted here (decision 116).
export { recordPayment } from "./settlements.server.ts";
export { cancelSettlements } from "./settlement-undo.server.ts";
export { OWED_OF_ITEM } from "./allocations.server.ts";
export { readSalesSettings } from "./sales-settings.server.ts";
export { KIND_LABELS } from "./document-math.ts";
export { createContact } from "./contacts.server.ts";
export { getDocument, listDocuments } from "./document-queries.server.ts";
export { markSent } from "./document-sending.server.ts";
export { sendDocument } from "./sales-mail.server.ts";
export { documentPdfFile } from "./document-links.server.ts";
