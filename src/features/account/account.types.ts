/** What /api/account answers, shared by the server and the account page. */

export interface AccountSession {
  id: string;
  current: boolean;
  browser: string;
  os: string;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
}

export interface AccountProfile {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  twoFactorEnabled: boolean;
  /** False for an account made by Google sign-in that has not set a password. */
  hasPassword: boolean;
}

/** How the signed-in user can confirm it is them (GET /api/account/reauthenticate). */
export interface ReauthMethods {
  password: boolean;
  google: boolean;
  /** Absent when the session does not say (read as off). */
  twoFactor?: boolean;
}

export interface OrganizationRef {
  organizationId: number;
  name: string;
}

/** What deleting the account does to each of the user's organizations (GET /api/account/deletion). */
export interface DeletionPlan {
  /** The user is the only member: deleted with its books, after its name is typed. */
  deleted: OrganizationRef[];
  /** The user is the only owner and there are other members: another owner first. */
  needOwner: OrganizationRef[];
  /** Other owners remain: the user just leaves. */
  left: OrganizationRef[];
}

/** The firm's two-factor policy (GET/PUT /api/account/two-factor-policy). */
export interface TwoFactorPolicyView {
  requireForStaff: boolean;
  requireForClients: boolean;
}

/** An account change that answers nothing more (POST /api/account/reauthenticate, /two-factor/disable). */
export interface AccountDone {
  ok: true;
}

/** POST /api/account/profile */
export interface ProfileSaved {
  profile: AccountProfile | null;
}

/** POST /api/account/sessions/revoke: `current` when it was this browser's session. */
export interface SessionRevoked {
  ok: true;
  current: boolean;
}

/** POST /api/account/sessions/revoke-others: the sessions left (this one). */
export interface AccountSessions {
  sessions: AccountSession[];
}

/** GET /api/account/deletion */
export interface DeletionPlanAnswer {
  plan: DeletionPlan;
}

/** POST /api/account/delete */
export interface AccountDeleted {
  ok: true;
  deletedOrganizations: OrganizationRef[];
}

/** POST /api/account/reauthenticate/google: Google's sign-in page. */
export interface GoogleReauthStarted {
  url: string;
}

/** GET/PUT /api/account/two-factor-policy */
export interface TwoFactorPolicyAnswer {
  policy: TwoFactorPolicyView;
}
