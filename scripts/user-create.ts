// npm run user:create -- --email ops@example.com --role admin [--password '...'] [--first-name A --last-name B]
// Creates a verified account with that role, or gives an existing account the role.
import { parseArgs } from "node:util";
import pino from "pino";
import { ConfigError, loadConfig } from "~/server/config.ts";
import { createContext } from "~/server/server.ts";
import { composition } from "~/app/server/composition.server.ts";
import { createOrUpdateUser, ROLES } from "~/features/auth/user-admin.server.ts";
import type { SiteRole as Role } from "~/server/http/guards.ts";

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      role: { type: "string", default: "client" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
  });
  if (!values.email || !ROLES.includes(values.role as Role)) {
    console.error(
      `usage: npm run user:create -- --email <address> --role <${ROLES.join("|")}> [--password <password>] [--first-name <name>] [--last-name <name>]`,
    );
    process.exit(2);
  }
  const config = loadConfig();
  const ctx = await createContext(config, composition, pino({ level: "warn" }));
  try {
    const result = await createOrUpdateUser(ctx, {
      email: values.email,
      role: values.role as Role,
      password: values.password ?? process.env.USER_PASSWORD,
      firstName: values["first-name"],
      lastName: values["last-name"],
    });
    console.log(`${result.outcome} ${result.email} with role ${result.role}`);
  } finally {
    await ctx.mail.stop();
    await ctx.database.close();
  }
}

main().catch((err: Error) => {
  console.error(err instanceof ConfigError ? err.message : `user:create failed: ${err.message}`);
  process.exit(1);
});
