/** The billing feature on the server: the firm's catalogue (decision 117), its own books and its fees (decision 119). */
export { createCatalogueService, type CatalogueService } from "./catalogue.server.ts";
export { firmCatalogueRoutes } from "./catalogue.routes.server.ts";
export { startBilling } from "./fee-agreements.server.ts";
export { ensureFirmBooks, firmBooksActor, type FirmBooks } from "./firm-books.server.ts";
export { paymentMethodSetup, paymentStateOf } from "./client-billing.server.ts";
export { clientBillingRoutes, paymentsWebhookRoutes } from "./billing.routes.server.ts";
export { feeCollectionJob, collectFees } from "./fee-collection.server.ts";
export { receiveWebhook } from "./fee-webhook.server.ts";
export { overdueFees } from "./firm-billing-overview.server.ts";
