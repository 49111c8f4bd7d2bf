import { z } from "zod";
import { pageField, textField } from "~/lib/schema-fields.ts";
import { signUpFormSchema } from "~/features/auth/auth.schema.ts";

export { SITE_ROLES } from "~/lib/permissions.ts";
import { SITE_ROLES } from "~/lib/permissions.ts";
export type TeamRole = (typeof SITE_ROLES)[number];
export const ROLE_LABELS: Record<TeamRole, string> = { client: "Client", staff: "Staff", admin: "Admin" };

export const TEAM_PAGE_SIZE = 25;

const roleField = z.enum(SITE_ROLES, { error: "Role must be one of client, staff, admin" });

/** PATCH /api/firm/team/:userId/role and the role select of a member's row. */
export const roleChangeSchema = z.object({ role: roleField });
export type RoleChangeInput = z.infer<typeof roleChangeSchema>;

/** POST /api/firm/team/invitations and the Invite a staff member form. */
export const staffInviteSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email("Enter a valid email address")),
  firstName: textField("First name", { max: 100 }).optional(),
  lastName: textField("Last name", { max: 100 }).optional(),
});
export type StaffInviteInput = z.input<typeof staffInviteSchema>;

/** GET /api/firm/team: search by name or email, filter by role, page. */
export const teamQuerySchema = z.object({
  q: textField("Search", { max: 200 }).optional(),
  role: roleField.optional(),
  page: pageField(),
});
export type TeamQuery = z.infer<typeof teamQuerySchema>;

/** A user id in a URL (the auth library's ids: letters, digits, - and _). */
export const userIdParam = z.object({ userId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

/** POST /api/firm/team/invitations/:token/accept: the invited staff member's first password (sign-up's rules). */
export const staffWelcomeSchema = signUpFormSchema.pick({ password: true });

/** The welcome page's form: the password typed twice. */
export const staffWelcomeFormSchema = signUpFormSchema
  .pick({ password: true, confirmPassword: true })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type StaffWelcomeFormInput = z.infer<typeof staffWelcomeFormSchema>;

/** A staff invitation link's token: 43 URL-safe characters (32 random bytes). */
export const staffInvitationTokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
