/** What other features and the composition may use of the client activity, on the server (not for browser code). */
export { recordClientActivity, unreadActivity, type ClientAct } from "./client-activity.server.ts";
export { clientActivityMailsJob, mailClientActivity, mailClientActivityNow } from "./activity-mails.server.ts";
export { activityRoutes } from "./activity.routes.server.ts";
