import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "~/server/context.ts";
import { SITE_ROLES, type SiteRole as Role } from "~/lib/permissions.ts";
import { textProblem, textProblemMessage } from "~/lib/schema-fields.ts";
import { passwordProblem } from "./password-policy.ts";

export const ROLES: readonly Role[] = SITE_ROLES;

export interface UserCreateInput {
  email: string;
  role: Role;
  /** Needed only when the account does not exist yet. */
  password?: string;
  firstName?: string;
  lastName?: string;
}

export type UserCreateResult = { outcome: "created" | "updated"; id: string; email: string; role: Role };

/** A name as given (trimmed), or null; refused when it cannot be stored or is over 100 characters. */
function nameOf(label: string, value: string | undefined): string | null {
  const name = value?.trim() || null;
  if (!name) return null;
  const problem = textProblem(name);
  if (problem) throw new Error(textProblemMessage(label, problem));
  if (name.length > 100) throw new Error(`${label} must be at most 100 characters`);
  return name;
}

/**
 * Operator tool behind `npm run user:create`: creates a verified account with the given role and password,
 * or gives an existing account the role. Hashing is the auth library's own.
 */
export async function createOrUpdateUser(ctx: Pick<AppContext, "auth" | "db">, input: UserCreateInput): Promise<UserCreateResult> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`not an email address: ${input.email}`);
  if (!ROLES.includes(input.role)) throw new Error(`role must be one of ${ROLES.join(", ")}`);
  const auth = await ctx.auth.$context;
  const existing = await auth.internalAdapter.findUserByEmail(email);
  const firstName = nameOf("First name", input.firstName);
  const lastName = nameOf("Last name", input.lastName);
  const personName = [firstName, lastName].filter(Boolean).join(" ");
  if (existing) {
    // A name given on the command line replaces the account's; none given leaves it as it is.
    const names = personName ? sql`first_name = ${firstName}, last_name = ${lastName}, name = ${personName},` : sql``;
    await ctx.db.execute(
      sql`update users set role = ${input.role}, ${names} updated_at = ${new Date().toISOString()}::timestamptz where id = ${existing.user.id}`,
    );
    return { outcome: "updated", id: existing.user.id, email, role: input.role };
  }
  if (!input.password) throw new Error("--password is needed to create a new account");
  const problem = passwordProblem(input.password);
  if (problem) throw new Error(problem);
  const user = await auth.internalAdapter.createUser(
    {
      email,
      name: personName || email,
      emailVerified: true,
      firstName,
      lastName,
    },
    { method: "admin" },
  );
  await auth.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await auth.password.hash(input.password),
  });
  await ctx.db.execute(sql`update users set role = ${input.role} where id = ${user.id}`);
  return { outcome: "created", id: user.id, email, role: input.role };
}

const operationInput = z.object({
  email: z.string().max(254),
  role: z.enum(ROLES as [Role, ...Role[]]),
  password: z.string().max(1024).optional(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
});

/** `user:create` of the local admin socket: the running server does what the command would do on its own. */
export async function userCreateOperation(ctx: Pick<AppContext, "auth" | "db">, input: unknown): Promise<string> {
  const parsed = operationInput.safeParse(input);
  if (!parsed.success)
    throw new Error(`bad user:create request: ${parsed.error.issues.map((i) => i.path.join(".") || "input").join(", ")}`);
  const result = await createOrUpdateUser(ctx, parsed.data);
  return userCreateMessage(result);
}

/** What `npm run user:create` prints. */
export function userCreateMessage(result: UserCreateResult): string {
  return `${result.outcome} ${result.email} with role ${result.role}`;
}
