/** What other features may use of accounting, on the server (this module is server-only: not for browser code). */
export { listAccounts } from "./accounts.server.ts";
export { attachStoredFile } from "./entry-documents.server.ts";
export { createClientOrganization, type ClientOrganizationInput } from "./client-organization.server.ts";
export { clientOrganizationOf, firmPeopleOf, type FirmPerson } from "./firm-access.server.ts";
export { revokeInvitationsSentBy } from "./invitation-authority.server.ts";
export { acceptInvitation, INVITATION_MESSAGES, pendingInvitationCount, previewInvitation } from "./invitations.server.ts";
export { ensureOrganizations, findMembership, listOrganizations, type Membership } from "./organizations.server.ts";
export { assertBooks } from "./books-guard.server.ts";
export { canBooks, type BooksPermission } from "./books-permissions.ts";
