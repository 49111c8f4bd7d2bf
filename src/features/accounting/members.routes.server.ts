import { Hono, type Context } from "hono";
import { z } from "zod";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { notFound } from "~/server/http/app-error.ts";
import { requireUser } from "~/server/http/guards.ts";
import { parseJson, parseParams } from "~/server/http/parse.ts";
import { idParam } from "~/lib/schema-fields.ts";
import type { BooksEnv } from "./accounting.routes.server.ts";
import {
  acceptInvitation,
  createInvitation,
  INVITATION_MESSAGES,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from "./invitations.server.ts";
import { invitationTokenSchema, inviteSchema, roleChangeSchema, transferSchema } from "./members.schema.ts";
import { changeRole, listMembers, removeMember, transferOwnership } from "./members.server.ts";
import { assertOwner } from "./organizations.server.ts";

const memberParams = z.object({ userId: z.string().min(1).max(100) });
const invitationParams = z.object({ id: idParam() });
const tokenParams = z.object({ token: invitationTokenSchema });

/**
 * The Members tab, under /orgs/:orgId (membership already checked): every member sees the members; only an owner
 * sees the invitations and changes anything. Each change is audited in its own transaction.
 */
export function membersRoutes(ctx: AppContext) {
  const r = new Hono<BooksEnv>();
  const { db } = ctx;
  const actor = (c: Context<BooksEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));
  const owner = async (c: Context<BooksEnv>, next: () => Promise<void>) => {
    assertOwner(c.get("membership"));
    await next();
  };

  r.get("/members", async (c) => c.json({ members: await listMembers(db, c.get("membership").organizationId) }));
  r.patch("/members/:userId", owner, async (c) => {
    const { userId } = parseParams(c, memberParams);
    const { role } = await parseJson(c, roleChangeSchema);
    await changeRole(db, c.get("membership"), actor(c), userId, role);
    return c.json({ members: await listMembers(db, c.get("membership").organizationId) });
  });
  r.delete("/members/:userId", owner, async (c) => {
    const { userId } = parseParams(c, memberParams);
    await removeMember(db, c.get("membership"), actor(c), userId);
    return c.json({ members: await listMembers(db, c.get("membership").organizationId) });
  });
  r.post("/transfer-ownership", owner, async (c) => {
    const { user_id } = await parseJson(c, transferSchema);
    await transferOwnership(db, c.get("membership"), actor(c), user_id);
    return c.json({ members: await listMembers(db, c.get("membership").organizationId) });
  });

  r.get("/invitations", owner, async (c) => c.json({ invitations: await listInvitations(db, c.get("membership").organizationId) }));
  r.post("/invitations", owner, async (c) => {
    const input = await parseJson(c, inviteSchema);
    const organizationId = c.get("membership").organizationId;
    const invitation = await db.transaction((tx) =>
      createInvitation(tx, organizationId, actor(c), input, { publicUrl: ctx.config.publicUrl }),
    );
    return c.json({ invitation }, 201);
  });
  r.delete("/invitations/:id", owner, async (c) => {
    const { id } = parseParams(c, invitationParams);
    await revokeInvitation(db, c.get("membership").organizationId, actor(c), id);
    return c.json({ invitations: await listInvitations(db, c.get("membership").organizationId) });
  });
  return r;
}

/** /api/accounting/invitations/:token: what the link is for (anyone holding it), and accepting it (signed in). */
export function invitationRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const { db } = ctx;
  r.get("/:token", async (c) => {
    const { token } = parseParams(c, tokenParams);
    const invitation = await previewInvitation(db, token);
    if (!invitation) throw notFound(INVITATION_MESSAGES.unknown);
    return c.json({ invitation });
  });
  r.post("/:token/accept", async (c) => {
    const user = requireUser(c);
    const { token } = parseParams(c, tokenParams);
    const organizationId = await acceptInvitation(db, user, auditActor(user, clientIp(c, ctx.config.trustedProxyHeader)), token);
    return c.json({ organization_id: organizationId });
  });
  return r;
}
