import { Hono, type Context } from "hono";
import { z } from "zod";
import { auditActor } from "~/server/audit.server.ts";
import { clientIp } from "~/server/client-ip.ts";
import type { AppContext, AppEnv } from "~/server/context.ts";
import { conflict, notFound } from "~/server/http/app-error.ts";
import { requireUser } from "~/server/http/guards.ts";
import { parseJson, parseParams } from "~/server/http/parse.ts";
import { idParam, textIdParam } from "~/lib/schema-fields.ts";
import { createVerifiedAccount, signInOnAnswer, throttleInvitationSignUp } from "~/features/auth/index.server.ts";
import type { BooksMemberEnv } from "./books-member.server.ts";
import { invitationSignUpSchema } from "./invitation-sign-up.schema.ts";
import { noticeFirmMemberRemoved } from "./firm-access.server.ts";
import {
  acceptInvitation,
  createInvitation,
  INVITATION_MESSAGES,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from "./invitations.server.ts";
import { invitationTokenSchema, inviteSchema, roleChangeSchema, transferSchema } from "./members.schema.ts";
import { changeRole, listMembers, removeMember, transferOwnership } from "./members.server.ts";
import { ensureOrganizations, findMembership } from "./organizations.server.ts";
import { requireBooks } from "./books-guard.server.ts";
import type { InvitationJoined, InvitationSent, InvitationsAnswer, MembersAnswer } from "./tenancy.types.ts";

const memberParams = z.object({ userId: textIdParam() });
const invitationParams = z.object({ id: idParam() });
const tokenParams = z.object({ token: invitationTokenSchema });

/**
 * The Members tab, under /orgs/:orgId (membership already checked): every member sees the members; those who hold
 * "books.members.manage" (an owner, also when the firm keeps the books) see the invitations and change anything. Each
 * change is audited in its own transaction.
 */
export function membersRoutes(ctx: AppContext) {
  const r = new Hono<BooksMemberEnv>();
  const { db } = ctx;
  const actor = (c: Context<BooksMemberEnv>) => auditActor(c.get("user"), clientIp(c, ctx.config.trustedProxyHeader));

  r.get("/members", async (c) => c.json({ members: await listMembers(db, c.get("membership").organizationId) } satisfies MembersAnswer));
  r.patch("/members/:userId", requireBooks("books.members.manage"), async (c) => {
    const { userId } = parseParams(c, memberParams);
    const { role } = await parseJson(c, roleChangeSchema);
    await changeRole(db, c.get("membership"), actor(c), userId, role);
    return c.json({ members: await listMembers(db, c.get("membership").organizationId) } satisfies MembersAnswer);
  });
  r.delete("/members/:userId", requireBooks("books.members.manage"), async (c) => {
    const { userId } = parseParams(c, memberParams);
    const m = c.get("membership");
    const removed = await findMembership(db, userId, m.organizationId);
    await removeMember(db, m, actor(c), userId);
    if (removed) {
      const notice = { organizationId: m.organizationId, userId, role: removed.role, actor: actor(c), publicUrl: ctx.config.publicUrl };
      if ((await noticeFirmMemberRemoved(db, notice)) > 0) ctx.mail.kick();
    }
    return c.json({ members: await listMembers(db, c.get("membership").organizationId) } satisfies MembersAnswer);
  });
  r.post("/transfer-ownership", requireBooks("books.members.manage"), async (c) => {
    const { user_id } = await parseJson(c, transferSchema);
    await transferOwnership(db, c.get("membership"), actor(c), user_id);
    return c.json({ members: await listMembers(db, c.get("membership").organizationId) } satisfies MembersAnswer);
  });

  r.get("/invitations", requireBooks("books.members.manage"), async (c) =>
    c.json({ invitations: await listInvitations(db, c.get("membership").organizationId) } satisfies InvitationsAnswer),
  );
  r.post("/invitations", requireBooks("books.members.manage"), async (c) => {
    const input = await parseJson(c, inviteSchema);
    const organizationId = c.get("membership").organizationId;
    const invitation = await db.transaction((tx) =>
      createInvitation(tx, organizationId, actor(c), input, { publicUrl: ctx.config.publicUrl }),
    );
    return c.json({ invitation } satisfies InvitationSent, 201);
  });
  r.post("/invitations/:id/resend", requireBooks("books.members.manage"), async (c) => {
    const { id } = parseParams(c, invitationParams);
    await resendInvitation(db, c.get("membership").organizationId, actor(c), id, { publicUrl: ctx.config.publicUrl });
    ctx.mail.kick();
    return c.json({ invitations: await listInvitations(db, c.get("membership").organizationId) } satisfies InvitationsAnswer);
  });
  r.delete("/invitations/:id", requireBooks("books.members.manage"), async (c) => {
    const { id } = parseParams(c, invitationParams);
    await revokeInvitation(db, c.get("membership").organizationId, actor(c), id);
    return c.json({ invitations: await listInvitations(db, c.get("membership").organizationId) } satisfies InvitationsAnswer);
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
    return c.json({ organization_id: organizationId } satisfies InvitationJoined);
  });
  /**
   * A new person accepts: the link proves the address, so their account is made verified (no verification mail),
   * they join the books and are signed in, in one step. Throttled like sign-up.
   */
  r.post("/:token/sign-up", async (c) => {
    const { token } = parseParams(c, tokenParams);
    const input = await parseJson(c, invitationSignUpSchema);
    const invitation = await previewInvitation(db, token);
    if (!invitation) throw notFound(INVITATION_MESSAGES.unknown);
    await throttleInvitationSignUp(c, ctx, invitation.email);
    if (invitation.state !== "pending") throw conflict(INVITATION_MESSAGES[invitation.state]);
    const user = { id: await createVerifiedAccount(ctx, { ...input, email: invitation.email }), email: invitation.email };
    const organizationId = await acceptInvitation(db, user, auditActor(user, clientIp(c, ctx.config.trustedProxyHeader)), token);
    await signInOnAnswer(c, ctx, user.email, input.password);
    return c.json({ organization_id: organizationId } satisfies InvitationJoined, 201);
  });
  return r;
}

/**
 * The caller's organizations and invitations under /api/accounting: `GET /orgs` lists them (creating a client's first
 * on first use); `/invitations/:token` previews and accepts an invitation.
 */
export function organizationsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get("/orgs", async (c) => c.json({ organizations: await ensureOrganizations(ctx.db, requireUser(c)) }));
  r.route("/invitations", invitationRoutes(ctx));
  return r;
}
