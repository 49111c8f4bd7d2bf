export { firmProposalsRoutes, proposalLinkRoutes } from "./proposals.routes.server.ts";
