import { expect, type Cookie, type Page } from "@playwright/test";

/** The site-role accounts every e2e run has (created by global-setup through create-firm-users.ts, as `npm run user:create` would). */
export const ROLE_USERS = {
  staff: { email: "staff@ledgerline.test", firstName: "Sam", lastName: "Staff" },
  admin: { email: "admin@ledgerline.test", firstName: "Ada", lastName: "Admin" },
} as const;
export const ROLE_PASSWORD = "Quiet-harbor-role-users-1";

/**
 * A role's session is shared by the tests of one worker while it is under five minutes old: the sign-in limit per
 * account (10 in 15 minutes) would otherwise refuse the run's later sign-ins, and a session that young still passes
 * the ten-minute rule of sensitive changes (roles, the team). A session signed out or revoked meanwhile is not used.
 */
const SHARED_FOR_MS = 5 * 60_000;
const shared = new Map<keyof typeof ROLE_USERS, { cookies: Cookie[]; at: number }>();

async function signedIn(page: Page): Promise<boolean> {
  const res = await page.request.get("/api/auth/get-session");
  return res.ok() && ((await res.json()) as { user?: unknown } | null)?.user !== undefined;
}

/** Signs the page's browser context in as the staff or admin account. */
export async function signInWithRole(page: Page, role: keyof typeof ROLE_USERS): Promise<void> {
  const kept = shared.get(role);
  if (kept && Date.now() - kept.at < SHARED_FOR_MS) {
    await page.context().addCookies(kept.cookies);
    if (await signedIn(page)) return;
    await page.context().clearCookies();
  }
  const b = () => Math.floor(Math.random() * 254) + 1;
  const res = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: process.env.E2E_BASE_URL!, "content-type": "application/json", "x-forwarded-for": `10.${b()}.${b()}.${b()}` },
    data: { email: ROLE_USERS[role].email, password: ROLE_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  shared.set(role, { cookies: await page.context().cookies(), at: Date.now() });
}
