import type { Context, Next } from "hono";
import { z } from "zod";
import { findMembership, type Membership } from "~/features/accounting/index.ts";
import { can } from "~/lib/permissions.ts";
import { idParam } from "~/lib/schema-fields.ts";
import type { AppEnv, SessionUser } from "~/server/context.ts";
import type { Db } from "~/server/db/client.ts";
import { forbidden, notAuthenticated, notFound } from "~/server/http/app-error.ts";
import { parseParams } from "~/server/http/parse.ts";

/**
 * Who stands where in a client's requests: the firm (a staff member or admin who is a member of the client's books)
 * sends, accepts and returns; the client (its own members: owners and accountants) answers; viewers only read.
 */
export interface RequestParty extends Membership {
  side: "firm" | "client";
}

export type RequestsEnv = { Variables: AppEnv["Variables"] & { party: RequestParty } };

export const partyOf = (user: Pick<SessionUser, "role">, m: Membership): RequestParty => ({
  ...m,
  side: can(user, "books.keepClients") ? "firm" : "client",
});

/** The party of a signed-in user in an organization, or null when they are not one of its members. */
export async function findParty(db: Db, user: SessionUser, organizationId: number): Promise<RequestParty | null> {
  const m = await findMembership(db, user.id, organizationId);
  return m ? partyOf(user, m) : null;
}

const orgParams = z.object({ orgId: idParam() });

/** Routes under `/:orgId/…`: 401 signed out, 404 for anyone who is not a member; the answer is never cached. */
export function requestMember(db: Db) {
  return async (c: Context<RequestsEnv>, next: Next) => {
    const user = c.get("user");
    if (!user) throw notAuthenticated();
    const { orgId } = parseParams(c, orgParams);
    const party = await findParty(db, user, orgId);
    if (!party) throw notFound("Organization not found");
    c.set("party", party);
    await next();
    c.header("Cache-Control", "private, no-store");
  };
}

/** Sending, accepting, returning: the firm's staff on this client. */
export function assertFirm(p: RequestParty): void {
  if (p.side !== "firm") throw forbidden("Only the firm's staff on this client can do this");
}

/** Uploading, answering, snoozing: the client's owners and accountants (viewers read only). */
export function assertClientWriter(p: RequestParty): void {
  if (p.side !== "client") throw forbidden("Only the client answers a request");
  if (p.role === "viewer") throw forbidden("Viewers cannot answer requests");
}
