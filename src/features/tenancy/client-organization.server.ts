import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import type { Db } from "~/server/db/client.ts";
import type { Invitation } from "./tenancy.types.ts";
import { createInvitation } from "./invitations.server.ts";
import { inviteSchema } from "./members.schema.ts";
import { insertMembership, insertOrganization, type NewBooks } from "./organizations.server.ts";

export interface ClientOrganizationInput {
  companyName: string;
  /** Invited as the organization's owner (a mail with a one-time link, valid 7 days). */
  ownerEmail: string;
  /** The firm's staff member who keeps the books: added at once as accountant. */
  accountantUserId: string;
  /** The books' currency and first chart (USD and the standard chart unless chosen). */
  books?: NewBooks;
  actor: AuditActor;
  /** The site's address, for the invitation link (config.publicUrl). */
  publicUrl: string;
  now?: Date;
}

/**
 * A client's organization, made by the firm (Convert to client): in the currency chosen, the standard chart (or none), the staff member as
 * accountant, and an invitation of the client's address as owner. Run inside the caller's transaction (which
 * also marks the lead won), so that all of it happens or none. Audited.
 */
export async function createClientOrganization(
  tx: Db,
  input: ClientOrganizationInput,
): Promise<{ organizationId: number; invitation: Invitation }> {
  const name = input.companyName.trim().slice(0, 200);
  const { email } = inviteSchema.parse({ email: input.ownerEmail, role: "owner" });
  const organizationId = await insertOrganization(tx, name, input.accountantUserId, input.books);
  await tx.execute(insertMembership(organizationId, input.accountantUserId, "accountant"));
  await recordAudit(tx, input.actor, {
    action: "organization.created",
    targetType: "organization",
    targetId: organizationId,
    after: {
      name,
      accountant: input.accountantUserId,
      owner_invited: email,
      currency: input.books?.currency ?? "USD",
      chart: input.books?.chart ?? "standard",
    },
  });
  const invitation = await createInvitation(
    tx,
    organizationId,
    input.actor,
    { email, role: "owner" },
    { publicUrl: input.publicUrl, now: input.now, sentAs: "firm" },
  );
  return { organizationId, invitation };
}
