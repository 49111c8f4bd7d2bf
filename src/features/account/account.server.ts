import Bowser from "bowser";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/server/db/client.ts";
import { GOOGLE_PROVIDER_ID } from "~/features/auth/auth.tables.ts";
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
  const rows = await queryRows<{
    id: string;
    user_agent: string | null;
    ip_address: string | null;
    created_at: string;
    updated_at: string;
  }>(
    db,
    sql`select id, user_agent, ip_address, created_at, updated_at from sessions
         where user_id = ${userId} and expires_at > ${new Date().toISOString()}::timestamptz
         order by updated_at desc`,
  );
  return rows
    .map((r) => ({
      id: r.id,
      current: r.id === currentSessionId,
      ...describeUserAgent(r.user_agent),
      ipAddress: r.ip_address && r.ip_address !== "unknown" ? r.ip_address : null,
      createdAt: new Date(r.created_at).toISOString(),
      lastActiveAt: new Date(r.updated_at).toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** The token of one of the user's sessions (to end it through the auth library), or null. */
export async function sessionTokenOf(db: Db, userId: string, sessionId: string): Promise<string | null> {
  const [row] = await queryRows<{ token: string }>(db, sql`select token from sessions where id = ${sessionId} and user_id = ${userId}`);
  return row?.token ?? null;
}

/** How the user can sign in: with a password, with Google (either or both). */
export async function signInMethods(db: Db, userId: string): Promise<{ password: boolean; google: boolean }> {
  const rows = await queryRows<{ provider_id: string; password: string | null }>(
    db,
    sql`select provider_id, password from accounts where user_id = ${userId}`,
  );
  return {
    password: rows.some((r) => r.provider_id === "credential" && !!r.password),
    google: rows.some((r) => r.provider_id === GOOGLE_PROVIDER_ID),
  };
}

export async function accountProfile(db: Db, userId: string): Promise<AccountProfile | null> {
  const methods = await signInMethods(db, userId);
  const [row] = await queryRows<{
    email: string;
    first_name: string | null;
    last_name: string | null;
    company_name: string | null;
    two_factor_enabled: boolean;
  }>(db, sql`select email, first_name, last_name, company_name, two_factor_enabled from users where id = ${userId}`);
  return row
    ? {
        email: row.email,
        firstName: row.first_name ?? "",
        lastName: row.last_name ?? "",
        companyName: row.company_name ?? "",
        twoFactorEnabled: row.two_factor_enabled,
        hasPassword: methods.password,
      }
    : null;
}
