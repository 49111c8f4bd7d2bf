/** What the site's composition and the firm's billing use of the payment processor (decisions 119, 120). */
export { PROCESSOR_NAMES, WebhookSignatureError } from "./processor.ts";
export type { ChargeOutcome, PaymentProcessor, ProcessorEvent, ProcessorName, SavedMethod } from "./processor.ts";
export { createPaymentProcessor } from "./processor-factory.server.ts";
export { testProcessorRoutes } from "./test-processor.routes.server.ts";
export { isTestProcessor, type TestProcessor } from "./test-processor.server.ts";
