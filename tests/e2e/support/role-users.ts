import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/** The site-role accounts every e2e run has (created by global-setup with `npm run user:create`, as a firm would). */
export const ROLE_USERS = {
  staff: { email: "staff@ledgerline.test", firstName: "Sam", lastName: "Staff" },
  admin: { email: "admin@ledgerline.test", firstName: "Ada", lastName: "Admin" },
} as const;
export const ROLE_PASSWORD = "Quiet-harbor-role-users-1";

/** Creates the staff and admin accounts in the database the server is about to open (run before it starts). */
export function createRoleUsers(env: Record<string, string>): void {
  for (const [role, u] of Object.entries(ROLE_USERS)) {
    const r = spawnSync(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/user-create.ts", "--email", u.email, "--role", role, "--password", ROLE_PASSWORD, "--first-name", u.firstName, "--last-name", u.lastName],
      { env: { ...env, LOG_LEVEL: "warn" }, stdio: ["ignore", "ignore", "inherit"] },
    );
    if (r.status !== 0) throw new Error(`user:create for ${role} failed`);
  }
}

/** Signs the page's browser context in as the staff or admin account. */
export async function signInWithRole(page: Page, role: keyof typeof ROLE_USERS): Promise<void> {
  const b = () => Math.floor(Math.random() * 254) + 1;
  const res = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: process.env.E2E_BASE_URL!, "content-type": "application/json", "x-forwarded-for": `10.${b()}.${b()}.${b()}` },
    data: { email: ROLE_USERS[role].email, password: ROLE_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}
