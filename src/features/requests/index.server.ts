/** What other features and the site's composition may use of document requests, on the server. */
export { clientTodo } from "./client-todo.server.ts";
export { firmRequestsRoutes } from "./firm-requests.routes.server.ts";
export { firmQueue, queueClients } from "./firm-queue.server.ts";
export { findParty, type RequestParty } from "./request-access.server.ts";
export { requestRemindersJob, sendDueReminders } from "./request-reminders.server.ts";
export { getRequest, listRequests, openRequestCount } from "./requests.server.ts";
export { requestsRoutes } from "./requests.routes.server.ts";
export { remindersOperation } from "./reminders-operation.server.ts";
