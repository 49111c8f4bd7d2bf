// Run by the e2e global setup before the server starts: the accounts with a firm role, as `npm run user:create`
// makes them, in one process.
import pino from "pino";
import { loadConfig } from "~/server/config.ts";
import { createContext } from "~/server/server.ts";
import { composition } from "~/app/server/composition.server.ts";
import { createOrUpdateUser } from "~/features/auth/user-admin.server.ts";
import { FIRM_USERS, FIRM_USER_PASSWORD } from "./firm-users.ts";
import { ROLE_PASSWORD, ROLE_USERS } from "./role-users.ts";

const ctx = await createContext(loadConfig(), composition, pino({ level: "warn" }));
try {
  for (const [role, u] of Object.entries(ROLE_USERS)) {
    await createOrUpdateUser(ctx, { ...u, role: role as keyof typeof ROLE_USERS, password: ROLE_PASSWORD });
  }
  for (const { email, role } of FIRM_USERS) await createOrUpdateUser(ctx, { email, role, password: FIRM_USER_PASSWORD });
} finally {
  await ctx.mail.stop();
  await ctx.database.close();
}
