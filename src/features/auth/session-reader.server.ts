import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { queryPrepared, queryRows, type Db } from "~/server/db/client.ts";
import type { RequestSession, SessionReader, SessionUser } from "~/server/context.ts";
import type { Auth } from "./auth.server.ts";
import { ENROLMENT_REQUIRED_SQL, policyRequiresEnrolment, readTwoFactorPolicy } from "./two-factor-policy.server.ts";

const ANONYMOUS: RequestSession = { user: null, sessionId: null, enrolmentRequired: false, setCookies: [] };

interface SessionRow {
  session_id: string;
  expires_at: Date | string;
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  image: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  role: SessionUser["role"];
  two_factor_enabled: boolean;
  disabled_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  enrolment_required: boolean;
}

/**
 * Reads the request's session. The auth library stays the authority on sessions: it creates, refreshes and
 * ends them. This reader only answers the common case itself — a correctly signed cookie whose session is
 * valid and not yet due for its sliding refresh — with one query,
 * where the library would run a session query and a user query.
 * Every other case (no such session, expired, due for refresh, a stale cache cookie, a bad signature) goes to
 * the library's own getSession, so its answer and the cookies it sets are exactly the library's.
 */
export async function createSessionReader(auth: Auth, db: Db, secret: string): Promise<SessionReader> {
  const authContext = await auth.$context;
  const cookies = authContext.authCookies;
  const { expiresIn, updateAge } = authContext.sessionConfig;
  const key = Buffer.from(secret, "utf8");

  /** The token of a cookie `token.base64(HMAC-SHA256(secret, token))`, or null when the signature is wrong. */
  function verify(signed: string): string | null {
    const dot = signed.lastIndexOf(".");
    if (dot < 1) return null;
    const token = signed.slice(0, dot);
    const given = Buffer.from(signed.slice(dot + 1), "latin1");
    const expected = Buffer.from(createHmac("sha256", key).update(token).digest("base64"), "latin1");
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }

  async function viaLibrary(c: Context): Promise<RequestSession> {
    const result = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true }).catch(() => null);
    const setCookies = result?.headers.getSetCookie() ?? [];
    if (!result?.response) return { ...ANONYMOUS, setCookies };
    // A disabled account has no session (its rows are deleted when it is disabled); refused here as well.
    const [state] = await queryRows<{ disabled: boolean }>(
      db,
      sql`select disabled_at is not null as disabled from users where id = ${result.response.user.id}`,
    );
    if (!state || state.disabled) return { ...ANONYMOUS, setCookies };
    const user = result.response.user as unknown as SessionUser;
    const enrolmentRequired = policyRequiresEnrolment(await readTwoFactorPolicy(db), user);
    return { user, sessionId: result.response.session.id, enrolmentRequired, setCookies };
  }

  return async function readSession(c: Context): Promise<RequestSession> {
    const signed = getCookie(c, cookies.sessionToken.name);
    const cacheCookie = getCookie(c, cookies.sessionData.name);
    if (!signed) return cacheCookie ? viaLibrary(c) : ANONYMOUS;
    const token = verify(signed);
    if (!token || cacheCookie) return viaLibrary(c);
    const [row] = await queryPrepared<SessionRow>(
      db,
      "read_session",
      sql`select s.id as session_id, s.expires_at,
                 u.id, u.name, u.email, u.email_verified, u.image, u.first_name, u.last_name, u.company_name, u.role,
                 u.two_factor_enabled, u.created_at, u.updated_at, u.disabled_at,
                 ${ENROLMENT_REQUIRED_SQL} as enrolment_required
            from sessions s
            join users u on u.id = s.user_id
           where s.token = ${token}`,
    );
    if (!row) return viaLibrary(c);
    if (row.disabled_at) return ANONYMOUS;
    const expiresAt = new Date(row.expires_at).getTime();
    const now = Date.now();
    const refreshDue = expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
    if (expiresAt <= now || refreshDue) return viaLibrary(c);
    const user: SessionUser & { image: string | null; createdAt: Date; updatedAt: Date } = {
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: row.email_verified,
      image: row.image,
      firstName: row.first_name,
      lastName: row.last_name,
      companyName: row.company_name,
      role: row.role,
      twoFactorEnabled: row.two_factor_enabled,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    };
    return { user, sessionId: row.session_id, enrolmentRequired: row.enrolment_required === true, setCookies: [] };
  };
}
