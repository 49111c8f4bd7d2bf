export { firmProposalsRoutes, proposalLinkRoutes } from "./proposals.routes.server.ts";
export { proposalRemindersJob, remindProposals } from "./proposal-reminders.server.ts";
