/** Accounts with a firm role, made by `npm run user:create` in the global setup (as an operator would). */
export const FIRM_USER_PASSWORD = "Policy-lantern-harbor-2026";
export const POLICY_ADMIN = { email: "e2e-policy-admin@ledgerline.test", role: "admin" } as const;
export const POLICY_STAFF = { email: "e2e-policy-staff@ledgerline.test", role: "staff" } as const;
export const FIRM_USERS = [POLICY_ADMIN, POLICY_STAFF] as const;
