import { Hono, type Context } from "hono";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { requireHiddenSiteRole } from "~/server/http/guards.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { requireRecentSignIn } from "~/server/http/recent-sign-in.server.ts";
import { roleChangeSchema, staffInviteSchema, teamQuerySchema, userIdParam } from "./team.schema.ts";
import { changeRole, disableUser, enableUser, inviteStaff, listTeam } from "./team.server.ts";

/** /api/firm/team: the firm's Team screen, admins only (anyone else 404). */
export function teamRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const adminActor = (c: Context<AppEnv>) => auditActor(requireHiddenSiteRole(c, "admin"), clientIp(c, ctx.config.trustedProxyHeader));
  /** Role changes and disabling are sensitive: the admin's last sign-in must be recent (else 401 REAUTH_REQUIRED). */
  const recentAdminActor = async (c: Context<AppEnv>) => {
    const actor = adminActor(c);
    await requireRecentSignIn(c, ctx.db);
    return actor;
  };

  r.get("/", async (c) => {
    requireHiddenSiteRole(c, "admin");
    return c.json(await listTeam(ctx.db, parseQuery(c, teamQuerySchema)));
  });

  r.patch("/:userId/role", async (c) => {
    const actor = await recentAdminActor(c);
    const { userId } = parseParams(c, userIdParam);
    const { role } = await parseJson(c, roleChangeSchema);
    return c.json(await changeRole(ctx.db, actor, userId, role));
  });

  r.post("/:userId/disable", async (c) => {
    const actor = await recentAdminActor(c);
    const { userId } = parseParams(c, userIdParam);
    return c.json(await disableUser(ctx.db, actor, userId));
  });

  r.post("/:userId/enable", async (c) => {
    const actor = await recentAdminActor(c);
    const { userId } = parseParams(c, userIdParam);
    return c.json(await enableUser(ctx.db, actor, userId));
  });

  r.post("/invitations", async (c) => {
    const actor = adminActor(c);
    const input = await parseJson(c, staffInviteSchema);
    const member = await inviteStaff(ctx.db, actor, input, ctx.config.publicUrl);
    ctx.mail.kick();
    return c.json(member, 201);
  });

  return r;
}
