/** What the rest of the site may use of the accounting feature. */
export { listAccounts } from "./accounts.server.ts";
export { createClientOrganization, type ClientOrganizationInput } from "./client-organization.server.ts";
export { acceptInvitation, INVITATION_MESSAGES, previewInvitation } from "./invitations.server.ts";
export { ensureOrganizations, findMembership, listOrganizations, type Membership } from "./organizations.server.ts";
