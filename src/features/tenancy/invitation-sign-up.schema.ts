import { z } from "zod";
import { signInSchema, signUpFormSchema } from "~/features/auth/auth.schema.ts";

/**
 * POST /api/accounting/invitations/:token/sign-up: a new person accepts with a name and a password (the address is
 * the invitation's). The same name and password rules as sign-up.
 */
export const invitationSignUpSchema = signUpFormSchema.pick({ firstName: true, lastName: true, password: true });
export type InvitationSignUpInput = z.infer<typeof invitationSignUpSchema>;

/** The invitation page's form: the same, with the password typed twice. */
export const invitationSignUpFormSchema = signUpFormSchema
  .pick({ firstName: true, lastName: true, password: true, confirmPassword: true })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type InvitationSignUpFormInput = z.infer<typeof invitationSignUpFormSchema>;

/** The invitation page for an address that has an account: its password, then the invitation is accepted. */
export const invitationSignInFormSchema = signInSchema.pick({ password: true });
export type InvitationSignInFormInput = z.infer<typeof invitationSignInFormSchema>;
