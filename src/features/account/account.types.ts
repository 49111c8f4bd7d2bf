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
  twoFactor: boolean;
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
