import { expect, type Page } from "@playwright/test";

/** The site-role accounts every e2e run has (created by global-setup through create-firm-users.ts, as `npm run user:create` would). */
export const ROLE_USERS = {
  staff: { email: "staff@ledgerline.test", firstName: "Sam", lastName: "Staff" },
  admin: { email: "admin@ledgerline.test", firstName: "Ada", lastName: "Admin" },
} as const;
export const ROLE_PASSWORD = "Quiet-harbor-role-users-1";

/** Signs the page's browser context in as the staff or admin account. */
export async function signInWithRole(page: Page, role: keyof typeof ROLE_USERS): Promise<void> {
  const b = () => Math.floor(Math.random() * 254) + 1;
  const res = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: process.env.E2E_BASE_URL!, "content-type": "application/json", "x-forwarded-for": `10.${b()}.${b()}.${b()}` },
    data: { email: ROLE_USERS[role].email, password: ROLE_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}
