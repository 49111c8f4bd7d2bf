/** What the composition and other features use of recurring work on the server (decision 113). */
export { workRoutes } from "./work.routes.server.ts";
export { workInstancesJob } from "./work-schedules.server.ts";
