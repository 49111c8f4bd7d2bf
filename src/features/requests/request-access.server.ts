import { assertBooks, findMembership } from "~/features/tenancy/index.server.ts";
import { type Membership } from "~/features/tenancy/tenancy.types.ts";
import type { SessionUser } from "~/server/context.ts";
import type { Db } from "~/server/db/client.ts";
import { notFound } from "~/server/http/app-error.ts";
import { organizationScope, type OrganizationScopeEnv } from "~/server/http/organization-scope.ts";

/**
 * Who stands where in a client's requests: the membership of the books, whose side (the firm's staff on the client, or
 * the client's people) and role decide by the books' permissions (decision 103): "books.requests.send" sends, accepts,
 * returns and attaches (the firm's side); "books.requests.answer" uploads, answers and snoozes (the client's side). A
 * viewer only reads, on either side: a staff member an owner made a viewer of the books no longer acts for the firm.
 */
export type RequestParty = Membership;

export type RequestsEnv = OrganizationScopeEnv<"party", RequestParty>;

/** The party of a signed-in user in an organization, or null when they are not one of its members. */
export async function findParty(db: Db, user: SessionUser, organizationId: number): Promise<RequestParty | null> {
  return findMembership(db, user.id, organizationId);
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Routes under `/:orgId/…`: 401 signed out, 404 for anyone who is not a member; every write (any method but a read)
 * needs "books.write", whatever the side (403 for a viewer, before the body is read); the answer is never cached.
 * Each write route then asks for its side's permission (`assertBooks(party, "books.requests.send")`).
 */
export function requestMember(db: Db) {
  return organizationScope("party", async (c, user, orgId) => {
    const party = await findParty(db, user, orgId);
    if (!party) throw notFound("Organization not found");
    if (!READS.has(c.req.method)) assertBooks(party, "books.write");
    return party;
  });
}
