import { z } from "zod";
import { textIdField } from "~/lib/schema-fields.ts";
import { ORGANIZATION_ROLES, type InvitationState } from "./tenancy.types.ts";

/** The roles a member may hold in an organization. */
export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES, { error: "Choose a role: owner, accountant or viewer" });

/** The invite form on the Members tab (POST /api/accounting/orgs/:orgId/invitations). */
export const inviteSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email("Enter a valid email address"))
    .transform((v) => v.toLowerCase()),
  role: organizationRoleSchema,
});
export type InviteInput = z.infer<typeof inviteSchema>;

/** PATCH /api/accounting/orgs/:orgId/members/:userId */
export const roleChangeSchema = z.object({ role: organizationRoleSchema });

/** POST /api/accounting/orgs/:orgId/transfer-ownership */
export const transferSchema = z.object({
  user_id: textIdField("user_id", { error: "Choose the member who becomes owner" }),
});

/** An invitation link's token: 43 URL-safe characters (32 random bytes). */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** What an invitation link that can no longer be used says. */
export const INVITATION_MESSAGES: Record<Exclude<InvitationState, "pending"> | "unknown", string> = {
  unknown: "This invitation link is not valid. Ask the person who invited you for a new one.",
  accepted: "This invitation has already been used.",
  expired: "This invitation has expired. Ask the person who invited you for a new one.",
  revoked: "This invitation was withdrawn. Ask the person who invited you for a new one.",
};

/** POST /api/firm/clients/:orgId/accountants: an admin adds a staff member (themselves or another) as accountant. */
export const addAccountantSchema = z.object({
  user_id: textIdField("user_id", { error: "Choose a staff member" }),
});
