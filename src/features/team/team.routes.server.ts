import { Hono, type Context } from "hono";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { conflict, notFound } from "~/server/http/app-error.ts";
import { requireHiddenPermission } from "~/server/http/guards.ts";
import { checkPassword, setFirstPassword, signInOnAnswer, throttleInvitationSignUp } from "~/features/auth/index.server.ts";
import { parseJson, parseParams, parseQuery } from "~/server/http/parse.ts";
import { requireRecentSignIn } from "~/features/auth/index.server.ts";
import {
  STAFF_INVITATION_MESSAGES,
  acceptStaffInvitation,
  previewStaffInvitation,
  resendStaffInvitation,
} from "./staff-invitations.server.ts";
import {
  roleChangeSchema,
  staffInvitationTokenParam,
  staffInviteSchema,
  staffWelcomeSchema,
  teamQuerySchema,
  userIdParam,
} from "./team.schema.ts";
import { changeRole, disableUser, enableUser, inviteStaff, listTeam } from "./team.server.ts";
import type { StaffInvitationAccepted, StaffInvitationResent } from "./team.types.ts";

/** /api/firm/team: the firm's Team screen, admins only (anyone else 404). */
export function teamRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const adminActor = (c: Context<AppEnv>) =>
    auditActor(requireHiddenPermission(c, "firm.team.manage"), clientIp(c, ctx.config.trustedProxyHeader));
  /** Role changes and disabling are sensitive: the admin's last sign-in must be recent (else 401 REAUTH_REQUIRED). */
  const recentAdminActor = async (c: Context<AppEnv>) => {
    const actor = adminActor(c);
    await requireRecentSignIn(c, ctx.db);
    return actor;
  };

  r.get("/", async (c) => {
    requireHiddenPermission(c, "firm.team.manage");
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

  r.post("/:userId/invitation", async (c) => {
    const actor = adminActor(c);
    const { userId } = parseParams(c, userIdParam);
    await resendStaffInvitation(ctx.db, actor, userId, ctx.config.publicUrl);
    ctx.mail.kick();
    return c.json({ sent: true } satisfies StaffInvitationResent);
  });

  // The invited staff member's link (anyone holding it): what it is for, and choosing the password, which signs in.
  r.get("/invitations/:token", async (c) => {
    const { token } = parseParams(c, staffInvitationTokenParam);
    const invitation = await previewStaffInvitation(ctx.db, token);
    if (!invitation) throw notFound(STAFF_INVITATION_MESSAGES.unknown);
    return c.json({ invitation });
  });
  r.post("/invitations/:token/accept", async (c) => {
    const { token } = parseParams(c, staffInvitationTokenParam);
    const { password } = await parseJson(c, staffWelcomeSchema);
    const invitation = await previewStaffInvitation(ctx.db, token);
    if (!invitation) throw notFound(STAFF_INVITATION_MESSAGES.unknown);
    await throttleInvitationSignUp(c, ctx, invitation.email);
    if (invitation.state !== "pending") throw conflict(STAFF_INVITATION_MESSAGES[invitation.state]);
    checkPassword(password);
    const user = await acceptStaffInvitation(ctx.db, token);
    await setFirstPassword(ctx, user.id, password);
    await signInOnAnswer(c, ctx, user.email, password);
    return c.json({ signed_in: true } satisfies StaffInvitationAccepted);
  });

  return r;
}
