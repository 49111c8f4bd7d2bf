/**
 * Organizations, their members and invitations, as the API answers them and the screens show them; and the caller's
 * membership the books guard finds (shared by the server and the screens: no server code here).
 */
/** A role in one organization (not the site role: client, staff, admin). */
export type OrganizationRole = "owner" | "accountant" | "viewer";
export const ORGANIZATION_ROLES = ["owner", "accountant", "viewer"] as const satisfies readonly OrganizationRole[];

/** An organization as its member sees it in the switcher. */
export interface OrganizationSummary {
  id: number;
  name: string;
  role: OrganizationRole;
}

export interface Member {
  user_id: string;
  name: string;
  email: string;
  role: OrganizationRole;
  joined_at: string;
}

export type InvitationState = "pending" | "accepted" | "expired" | "revoked";

export interface Invitation {
  id: number;
  email: string;
  role: OrganizationRole;
  state: InvitationState;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  /** When its mail last went out (a resend moves it). */
  sent_at: string;
  accepted_at: string | null;
}

/** What the invitation page shows before the invitee accepts. */
export interface InvitationPreview {
  organization_name: string;
  email: string;
  role: OrganizationRole;
  state: InvitationState;
  /** The address has an account already: the page asks to sign in rather than to choose a password. */
  has_account: boolean;
}

/** A client organization as the firm's Clients section lists it. */
export interface FirmClient {
  id: number;
  name: string;
  created_at: string;
  members: { user_id: string; name: string; email: string; role: OrganizationRole }[];
  last_posted: { entry_number: string; entry_date: string; posted_at: string } | null;
  drafts: number;
  /** The caller is a member (may open the books). */
  is_member: boolean;
  /** Someone of the firm (staff or admin, not disabled) is a member: false once the owner removed the firm. */
  firm_access: boolean;
}

export interface StaffMember {
  id: string;
  name: string;
  email: string;
}

/** Which side of the firm a member of the books stands on. */
export type BooksSide = "firm" | "client";

/** What the permission table needs to know of a member. */
export interface BooksStanding {
  role: OrganizationRole;
  side: BooksSide;
  /** One of the firm's people (not disabled) is a member of these books who may write them. */
  firmKeeps: boolean;
}

/**
 * The caller's place in the organization named by the URL, with what the books' permission table asks
 * (books-permissions.ts, decision 103): the role in these books, the side, and whether the firm keeps them.
 */
export interface Membership extends BooksStanding {
  userId: string;
  organizationId: number;
  organizationName: string;
  /** The books' currency (ISO 4217): every amount of these books is written in it (decision 102). */
  currency: string;
  role: OrganizationRole;
  /** "firm" when the member's site role, as stored now, keeps clients' books (staff, admin); else "client". */
  side: BooksSide;
}

/** The members after a change (role, removal, ownership moved). */
export interface MembersAnswer {
  members: Member[];
}

/** The invitations after a change (sent again, revoked). */
export interface InvitationsAnswer {
  invitations: Invitation[];
}

/** POST /invitations (201) */
export interface InvitationSent {
  invitation: Invitation;
}

/** POST /api/accounting/invitations/:token/accept, /sign-up (201): the books joined. */
export interface InvitationJoined {
  organization_id: number;
}

/** POST /api/firm/clients/:orgId/accountants: the client after it. */
export interface FirmClientAnswer {
  client: FirmClient;
}

/** A client at a glance (/firm/clients), read from its books whenever the list is shown. */
export interface ClientGlance {
  id: number;
  name: string;
  /** The caller is a member (may open the books). */
  is_member: boolean;
  /** Someone of the firm (staff or admin, not disabled) is a member. */
  firm_access: boolean;
  /** Each bank account: the statement date of its last reconciliation (null: never) and its lines not yet matched. */
  bank_accounts: { id: number; name: string; reconciled_through: string | null; unmatched: number }[];
  lock_date: string | null;
  /** Bank questions and request items still open, by whom they wait on. */
  questions: { client: number; firm: number };
  requests: { client: number; firm: number };
  /** Since when the oldest of them has waited on the client, on the firm. */
  waiting_client_since: string | null;
  waiting_firm_since: string | null;
  /** Messages of others the caller has not read; null when the caller does not read this client's conversation. */
  unread: number | null;
  /** The earliest open work due (not snoozed), and who has it. */
  next_work: { id: number; name: string; due_on: string; assignee: { id: string; name: string } | null } | null;
  last_pack: { month: string; prepared_at: string } | null;
}

/** GET /api/firm/clients: one page of clients; `next` the position of the page after it. */
export interface ClientGlancePage {
  clients: ClientGlance[];
  next: string | null;
  /** The last day of last month, which "not reconciled / not locked through last month" compare with. */
  month_end: string;
  /** The database's today, which the waiting days count to. */
  today: string;
}

/** An open work instance of a client (its page). */
export interface ClientWork {
  id: number;
  name: string;
  due_on: string;
  status: "not_started" | "in_progress" | "waiting_client" | "review";
  snoozed_until: string | null;
  assignee: { id: string; name: string } | null;
}

/** GET /api/firm/clients/:orgId: the client, its facts and its open work. */
export interface FirmClientDetail {
  client: FirmClient;
  glance: ClientGlance;
  work: ClientWork[];
  month_end: string;
  today: string;
}
