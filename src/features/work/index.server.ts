/** What the composition and other features use of recurring work on the server (decision 113). */
export { workRoutes } from "./work.routes.server.ts";
export { listSchedules, workInstancesJob } from "./work-schedules.server.ts";
export { getWork, listWork, endOfWeek } from "./work-instances.server.ts";
export { getSettings, listTemplates } from "./work-templates.server.ts";
export { clientChoices, workStaff } from "./work-pages.server.ts";
