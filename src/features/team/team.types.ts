import type { TeamRole } from "./team.schema.ts";

/** active: may sign in; disabled: refused; invited: has not chosen a password yet. */
export type MemberState = "active" | "disabled" | "invited";

export interface TeamMember {
  id: string;
  email: string;
  name: string;
  role: TeamRole;
  state: MemberState;
  lastSignedInAt: string | null;
  createdAt: string;
  /** When the latest staff invitation mail went out, and when one was accepted (null: none). */
  invitationSentAt: string | null;
  invitationAcceptedAt: string | null;
}

/** GET /api/firm/team */
export interface TeamListResponse {
  members: TeamMember[];
  page: number;
  pageSize: number;
  total: number;
}

/** POST /api/firm/team/:userId/invitation: a new link was mailed. */
export interface StaffInvitationResent {
  sent: true;
}

/** POST /api/firm/team/invitations/:token/accept: the password is set and the new staff member signed in. */
export interface StaffInvitationAccepted {
  signed_in: true;
}
