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
}
