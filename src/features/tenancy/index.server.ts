/** What other features and the site's composition may use of tenancy, on the server (server-only: not for browser code). */
export { createClientOrganization, type ClientOrganizationInput } from "./client-organization.server.ts";
export { clientOrganizationOf, firmPeopleOf, type FirmPerson } from "./firm-access.server.ts";
export { revokeInvitationsSentBy } from "./invitation-authority.server.ts";
export { acceptInvitation, INVITATION_MESSAGES, pendingInvitationCount, previewInvitation } from "./invitations.server.ts";
export {
  ensureOrganizations,
  findMembership,
  insertMembership,
  insertOrganization,
  listOrganizations,
  requireMembership,
} from "./organizations.server.ts";
export { assertBooks, requireBooks } from "./books-guard.server.ts";
export { canBooks, type BooksPermission } from "./books-permissions.ts";
export { booksMember, type BooksMemberEnv } from "./books-member.server.ts";
export { pageId, requireBooksPage } from "./books-page.server.ts";
