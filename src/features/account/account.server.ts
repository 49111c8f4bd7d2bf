import Bowser from "bowser";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "~/server/db/client.ts";
import { GOOGLE_PROVIDER_ID, accounts, sessions, users } from "~/features/auth/auth.tables.ts";
import type { AccountProfile, AccountSession } from "./account.types.ts";

export type { AccountProfile, AccountSession };

/** "Firefox 128" and "Windows 10" from a user agent; "Unknown browser" and "Unknown system" when it says nothing. */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string; os: string } {
  if (!userAgent) return { browser: "Unknown browser", os: "Unknown system" };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split(".")[0];
  const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ""}` : "Unknown browser";
  const osName = parsed.os.name;
  const os = osName
    ? `${osName}${parsed.os.versionName ? ` ${parsed.os.versionName}` : parsed.os.version ? ` ${parsed.os.version}` : ""}`
    : "Unknown system";
  return { browser, os };
}

/** The user's sessions that have not expired, the most recently used first. Tokens never leave the server. */
export async function listAccountSessions(db: Db, userId: string, currentSessionId: string | null): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt));
  return rows
    .map((r) => ({
      id: r.id,
      current: r.id === currentSessionId,
      ...describeUserAgent(r.userAgent),
      ipAddress: r.ipAddress && r.ipAddress !== "unknown" ? r.ipAddress : null,
      createdAt: r.createdAt.toISOString(),
      lastActiveAt: r.updatedAt.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** The token of one of the user's sessions (to end it through the auth library), or null. */
export async function sessionTokenOf(db: Db, userId: string, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return row?.token ?? null;
}

/** How the user can sign in: with a password, with Google (either or both). */
export async function signInMethods(db: Db, userId: string): Promise<{ password: boolean; google: boolean }> {
  const rows = await db
    .select({ providerId: accounts.providerId, password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return {
    password: rows.some((r) => r.providerId === "credential" && !!r.password),
    google: rows.some((r) => r.providerId === GOOGLE_PROVIDER_ID),
  };
}

export async function accountProfile(db: Db, userId: string): Promise<AccountProfile | null> {
  const methods = await signInMethods(db, userId);
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row
    ? {
        email: row.email,
        firstName: row.firstName ?? "",
        lastName: row.lastName ?? "",
        companyName: row.companyName ?? "",
        twoFactorEnabled: row.twoFactorEnabled,
        hasPassword: methods.password,
      }
    : null;
}
