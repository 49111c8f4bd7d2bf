import { data } from "react-router";
import { idParam } from "~/lib/schema-fields.ts";
import type { RequestContext, SessionUser } from "~/server/context.ts";
import { requirePageUser } from "~/server/http/page-guards.ts";
import { canBooks, type BooksPermission } from "./books-permissions.ts";
import { findMembership } from "./organizations.server.ts";
import { type Membership } from "./tenancy.types.ts";

/** An id of the URL (a path segment), read as the API reads it (`idParam`); null when it is not one. */
export const pageId = (param: string | undefined): number | null => {
  const id = idParam().safeParse(param);
  return id.success ? id.data : null;
};

/**
 * The one guard of the pages under /accounting/:orgId (decision 103): the signed-in user and their membership of the
 * organization in the URL; anyone who is not a member gets the 404 page (the id tells them nothing), a member who
 * does not hold `permission` (books-permissions.ts) the 403 page. Every section's loader asks on its own, as the
 * layout's and the section's loaders run side by side. A section that shows state to every member asks for
 * "books.read" and draws its forms from the layout's `can`.
 */
export async function requireBooksPage(
  context: RequestContext,
  request: Request,
  orgIdParam: string | undefined,
  permission: BooksPermission = "books.read",
): Promise<{ user: SessionUser; membership: Membership }> {
  const user = requirePageUser(context, request);
  const orgId = pageId(orgIdParam);
  const membership = orgId === null ? null : await findMembership(context.app.db, user.id, orgId);
  if (!membership) throw data("Not found", { status: 404 });
  if (!canBooks(membership, permission)) throw data("Forbidden", { status: 403 });
  return { user, membership };
}
