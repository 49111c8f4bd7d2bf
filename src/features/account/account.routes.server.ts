import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { fieldErrors, profileSchema, revokeSessionSchema } from "./account.schema.ts";
import { accountProfile, listAccountSessions, sessionTokenOf } from "./account.server.ts";

/** A JSON body, or a 400 answer. */
async function jsonBody(c: Context<AppEnv>): Promise<{ ok: true; body: unknown } | { ok: false; res: Response }> {
  const body: unknown = await c.req.json().catch(() => undefined);
  return body === undefined ? { ok: false, res: c.json({ error: "Request body must be JSON", fields: {} }, 400) } : { ok: true, body };
}

/** /api/account: the signed-in user's profile and sessions. Changes go through the auth library's API. */
export function accountRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.use("*", async (c, next) => {
    if (!c.get("user")) return c.json({ error: "Not authenticated" }, 401);
    await next();
  });

  r.get("/", async (c) => {
    const user = c.get("user")!;
    const [profile, list] = await Promise.all([accountProfile(ctx.db, user.id), listAccountSessions(ctx.db, user.id, c.get("sessionId"))]);
    return c.json({ profile, sessions: list });
  });

  r.post("/profile", async (c) => {
    const read = await jsonBody(c);
    if (!read.ok) return read.res;
    const parsed = profileSchema.safeParse(read.body);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return c.json({ error: Object.values(fields)[0] ?? "Invalid input", fields }, 400);
    }
    const { firstName, lastName, companyName } = parsed.data;
    await ctx.auth.api.updateUser({
      headers: c.req.raw.headers,
      body: { name: `${firstName} ${lastName}`, firstName, lastName, companyName: companyName || null },
    });
    return c.json({ profile: await accountProfile(ctx.db, c.get("user")!.id) });
  });

  r.get("/sessions", async (c) => c.json({ sessions: await listAccountSessions(ctx.db, c.get("user")!.id, c.get("sessionId")) }));

  r.post("/sessions/revoke", async (c) => {
    const read = await jsonBody(c);
    if (!read.ok) return read.res;
    const parsed = revokeSessionSchema.safeParse(read.body);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return c.json({ error: Object.values(fields)[0] ?? "Invalid input", fields }, 400);
    }
    const token = await sessionTokenOf(ctx.db, c.get("user")!.id, parsed.data.sessionId);
    if (!token) return c.json({ error: "This session has already ended", fields: { sessionId: "This session has already ended" } }, 404);
    await ctx.auth.api.revokeSession({ headers: c.req.raw.headers, body: { token } });
    return c.json({ ok: true, current: parsed.data.sessionId === c.get("sessionId") });
  });

  r.post("/sessions/revoke-others", async (c) => {
    await ctx.auth.api.revokeOtherSessions({ headers: c.req.raw.headers });
    return c.json({ sessions: await listAccountSessions(ctx.db, c.get("user")!.id, c.get("sessionId")) });
  });

  return r;
}
