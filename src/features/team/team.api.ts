import { request, type ApiResult } from "~/lib/api-client.ts";
import type { RoleChangeInput, StaffInviteInput } from "./team.schema.ts";
import type { StaffInvitationAccepted, StaffInvitationResent, TeamMember } from "./team.types.ts";

/** The firm's team API as the browser calls it. */

const member = (userId: string) => `/api/firm/team/${encodeURIComponent(userId)}`;

export function changeMemberRole(userId: string, input: RoleChangeInput): Promise<ApiResult<TeamMember>> {
  return request<TeamMember>(`${member(userId)}/role`, { method: "PATCH", json: input });
}

export function setMemberEnabled(userId: string, enable: boolean): Promise<ApiResult<TeamMember>> {
  return request<TeamMember>(`${member(userId)}/${enable ? "enable" : "disable"}`, { method: "POST" });
}

export function resendStaffInvitation(userId: string): Promise<ApiResult<StaffInvitationResent>> {
  return request<StaffInvitationResent>(`${member(userId)}/invitation`, { method: "POST" });
}

export function inviteStaff(input: StaffInviteInput): Promise<ApiResult<TeamMember>> {
  return request<TeamMember>("/api/firm/team/invitations", { json: input });
}

/** The invited staff member's first password, which signs them in. */
export function acceptStaffInvitation(token: string, password: string): Promise<ApiResult<StaffInvitationAccepted>> {
  return request<StaffInvitationAccepted>(`/api/firm/team/invitations/${encodeURIComponent(token)}/accept`, { json: { password } });
}
