import { request, type ApiResult } from "~/lib/api-client.ts";
import { booksApi } from "~/features/ledger/ledger.api.ts";
import type { OrganizationRole } from "./tenancy.types.ts";
import type { InvitationSignUpInput } from "./invitation-sign-up.schema.ts";
import type { InviteInput } from "./members.schema.ts";
import type { FirmClientAnswer, InvitationJoined, InvitationSent, InvitationsAnswer, MembersAnswer } from "./tenancy.types.ts";

/** The books' members and invitations as the browser calls them, and the firm's accountants on a client. */

const member = (orgId: number, userId: string) => `${booksApi(orgId)}/members/${encodeURIComponent(userId)}`;
const invitation = (orgId: number, invitationId: number) => `${booksApi(orgId)}/invitations/${encodeURIComponent(invitationId)}`;
const byToken = (token: string) => `/api/accounting/invitations/${encodeURIComponent(token)}`;

export function changeMemberRole(orgId: number, userId: string, role: OrganizationRole): Promise<ApiResult<MembersAnswer>> {
  return request<MembersAnswer>(member(orgId, userId), { method: "PATCH", json: { role } });
}

export function removeMember(orgId: number, userId: string): Promise<ApiResult<MembersAnswer>> {
  return request<MembersAnswer>(member(orgId, userId), { method: "DELETE" });
}

export function transferOwnership(orgId: number, userId: string): Promise<ApiResult<MembersAnswer>> {
  return request<MembersAnswer>(`${booksApi(orgId)}/transfer-ownership`, { json: { user_id: userId } });
}

export function inviteMember(orgId: number, input: InviteInput): Promise<ApiResult<InvitationSent>> {
  return request<InvitationSent>(`${booksApi(orgId)}/invitations`, { json: input });
}

export function resendInvitation(orgId: number, invitationId: number): Promise<ApiResult<InvitationsAnswer>> {
  return request<InvitationsAnswer>(`${invitation(orgId, invitationId)}/resend`, { method: "POST" });
}

export function revokeInvitation(orgId: number, invitationId: number): Promise<ApiResult<InvitationsAnswer>> {
  return request<InvitationsAnswer>(invitation(orgId, invitationId), { method: "DELETE" });
}

/** The signed-in user accepts an invitation link. */
export function acceptInvitation(token: string): Promise<ApiResult<InvitationJoined>> {
  return request<InvitationJoined>(`${byToken(token)}/accept`, { method: "POST" });
}

/** A new person accepts an invitation link with a name and a password. */
export function signUpWithInvitation(token: string, input: InvitationSignUpInput): Promise<ApiResult<InvitationJoined>> {
  return request<InvitationJoined>(`${byToken(token)}/sign-up`, { json: input });
}

/** An admin adds a staff member as accountant of a client. */
export function addAccountant(orgId: number, userId: string): Promise<ApiResult<FirmClientAnswer>> {
  return request<FirmClientAnswer>(`/api/firm/clients/${encodeURIComponent(orgId)}/accountants`, { json: { user_id: userId } });
}
