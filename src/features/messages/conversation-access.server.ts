import { sql } from "drizzle-orm";
import { canBooks, findMembership } from "~/features/tenancy/index.server.ts";
import { can } from "~/lib/permissions.ts";
import type { SessionUser } from "~/server/context.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { forbidden, notFound } from "~/server/http/app-error.ts";
import { organizationScope, type OrganizationScopeEnv } from "~/server/http/organization-scope.ts";

/**
 * Who may read and write one organization's conversation (decision 100): its members (the client's people and the
 * firm's people who work on it, that is who are members of its books); those who hold "books.messages.send" write (a
 * viewer reads and does not write; decision 103). An admin who is not a member reads every conversation (the firm's
 * oversight) and writes in none. Anyone else: 404.
 */
export interface ConversationAccess {
  userId: string;
  userName: string;
  organizationId: number;
  organizationName: string;
  /** Role in the books, or null for an admin reading without being a member. */
  role: "owner" | "accountant" | "viewer" | null;
  canSend: boolean;
  /** Whether the reader is one of the firm's people (their links go to the firm's workspace). */
  firm: boolean;
}

/** The display name written with a message: first and last name, else the account's name, else its address. */
export function displayName(user: Pick<SessionUser, "name" | "email"> & { firstName?: string | null; lastName?: string | null }): string {
  const full = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ");
  return full || user.name?.trim() || user.email;
}

export async function conversationAccess(db: Db, user: SessionUser, organizationId: number): Promise<ConversationAccess | null> {
  const base = { userId: user.id, userName: displayName(user), organizationId, firm: can(user, "books.keepClients") };
  const m = await findMembership(db, user.id, organizationId);
  if (m) return { ...base, organizationName: m.organizationName, role: m.role, canSend: canBooks(m, "books.messages.send") };
  if (!can(user, "firm.messages.all")) return null;
  const [org] = await queryRows<{ name: string }>(db, sql`select name from organizations where id = ${organizationId}`);
  return org ? { ...base, organizationName: org.name, role: null, canSend: false } : null;
}

export function assertCanSend(a: ConversationAccess): void {
  if (a.canSend) return;
  throw forbidden(a.role ? "A viewer reads the messages and does not write" : "Only the people who work on this client write to it");
}

export type ConversationEnv = OrganizationScopeEnv<"access", ConversationAccess>;

/** Middleware for /:orgId/…: 401 signed out, 404 for anyone who may not read the conversation; never cached. */
export function conversationReader(db: Db) {
  return organizationScope("access", async (_c, user, orgId) => {
    const access = await conversationAccess(db, user, orgId);
    if (!access) throw notFound("Conversation not found");
    return access;
  });
}
