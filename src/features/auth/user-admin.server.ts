import { eq } from "drizzle-orm";
import type { AppContext } from "~/server/context.ts";
import { users } from "./auth.tables.ts";
import type { SiteRole as Role } from "~/server/http/guards.ts";
import { passwordProblem } from "./password-policy.ts";

export const ROLES: readonly Role[] = ["client", "staff", "admin"];

export interface UserCreateInput {
  email: string;
  role: Role;
  /** Needed only when the account does not exist yet. */
  password?: string;
  firstName?: string;
  lastName?: string;
}

export type UserCreateResult = { outcome: "created" | "updated"; id: string; email: string; role: Role };

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
  if (existing) {
    await ctx.db.update(users).set({ role: input.role, updatedAt: new Date() }).where(eq(users.id, existing.user.id));
    return { outcome: "updated", id: existing.user.id, email, role: input.role };
  }
  if (!input.password) throw new Error("--password is needed to create a new account");
  const problem = passwordProblem(input.password);
  if (problem) throw new Error(problem);
  const firstName = input.firstName?.trim() || null;
  const lastName = input.lastName?.trim() || null;
  const user = await auth.internalAdapter.createUser(
    {
      email,
      name: [firstName, lastName].filter(Boolean).join(" ") || email,
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
  await ctx.db.update(users).set({ role: input.role }).where(eq(users.id, user.id));
  return { outcome: "created", id: user.id, email, role: input.role };
}
