/** The leads feature's public module: what other features may use. */
export { recordLead, type NewLead } from "./leads-inbox.server.ts";
export { markLeadWon, leadsAttention, convertLead } from "./lead-actions.server.ts";
export type { LeadsAttention } from "./leads-inbox.types.ts";
